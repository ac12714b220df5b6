// atax: y = A'*(A*x), PolyBench's fused form: iteration i computes tmp[i] = A[i]*x, then adds A[i][j]*tmp[i]
// into every y[j]. The loop over i is DOALL for tmp and an array reduction for y, which an OpenMP user writes
// reduction(+: y[0:n]). The data are small integers, so every partial sum is exact and the result is the same
// in any order; reproducible(on) fixes the order anyway.
// Accepted since issue 13 item 8: 'reduction(+ : y[0:n])' with 'y[j] = y[j] + ...' reduces the declared
// elements of 'y', the run-time length 'n' checked against them.
// RUN: %corpus-run %s %t
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define M 38
#define N 42
#endif
#ifdef SMALL_DATASET
#define M 116
#define N 124
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%.17g "

static void init_array(int m, int n, DATA_TYPE A[M][N], DATA_TYPE x[N]) {
  int i, j;
  for (i = 0; i < n; i++)
    x[i] = 1 + i % 5;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (DATA_TYPE)((i + j) % 7) - 3;
}

static void kernel_atax(int m, int n, DATA_TYPE A[M][N], DATA_TYPE x[N], DATA_TYPE y[N], DATA_TYPE tmp[M]) {
  int i, j;
  for (i = 0; i < n; i++)
    y[i] = 0;
#pragma lsc parallel for reduction(+ : y[0:n]) reproducible(on)
  for (i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

static void print_array(int m, int n, DATA_TYPE y[N], DATA_TYPE tmp[M]) {
  int i;
  for (i = 0; i < n; i++)
    printf(DATA_PRINTF_MODIFIER "\n", y[i]);
  for (i = 0; i < m; i++)
    printf(DATA_PRINTF_MODIFIER "\n", tmp[i]);
}

int main(void) {
  static DATA_TYPE A[M][N], x[N], y[N], tmp[M];
  init_array(M, N, A, x);
  kernel_atax(M, N, A, x, y, tmp);
  print_array(M, N, y, tmp);
  return 0;
}
