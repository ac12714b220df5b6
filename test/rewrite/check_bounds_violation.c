// A program that breaks C's in-bounds rule: j runs to nj = NJ + 5, so C[i][j] reaches into row i + 1. lsc
// proved the loop parallel by that rule (rows of different i are disjoint); LSC_CHECK_BOUNDS=1 makes the
// outlined body check the subscripts the proof rests on and stop at the first one outside its dimension,
// naming it. With one rank the iterations run in order, so the first is C[0][70]; with three, some rank
// meets one of the columns 70..74 first.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: env LSC_CHECK_BOUNDS=1 %mpirun -np 1 %t > %t.out1 2> %t.err1; echo "exit=$?" >> %t.err1
// RUN: FileCheck %s --check-prefix=ONE < %t.err1
// RUN: env LSC_CHECK_BOUNDS=1 %mpirun -np 3 %t > %t.out3 2> %t.err3; echo "exit=$?" >> %t.err3
// RUN: FileCheck %s --check-prefix=THREE < %t.err3
// RUN: env LSC_CHECK_BOUNDS=2 %mpirun -np 1 %t > %t.out4 2> %t.err4; echo "exit=$?" >> %t.err4
// RUN: FileCheck %s --check-prefix=BADVALUE < %t.err4
#include <stdio.h>

#define NI 20
#define NJ 70

static void fill(int ni, int nj, double C[NI][NJ]) {
#pragma lsc parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      C[i][j] = i + j;
}

int main(void) {
  static double C[NI + 1][NJ];
  fill(NI, NJ + 5, C);
  printf("%.1f\n", C[3][4]);
  return 0;
}

// ONE: lsc: error: {{.*}}check_bounds_violation.c:24: subscript 'j' (70) of 'C' is outside its dimension [0, NJ) (NJ = 70); lsc proved this loop parallel by C's rule that subscripts stay inside their dimension
// ONE: exit={{[1-9][0-9]*}}
// THREE: lsc: error: {{.*}}check_bounds_violation.c:24: subscript 'j' ({{7[0-4]}}) of 'C' is outside its dimension [0, NJ) (NJ = 70)
// THREE: exit={{[1-9][0-9]*}}
// BADVALUE: lsc: error: LSC_CHECK_BOUNDS='2' is not valid; expected 0, 1, no, yes, false, true, off or on
// BADVALUE: exit=1
