// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// CHECK: 'p' is subscripted below its element 0
// RUN: %lsc-build %t %t.lsc.c %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: for np in 1 2 3; do %mpirun -np $np %t > %t.np$np 2> %t.err$np && diff %t.expected %t.np$np || exit 1; done
// RUN: FileCheck %s < %t.err3
/* Found by the lsc fuzzer (test/fuzz, class negindex; first as seed 1 loops 0, 28 and 30), reduced by hand.

   WRONG: a pointer derived from an array (p = a + 10) and subscripted below 0 (p[i - 10], which is a[i]):
   the elements before p are lost or written outside the workers' buffers.
     sequential, np 1, np 2:  0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19
     np 3:                    -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 10 11 12 13 14 15 16 17 18 19
                              and "double free or corruption (out)" on a worker
   Issue 12 item 1 (treat a derived pointer as the array it points into) covers it.

   cc -std=c11 -Wno-unknown-pragmas derived-negative-index.c -o seq && ./seq
   build/bin/lsc-rewrite derived-negative-index.c -o d.lsc.c
   mpicc -std=c11 -Iinclude d.lsc.c -o d build/lib/liblsc.a -fopenmp -lm -ldl && mpirun -np 3 ./d

   Fixed: a subscript below element 0 makes the run-time check run the instance on rank 0 alone, with a
   note (runtime/exec/alias_check.c).
*/
#include <stdio.h>

int main(void) {
  int a[20];
  for (int t = 0; t < 20; t++)
    a[t] = -1;
  int *p = a + 10;
#pragma lsc parallel for
  for (int i = 0; i < 20; i++)
    p[i - 10] = i;
  for (int t = 0; t < 20; t++)
    printf("%d ", a[t]);
  printf("\n");
  return 0;
}
