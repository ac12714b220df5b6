// gramschmidt: modified Gram-Schmidt QR, A = Q R, column by column. Step k is sequential; inside it, the
// normalisation of column k is DOALL over rows, and the projection of the remaining columns is DOALL over
// columns j > k: iteration j writes R[k][j] and column j of A, and reads column k of Q, which it does not
// write. The norm is a sum of squares, computed sequentially as the suite does.
// Issue 13 item 3 made the projection loop run: its writes of column j of 'A' are a strided slice.
// RUN: %corpus-run %s %t
#include <math.h>
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

static void init_array(int m, int n, DATA_TYPE A[M][N], DATA_TYPE R[N][N], DATA_TYPE Q[M][N]) {
  int i, j;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = (((DATA_TYPE)((i * j) % m) / m) * 100) + 10;
      Q[i][j] = 0.0;
    }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      R[i][j] = 0.0;
}

static void kernel_gramschmidt(int m, int n, DATA_TYPE A[M][N], DATA_TYPE R[N][N], DATA_TYPE Q[M][N]) {
  int i, j, k;
  DATA_TYPE nrm;
  for (k = 0; k < n; k++) {
    nrm = 0.0;
    for (i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
#pragma lsc parallel for
    for (i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
#pragma lsc parallel for private(i)
    for (j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}

static void print_array(int m, int n, DATA_TYPE R[N][N], DATA_TYPE Q[M][N]) {
  int i, j;
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      printf(DATA_PRINTF_MODIFIER, R[i][j]);
    printf("\n");
  }
  for (i = 0; i < m; i++) {
    for (j = 0; j < n; j++)
      printf(DATA_PRINTF_MODIFIER, Q[i][j]);
    printf("\n");
  }
}

int main(void) {
  static DATA_TYPE A[M][N], R[N][N], Q[M][N];
  init_array(M, N, A, R, Q);
  kernel_gramschmidt(M, N, A, R, Q);
  print_array(M, N, R, Q);
  return 0;
}
