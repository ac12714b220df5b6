// trmm: triangular matrix multiply B = alpha * A' * B with A unit lower triangular, as PolyBench writes it.
// Row i of B is updated from the rows below it, which later rows i still read: the row loop is sequential.
// The column loop inside it is DOALL: iteration j writes B[i][j] and reads column j of the rows k > i,
// which no iteration writes.
// Accepted since issue 13 item 4: column j is written in row i only and read in rows k > i, apart over the
// whole loop (docs/pragma.md, "Arrays of arrays").
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

static void init_array(int m, int n, DATA_TYPE *alpha, DATA_TYPE A[M][M], DATA_TYPE B[M][N]) {
  int i, j;
  *alpha = 1.5;
  for (i = 0; i < m; i++) {
    for (j = 0; j < i; j++)
      A[i][j] = (DATA_TYPE)((i + j) % m) / m;
    A[i][i] = 1.0;
    for (j = 0; j < n; j++)
      B[i][j] = (DATA_TYPE)((n + (i - j)) % n) / n;
  }
}

static void kernel_trmm(int m, int n, DATA_TYPE alpha, DATA_TYPE A[M][M], DATA_TYPE B[M][N]) {
  int i, j, k;
  for (i = 0; i < m; i++)
#pragma lsc parallel for private(k)
    for (j = 0; j < n; j++) {
      for (k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

static void print_array(int m, int n, DATA_TYPE B[M][N]) {
  int i, j;
  for (i = 0; i < m; i++) {
    for (j = 0; j < n; j++)
      printf(DATA_PRINTF_MODIFIER, B[i][j]);
    printf("\n");
  }
}

int main(void) {
  static DATA_TYPE A[M][M], B[M][N];
  DATA_TYPE alpha;
  init_array(M, N, &alpha, A, B);
  kernel_trmm(M, N, alpha, A, B);
  print_array(M, N, B);
  return 0;
}
