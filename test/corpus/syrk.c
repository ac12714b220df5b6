// syrk: symmetric rank-k update of the lower triangle, C = alpha*A*A' + beta*C for j <= i. PolyBench style:
// constant-size parameters, run-time sizes n, m, counters at the top named in private(...) as an OpenMP user
// names them. Each row i is written by iteration i only, over a triangle of run-time width.
// Accepted since issue 13 items 1 and 5: the triangle j <= i stays in row i, by the in-bounds rule
// (docs/pragma.md, "Arrays of arrays").
// RUN: %corpus-run %s %t
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define M 20
#define N 30
#endif
#ifdef SMALL_DATASET
#define M 60
#define N 80
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%.17g "

static void init_array(int n, int m, DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE C[N][N],
                       DATA_TYPE A[N][M]) {
  int i, j;
  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % n) / n;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      C[i][j] = (DATA_TYPE)((i * j + 2) % m) / m;
}

static void kernel_syrk(int n, int m, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[N][N], DATA_TYPE A[N][M]) {
  int i, j, k;
#pragma lsc parallel for private(j, k)
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}

static void print_array(int n, DATA_TYPE C[N][N]) {
  int i, j;
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      printf(DATA_PRINTF_MODIFIER, C[i][j]);
    printf("\n");
  }
}

int main(void) {
  static DATA_TYPE C[N][N], A[N][M];
  DATA_TYPE alpha, beta;
  init_array(N, M, &alpha, &beta, C, A);
  kernel_syrk(N, M, alpha, beta, C, A);
  print_array(N, C);
  return 0;
}
