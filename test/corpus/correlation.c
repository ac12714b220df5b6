// correlation: Pearson correlation matrix: column means and standard deviations, normalisation, then the
// symmetric matrix (row i from the diagonal on, mirrored into column i). Arrays are variable-length
// parameters; the counters at the top carry no clauses, as PolyBench's sequential code has none. The last
// diagonal element is set after the loops, as the suite does.
// Issue 13 items 6 (counters at the top) and 3 (the matrix loop's diagonal, row i and column i, as three
// slices) made it run.
// RUN: %corpus-run %s %t
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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
#define SQRT_FUN(x) sqrt(x)
#define DATA_PRINTF_MODIFIER "%.17g "

static void init_array(int m, int n, DATA_TYPE data[n][m]) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] = (DATA_TYPE)(i * j) / m + i;
}

static void kernel_correlation(int m, int n, DATA_TYPE float_n, DATA_TYPE data[n][m], DATA_TYPE corr[m][m],
                               DATA_TYPE mean[m], DATA_TYPE stddev[m]) {
  int i, j, k;
  DATA_TYPE eps = 0.1;
#pragma lsc parallel for
  for (j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
#pragma lsc parallel for
  for (j = 0; j < m; j++) {
    stddev[j] = 0.0;
    for (i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = SQRT_FUN(stddev[j]);
    stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
  }
#pragma lsc parallel for
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= SQRT_FUN(float_n) * stddev[j];
    }
#pragma lsc parallel for
  for (i = 0; i < m - 1; i++) {
    corr[i][i] = 1.0;
    for (j = i + 1; j < m; j++) {
      corr[i][j] = 0.0;
      for (k = 0; k < n; k++)
        corr[i][j] += (data[k][i] * data[k][j]);
      corr[j][i] = corr[i][j];
    }
  }
  corr[m - 1][m - 1] = 1.0;
}

static void print_array(int m, DATA_TYPE corr[m][m]) {
  int i, j;
  for (i = 0; i < m; i++) {
    for (j = 0; j < m; j++)
      printf(DATA_PRINTF_MODIFIER, corr[i][j]);
    printf("\n");
  }
}

int main(void) {
  int m = M, n = N;
  DATA_TYPE(*data)[N][M] = malloc(sizeof(*data));
  DATA_TYPE(*corr)[M][M] = malloc(sizeof(*corr));
  DATA_TYPE *mean = malloc(M * sizeof(DATA_TYPE)), *stddev = malloc(M * sizeof(DATA_TYPE));
  if (!data || !corr || !mean || !stddev)
    return 1;
  init_array(m, n, *data);
  kernel_correlation(m, n, (DATA_TYPE)n, *data, *corr, mean, stddev);
  print_array(m, *corr);
  free(data);
  free(corr);
  free(mean);
  free(stddev);
  return 0;
}
