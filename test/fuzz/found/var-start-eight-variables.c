// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: for np in 1 2 3; do %mpirun -np $np %t > %t.np$np && diff %t.expected %t.np$np || exit 1; done
/* Found by the lsc fuzzer (test/fuzz, class varstart; first as seed 3 loop 65), reduced by hand.

   WRONG: when the loop starts from a variable (`int i = lo`, so the site gets an `lsc_init` entry) and
   the loop's variable table then holds exactly 8 entries (here lsc_init, six scalars and the array; 32
   entries fail the same way, 7, 9 or 16 do not), the array's descriptor loses its accesses:
       {"a", LSC_VAR_ARRAY, 0, ..., 9, {0, 0, 0, 0}, {0, 0, 0, 0}}
   so nothing is sent back from the workers.
     sequential, np 1:  0 0 0 21 21 21 21 21 21
     np 2:              0 0 0 21 21 21 0 0 21      (the chunks computed by workers are lost)
     np 3:              0 0 0 0 0 0 0 0 0
   With `int i = 3` (a constant start), or with one scalar fewer or more, the output is right.

   cc -std=c11 -Wno-unknown-pragmas var-start-eight-variables.c -o seq && ./seq
   build/bin/lsc-rewrite var-start-eight-variables.c -o v.lsc.c
   mpicc -std=c11 -Iinclude v.lsc.c -o v build/lib/liblsc.a -fopenmp -lm -ldl && mpirun -np 3 ./v

   Fixed with the induction-variable rework (the start is converted once, in lsc_init).
*/
#include <stdio.h>

int main(void) {
  double a[9] = {0};
  long lo = 3;
  int c1 = 1, c2 = 2, c3 = 3, c4 = 4, c5 = 5, c6 = 6;
#pragma lsc parallel for
  for (int i = lo; i < 9; ++i)
    a[i] = c1 + c2 + c3 + c4 + c5 + c6 + a[i];
  for (int t = 0; t < 9; t++)
    printf("%g ", a[t]);
  printf("\n");
  return 0;
}
