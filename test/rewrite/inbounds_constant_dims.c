// Arrays of arrays with constant dimensions spelled through macros (NI + 0), as parameters, looped to bounds
// from other variables (j < nj): rows C[i] of different i never overlap, by C's rule that a subscript of an
// inner dimension stays inside it. The proof is remarked; LSC_CHECK_BOUNDS=1 checks the subscripts it rests
// on and, the program keeping the rule, changes nothing.
// REQUIRES: mpi
// RUN: %lsc-rewrite --remarks %s -o %t.lsc.c 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: FileCheck %s --check-prefix=CODE < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: env LSC_SLOWDOWN=1,3,1 %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_CHECK_BOUNDS=1 %mpirun -np 3 %t > %t.checked && diff %t.expected %t.checked
#include <stdio.h>

#define NI 60
#define NJ 70
#define DIM(x) ((x) + 0)

static void scale(int ni, int nj, double C[NI + 0][NJ + 0]) {
#pragma lsc parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      C[i][j] = C[i][j] * 2 + i + j;
}

/* Rows written through a helper's column loop from 1, reading the row before in the same row only. */
static void smooth(int ni, int nj, double D[NI][DIM(NJ)]) {
#pragma lsc parallel for schedule(fss)
  for (int i = 0; i < ni; i++)
    for (int j = 1; j < nj; j++)
      D[i][j] = D[i][j - 1] * 0.5 + D[i][j];
}

int main(void) {
  static double C[NI][NJ], D[NI][NJ];
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = D[i][j] = i - j;
  scale(50, 60, C);
  smooth(NI, NJ, D);
  double s = 0;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      s += C[i][j] * (i % 7 + j) + D[i][j] * (j % 3);
  printf("%.3f\n", s);
  return 0;
}

// REMARK: inbounds_constant_dims.c:[[@LINE-28]]:3: remark: 'C' is sliced: iteration k reads [70*k, 70*k + (int64_t)nj); iteration k writes [70*k, 70*k + 70); proved by C's in-bounds rule: a subscript of an inner dimension stays inside it, so accesses whose subscripts differ touch different elements (LSC_CHECK_BOUNDS=1 checks the 2 subscripts it rests on)
// REMARK: inbounds_constant_dims.c:[[@LINE-21]]:3: remark: 'D' is sliced: {{.*}}proved by C's in-bounds rule{{.*}}
// CODE: static const lsc_subscript_site lsc_sub_23_0 = {"{{.*}}inbounds_constant_dims.c", 25, "C", "j", "NJ + 0"};
// CODE: C[i][lsc_subscript((j), 70, &lsc_sub_23_0)] = C[i][lsc_subscript((j), 70, &lsc_sub_23_1)] * 2 + i + j;
// CODE: D[i][lsc_subscript((j), 70, &lsc_sub_31_0)] = D[i][lsc_subscript((j - 1), 70, &lsc_sub_31_1)] * 0.5 + D[i][lsc_subscript((j), 70, &lsc_sub_31_2)];
