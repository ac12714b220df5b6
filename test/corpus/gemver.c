// gemver: A = A + u1*v1' + u2*v2', x = x + beta*A'*y + z, w = w + alpha*A*x. Four DOALL loops over
// variable-length parameters (int n, double A[n][n]); the second reads A by columns. No clauses: the inner
// counter 'j' is declared at the top, as PolyBench writes it.
// Accepted since issue 13 item 6: the inner counter 'j' declared at the top is found private.
// RUN: %corpus-run %s %t
#include <stdio.h>
#include <stdlib.h>

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

static void init_array(int n, DATA_TYPE A[n][n], DATA_TYPE u1[n], DATA_TYPE v1[n], DATA_TYPE u2[n],
                       DATA_TYPE v2[n], DATA_TYPE w[n], DATA_TYPE x[n], DATA_TYPE y[n], DATA_TYPE z[n]) {
  int i, j;
  DATA_TYPE fn = (DATA_TYPE)n;
  for (i = 0; i < n; i++) {
    u1[i] = i;
    u2[i] = ((i + 1) / fn) / 2.0;
    v1[i] = ((i + 1) / fn) / 4.0;
    v2[i] = ((i + 1) / fn) / 6.0;
    y[i] = ((i + 1) / fn) / 8.0;
    z[i] = ((i + 1) / fn) / 9.0;
    x[i] = 0.0;
    w[i] = 0.0;
    for (j = 0; j < n; j++)
      A[i][j] = (DATA_TYPE)(i * j % n) / n;
  }
}

static void kernel_gemver(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[n][n], DATA_TYPE u1[n],
                          DATA_TYPE v1[n], DATA_TYPE u2[n], DATA_TYPE v2[n], DATA_TYPE w[n], DATA_TYPE x[n],
                          DATA_TYPE y[n], DATA_TYPE z[n]) {
  int i, j;
#pragma lsc parallel for
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
#pragma lsc parallel for
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];
#pragma lsc parallel for
  for (i = 0; i < n; i++)
    x[i] = x[i] + z[i];
#pragma lsc parallel for
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
}

static void print_array(int n, DATA_TYPE w[n]) {
  int i;
  for (i = 0; i < n; i++) {
    printf(DATA_PRINTF_MODIFIER, w[i]);
    if (i % 20 == 19)
      printf("\n");
  }
  printf("\n");
}

int main(void) {
  int n = N;
  DATA_TYPE(*A)[N][N] = malloc(sizeof(*A));
  static DATA_TYPE u1[N], v1[N], u2[N], v2[N], w[N], x[N], y[N], z[N];
  if (!A)
    return 1;
  init_array(n, *A, u1, v1, u2, v2, w, x, y, z);
  kernel_gemver(n, 1.5, 1.2, *A, u1, v1, u2, v2, w, x, y, z);
  print_array(n, w);
  print_array(n, x);
  free(A);
  return 0;
}
