// mvt: x1 = x1 + A*y1 and x2 = x2 + A'*y2, two DOALL loops over one matrix read by rows, then by columns.
// Constant-size parameters with a run-time bound n; counters at the top named in private(...).
// RUN: %corpus-run %s %t
// RUN: %corpus-run %s %t.small -DSMALL_DATASET
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define N 40
#endif
#ifdef SMALL_DATASET
#define N 120
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%.17g "

static void init_array(int n, DATA_TYPE x1[N], DATA_TYPE x2[N], DATA_TYPE y_1[N], DATA_TYPE y_2[N],
                       DATA_TYPE A[N][N]) {
  int i, j;
  for (i = 0; i < n; i++) {
    x1[i] = (DATA_TYPE)(i % n) / n;
    x2[i] = (DATA_TYPE)((i + 1) % n) / n;
    y_1[i] = (DATA_TYPE)((i + 3) % n) / n;
    y_2[i] = (DATA_TYPE)((i + 4) % n) / n;
    for (j = 0; j < n; j++)
      A[i][j] = (DATA_TYPE)(i * j % n) / n;
  }
}

static void kernel_mvt(int n, DATA_TYPE x1[N], DATA_TYPE x2[N], DATA_TYPE y_1[N], DATA_TYPE y_2[N],
                       DATA_TYPE A[N][N]) {
  int i, j;
#pragma lsc parallel for private(j)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
#pragma lsc parallel for private(j)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
}

static void print_array(int n, DATA_TYPE x1[N], DATA_TYPE x2[N]) {
  int i;
  for (i = 0; i < n; i++)
    printf(DATA_PRINTF_MODIFIER DATA_PRINTF_MODIFIER "\n", x1[i], x2[i]);
}

int main(void) {
  static DATA_TYPE A[N][N], x1[N], x2[N], y_1[N], y_2[N];
  init_array(N, x1, x2, y_1, y_2, A);
  kernel_mvt(N, x1, x2, y_1, y_2, A);
  print_array(N, x1, x2);
  return 0;
}
