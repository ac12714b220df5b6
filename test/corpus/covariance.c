// covariance: column means, centring, then the symmetric covariance matrix. Three DOALL loops: the means
// (iteration j reads column j), the centring (row i), and the covariance rows, where iteration i writes
// row i from the diagonal on and mirrors each value into column i (cov[j][i] for j >= i): two ranges of one
// array per iteration, disjoint from every other iteration's. Constant-size parameters, run-time bounds.
// Issue 13 item 3 (a union of write ranges: row i and column i) made the covariance rows run; item 1 the
// centring loop.
// RUN: %corpus-run %s %t
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define M 28
#define N 32
#endif
#ifdef SMALL_DATASET
#define M 80
#define N 100
#endif
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define DATA_PRINTF_MODIFIER "%.17g "

static void init_array(int m, int n, DATA_TYPE *float_n, DATA_TYPE data[N][M]) {
  int i, j;
  *float_n = (DATA_TYPE)n;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      data[i][j] = ((DATA_TYPE)i * j) / M + (i % 3);
  (void)m;
}

static void kernel_covariance(int m, int n, DATA_TYPE float_n, DATA_TYPE data[N][M], DATA_TYPE cov[M][M],
                              DATA_TYPE mean[M]) {
  int i, j, k;
#pragma lsc parallel for private(i)
  for (j = 0; j < m; j++) {
    mean[j] = SCALAR_VAL(0.0);
    for (i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
#pragma lsc parallel for private(j)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] -= mean[j];
#pragma lsc parallel for private(j, k)
  for (i = 0; i < m; i++)
    for (j = i; j < m; j++) {
      cov[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < n; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - SCALAR_VAL(1.0));
      cov[j][i] = cov[i][j];
    }
}

static void print_array(int m, DATA_TYPE cov[M][M]) {
  int i, j;
  for (i = 0; i < m; i++) {
    for (j = 0; j < m; j++)
      printf(DATA_PRINTF_MODIFIER, cov[i][j]);
    printf("\n");
  }
}

int main(void) {
  static DATA_TYPE data[N][M], cov[M][M], mean[M];
  DATA_TYPE float_n;
  init_array(M, N, &float_n, data);
  kernel_covariance(M, N, float_n, data, cov, mean);
  print_array(M, cov);
  return 0;
}
