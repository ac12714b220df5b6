// syr2k: symmetric rank-2k update, C = alpha*A*B' + alpha*B*A' + beta*C on the lower triangle. Arrays are
// variable-length parameters (double C[n][n]) allocated on the heap by main as pointers to arrays, as
// PolyBench's allocation macros do. Counters at the top, named in private(...).
// Accepted since issue 13 item 5: the triangle j <= i stays in row i of the VLA (docs/pragma.md, "Arrays of
// arrays").
// RUN: %corpus-run %s %t
#include <stdio.h>
#include <stdlib.h>

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

static void init_array(int n, int m, DATA_TYPE C[n][n], DATA_TYPE A[n][m], DATA_TYPE B[n][m]) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      A[i][j] = (DATA_TYPE)((i * j + 1) % n) / n;
      B[i][j] = (DATA_TYPE)((i * j + 2) % m) / m;
    }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      C[i][j] = (DATA_TYPE)((i * j + 3) % n) / m;
}

static void kernel_syr2k(int n, int m, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[n][n], DATA_TYPE A[n][m],
                         DATA_TYPE B[n][m]) {
  int i, j, k;
#pragma lsc parallel for private(j, k)
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
}

static void print_array(int n, DATA_TYPE C[n][n]) {
  int i, j;
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      printf(DATA_PRINTF_MODIFIER, C[i][j]);
    printf("\n");
  }
}

int main(void) {
  int n = N, m = M;
  DATA_TYPE(*C)[N][N] = malloc(sizeof(*C));
  DATA_TYPE(*A)[N][M] = malloc(sizeof(*A));
  DATA_TYPE(*B)[N][M] = malloc(sizeof(*B));
  if (!C || !A || !B)
    return 1;
  init_array(n, m, *C, *A, *B);
  kernel_syr2k(n, m, 1.5, 1.2, *C, *A, *B);
  print_array(n, *C);
  free(C);
  free(A);
  free(B);
  return 0;
}
