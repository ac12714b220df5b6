// gesummv: y = alpha*A*x + beta*B*x, two dot products per row with scalar temporaries. The row loop is
// DOALL; tmp[i] and y[i] are written by iteration i only. Constant-size parameters and bounds, counters at
// the top without clauses.
// Accepted since issue 13 item 6: the inner counter 'j' declared at the top is found private.
// RUN: %corpus-run %s %t
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define N 30
#endif
#ifdef SMALL_DATASET
#define N 90
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%.17g "

static void init_array(DATA_TYPE A[N][N], DATA_TYPE B[N][N], DATA_TYPE x[N]) {
  int i, j;
  for (i = 0; i < N; i++) {
    x[i] = (DATA_TYPE)(i % N) / N;
    for (j = 0; j < N; j++) {
      A[i][j] = (DATA_TYPE)((i * j + 1) % N) / N;
      B[i][j] = (DATA_TYPE)((i * j + 2) % N) / N;
    }
  }
}

static void kernel_gesummv(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[N][N], DATA_TYPE B[N][N],
                           DATA_TYPE tmp[N], DATA_TYPE x[N], DATA_TYPE y[N]) {
  int i, j;
#pragma lsc parallel for
  for (i = 0; i < N; i++) {
    tmp[i] = 0.0;
    y[i] = 0.0;
    for (j = 0; j < N; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

int main(void) {
  static DATA_TYPE A[N][N], B[N][N], tmp[N], x[N], y[N];
  int i;
  init_array(A, B, x);
  kernel_gesummv(1.5, 1.2, A, B, tmp, x, y);
  for (i = 0; i < N; i++)
    printf(DATA_PRINTF_MODIFIER "\n", y[i]);
  return 0;
}
