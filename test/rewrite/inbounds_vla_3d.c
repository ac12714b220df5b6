// Variable-length arrays of arrays at any rank: a 2-D VLA parameter (int n, double A[n][n]) and 3-D
// arrays, VLA (A[nr][nq][np]) and constant (a contraction over the last subscript into sum[r][q][p]), each
// iteration of r writing its own plane. Strides that are products of dimensions are positive, so an
// access's elements lie between its subscripts' least and greatest; planes of different r never overlap.
// REQUIRES: mpi
// RUN: %lsc-rewrite --remarks %s -o %t.lsc.c 2> %t.remarks
// RUN: FileCheck %s < %t.remarks
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: env LSC_SLOWDOWN=1,3,1 %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_CHECK_BOUNDS=1 %mpirun -np 3 %t > %t.checked && diff %t.expected %t.checked
#include <stdio.h>

#define NR 10
#define NQ 8
#define NP 12

static void shift(int n, double A[n][n]) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = A[i][j] * 0.5 + i - j;
}

static void planes(int nr, int nq, int np, double A[nr][nq][np]) {
#pragma lsc parallel for schedule(fss)
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++)
      for (int p = 0; p < np; p++)
        A[r][q][p] = A[r][q][p] + r * q - p;
}

static void contract(int nr, int nq, int np, double A[NR][NQ][NP], double sum[NR][NQ][NP],
                     double C4[NP][NP]) {
#pragma lsc parallel for schedule(gss)
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[r][q][p] = 0;
        for (int s = 0; s < np; s++)
          sum[r][q][p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[r][q][p];
    }
}

int main(void) {
  int n = 37;
  double M[n][n];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      M[i][j] = (i * 3 + j) % 7;
  shift(n, M);
  double V[9][7][11];
  for (int i = 0; i < 9 * 7 * 11; i++)
    (&V[0][0][0])[i] = i % 17;
  planes(9, 7, 11, V);
  static double A[NR][NQ][NP], S[NR][NQ][NP], C4[NP][NP];
  for (int i = 0; i < NR * NQ * NP; i++)
    (&A[0][0][0])[i] = i % 13;
  for (int i = 0; i < NP * NP; i++)
    (&C4[0][0])[i] = i % 5;
  contract(NR, NQ, NP, A, S, C4);
  double t = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      t += M[i][j] * (i + 1);
  for (int i = 0; i < 9 * 7 * 11; i++)
    t += (&V[0][0][0])[i] * (i % 3);
  for (int i = 0; i < NR * NQ * NP; i++)
    t += (&A[0][0][0])[i] * (i % 5);
  printf("%.3f\n", t);
  return 0;
}

// CHECK: inbounds_vla_3d.c:22:3: remark: 'A' is sliced: iteration k reads [(int64_t)n*k, (int64_t)n*k + (int64_t)n); iteration k writes [(int64_t)n*k, (int64_t)n*k + (int64_t)n) (every element: nothing sent in)
// CHECK: inbounds_vla_3d.c:29:3: remark: 'A' is sliced: {{.*}}iteration k writes [(int64_t)nq * (int64_t)np*k, {{.*}}
// CHECK: inbounds_vla_3d.c:38:3: remark: 'sum' is sliced: {{.*}}proved by C's in-bounds rule{{.*}}
// CHECK: inbounds_vla_3d.c:38:3: remark: 'A' is sliced: {{.*}}proved by C's in-bounds rule{{.*}}
