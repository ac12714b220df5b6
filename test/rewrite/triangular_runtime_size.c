// Triangular loops whose row length is known only at run time (j <= i, j >= i, over A[n][n]): each
// iteration stays in its own row, which the rows of other iterations do not meet. The same loops with
// constant sizes were already accepted; the footprints' ends grow at different symbolic rates here.
// REQUIRES: mpi
// RUN: %lsc-rewrite --remarks %s -o %t.lsc.c 2> %t.remarks
// RUN: FileCheck %s < %t.remarks
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: env LSC_SLOWDOWN=1,3,1 %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
#include <stdio.h>
#include <stdlib.h>

static void lower(int n, double A[n][n]) {
#pragma lsc parallel for schedule(fss)
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      A[i][j] = A[i][j] + i * j;
}

static void upper(int n, double *flat) {
  double (*A)[n] = (double (*)[n])flat;
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      A[i][j] = 2 * A[i][j] - j;
}

int main(int argc, char **argv) {
  int n = argc > 5 ? atoi(argv[1]) : 53;
  double (*A)[n] = malloc(sizeof(double[n][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = i - j;
  lower(n, A);
  upper(n, &A[0][0]);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j] * (i % 7 + j);
  printf("%.1f\n", s);
  free(A);
  return 0;
}

// CHECK: triangular_runtime_size.c:17:3: remark: 'A' is sliced: iteration k reads [(int64_t)n*k, ((int64_t)n + 1)*k + 1); iteration k writes [(int64_t)n*k, ((int64_t)n + 1)*k + 1); different iterations touch different rows (every subscript is inside its dimension)
// CHECK: triangular_runtime_size.c:25:3: remark: 'A' is sliced: {{.*}}different iterations touch different rows (every subscript is inside its dimension)
