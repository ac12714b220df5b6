// seidel-2d: nine-point Gauss-Seidel sweep in place inside a time loop. Iteration i reads row i-1 as the
// sweep has already updated it and row i+1 before it is updated: the row loop is truly sequential, and the
// pragma a hopeful user puts on it must stay refused with the dependence named (a flow dependence at
// distance 1 on 'A'; the pipelined form, '#pragma lsc pipeline for', is what suits this nest).
// Today the error is the write test's ("cannot prove that different iterations ... write different elements
// of 'A'"): with run-time bounds the rows are not known disjoint (item 1). With constant bounds it is the
// read of row i - 1, with a note at the write; the CHECK pins the line and the array, so it holds for both.
// RUN: rm -f %t.lsc.c
// RUN: not %lsc-rewrite %s -o %t.lsc.c 2> %t.err
// RUN: test ! -e %t.lsc.c
// RUN: FileCheck %s < %t.err
// CHECK: seidel_2d.c:[[@LINE+30]]:{{[0-9]+}}: error: {{.*}}'A'
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define TSTEPS 5
#define N 20
#endif
#ifdef SMALL_DATASET
#define TSTEPS 20
#define N 60
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%.17g "

static void init_array(int n, DATA_TYPE A[N][N]) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / n;
}

static void kernel_seidel_2d(int tsteps, int n, DATA_TYPE A[N][N]) {
  int t, i, j;
  for (t = 0; t <= tsteps - 1; t++)
#pragma lsc parallel for private(j)
    for (i = 1; i <= n - 2; i++)
      for (j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] + A[i][j + 1] +
                   A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
}

static void print_array(int n, DATA_TYPE A[N][N]) {
  int i, j;
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      printf(DATA_PRINTF_MODIFIER, A[i][j]);
    printf("\n");
  }
}

int main(void) {
  static DATA_TYPE A[N][N];
  init_array(N, A);
  kernel_seidel_2d(TSTEPS, N, A);
  print_array(N, A);
  return 0;
}
