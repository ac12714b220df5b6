// Relations between bounds on a 1-D array, no rule needed: for a fixed i, iteration j >= i updates x[j]
// from x[k] for k < i; over the whole loop the written elements [i, n) lie past the read ones [0, i).
// REQUIRES: mpi
// RUN: %lsc-rewrite --remarks %s -o %t.lsc.c 2> %t.remarks
// RUN: FileCheck %s < %t.remarks
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: env LSC_SLOWDOWN=1,3,1 %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
#include <stdio.h>
#define N 64
/* Forward substitution by columns: for a fixed i, iterations j >= i update x[j] from x[k], k < i. */
static double x[N];
static void update(int n, int i, double L[N][N]) {
#pragma lsc parallel for
  for (int j = i; j < n; j++)
    for (int k = 0; k < i; k++)
      x[j] -= L[j][k] * x[k] * 0.001;
}
int main(void) {
  static double L[N][N];
  for (int i = 0; i < N; i++) { x[i] = i + 1; for (int j = 0; j < N; j++) L[i][j] = (i * 3 + j) % 7; }
  for (int i = 1; i < N; i += 7)
    update(N, i, L);
  for (int i = 0; i < N; i += 3) printf("%.6f\n", x[i]);
}

// CHECK: bound_relations_1d.c:17:3: remark: 'x' is sliced: read anywhere: the whole array, sent once; iteration k writes [k + (int64_t)i, k + (int64_t)i + 1)
// CHECK-NOT: in-bounds rule
