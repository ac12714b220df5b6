// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s --input-file %t.lsc.c --implicit-check-not '{{[{]}}"tab", LSC_VAR'
// CHECK: {"a", LSC_VAR_ARRAY
// RUN: %lsc-build %t %t.lsc.c %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: for np in 1 2 3; do %mpirun -np $np %t > %t.np$np && diff %t.expected %t.np$np || exit 1; done
/* Found by the lsc fuzzer (test/fuzz, class constglobals; first as seed 2 loop 114), reduced by hand.

   WRONG (crash): a `static const` global table read by the loop, directly or (as the fuzzer first found)
   through a same-file callee `static int f(int x) { return tab[x & 15]; }`, is described as
   LSC_VAR_GLOBAL | LSC_VAR_READ | LSC_VAR_WHOLE and sent to the workers, which write it into their own
   copy of the table: read-only memory. Every worker dies of SIGSEGV ("Invalid permissions").
     sequential, np 1:  49602
     np 2, np 3:        Segmentation fault (11), Signal code: Invalid permissions (2)
   docs/pragma.md: "Globals that are const are identical in every process and are not moved."

   cc -std=c11 -Wno-unknown-pragmas const-table.c -o seq && ./seq
   build/bin/lsc-rewrite const-table.c -o c.lsc.c
   mpicc -std=c11 -Iinclude c.lsc.c -o c build/lib/liblsc.a -fopenmp -lm -ldl && mpirun -np 2 ./c

   Fixed: the const qualifier is looked for at every array level (libclang reports `const int[16]` with an
   unqualified element type); const globals stay where they are, as docs/pragma.md says.
*/
#include <stdio.h>

static const int tab[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
static int f(int x) { return tab[x & 15]; }

int main(void) {
  int a[100], b[100];
#pragma lsc parallel for
  for (int i = 0; i < 100; i++) {
    a[i] = f(i);        /* through a callee */
    b[i] = tab[i & 15]; /* directly */
  }
  long s = 0;
  for (int i = 0; i < 100; i++)
    s += (long)(a[i] + b[i]) * (i + 1);
  printf("%ld\n", s);
  return 0;
}
