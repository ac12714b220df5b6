// cholesky: left-looking Cholesky factorisation, column by column (L L' = A, L in the lower triangle).
// Column j's diagonal element is sequential; the elements below it are DOALL: iteration i writes A[i][j]
// from row i's columns k < j and row j's, and row j is never written by an iteration i > j. Variable-length
// parameter, no clauses.
// Accepted since issue 13 items 6, 1 and 4: 'k' from the top is found private; the column below the diagonal
// is apart from the rows it reads.
// RUN: %corpus-run %s %t
#include <math.h>
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

static void init_array(int n, DATA_TYPE A[n][n]) {
  int i, j;
  /* Symmetric, diagonally dominant: positive definite. */
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++)
      A[i][j] = A[j][i] = (DATA_TYPE)((i + j) % 5) / (2 * n);
  for (i = 0; i < n; i++)
    A[i][i] += 1.0;
}

static void kernel_cholesky(int n, DATA_TYPE A[n][n]) {
  int i, j, k;
  DATA_TYPE s;
  for (j = 0; j < n; j++) {
    s = A[j][j];
    for (k = 0; k < j; k++)
      s -= A[j][k] * A[j][k];
    A[j][j] = sqrt(s);
#pragma lsc parallel for
    for (i = j + 1; i < n; i++) {
      for (k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
  }
}

static void print_array(int n, DATA_TYPE A[n][n]) {
  int i, j;
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      printf(DATA_PRINTF_MODIFIER, A[i][j]);
    printf("\n");
  }
}

int main(void) {
  int n = N;
  DATA_TYPE(*A)[N][N] = malloc(sizeof(*A));
  if (!A)
    return 1;
  init_array(n, *A);
  kernel_cholesky(n, *A);
  print_array(n, *A);
  free(A);
  return 0;
}
