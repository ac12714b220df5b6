// Relations between bounds. LU (Doolittle, in place): for a fixed row i, the iteration j >= i writes
// A[i][j] and reads A[i][k] for k < i and A[k][j] for rows k < i; the column ranges [i, n) and [0, i) lie
// apart over the whole loop, and so do the rows. The row update over i > k for a fixed k writes rows below k
// and reads row k, which no iteration writes (i >= k + 1 > k). Both rest on the in-bounds rule.
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
#define N 48
/* LU, Doolittle in place: the j loop (row i of U) and the row update over i for a fixed k. */
static void lu(int n, double A[N][N]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
#pragma lsc parallel for
    for (int j = i; j < n; j++) {
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
    }
  }
}
static void lu_rows(int n, double B[N][N]) {
  for (int k = 0; k < n; k++) {
#pragma lsc parallel for
    for (int i = k + 1; i < n; i++) {
      B[i][k] /= B[k][k];
      for (int j = k + 1; j < n; j++)
        B[i][j] -= B[i][k] * B[k][j];
    }
  }
}
int main(void) {
  static double A[N][N], B[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = B[i][j] = (i == j) ? N * 2.0 : ((i * 7 + j * 3) % 11) / 10.0;
  lu(N, A);
  lu_rows(N, B);
  for (int i = 0; i < N; i += 5)
    printf("%.6f %.6f\n", A[i][(i * 3) % N], B[i][(i * 5) % N]);
}

// CHECK: bound_relations.c:25:5: remark: 'A' is sliced: {{.*}}iteration k writes [k + 49 * (int64_t)i, k + 49 * (int64_t)i + 1); proved by C's in-bounds rule{{.*}}
// CHECK: bound_relations.c:34:5: remark: 'B' is sliced: {{.*}}proved by C's in-bounds rule{{.*}}
