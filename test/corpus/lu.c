// lu: right-looking LU factorisation without pivoting, in place. Step k is sequential; inside it, the
// updates of the rows below the pivot are DOALL: iteration i scales A[i][k] and updates A[i][j] for j > k
// from the pivot row k, which no iteration (i > k) writes. Constant-size parameter, run-time size n,
// counters at the top named in private(...).
// Accepted since issue 13 items 1 and 4: rows below the pivot are disjoint, and the pivot row k lies before
// every row i > k written (docs/pragma.md, "Arrays of arrays").
// RUN: %corpus-run %s %t
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

static void init_array(int n, DATA_TYPE A[N][N]) {
  int i, j;
  /* Diagonally dominant, so no pivoting is needed. */
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      A[i][j] = (DATA_TYPE)((i * j + 3) % n) / n;
    A[i][i] += n;
  }
}

static void kernel_lu(int n, DATA_TYPE A[N][N]) {
  int i, j, k;
  for (k = 0; k < n; k++) {
#pragma lsc parallel for private(j)
    for (i = k + 1; i < n; i++) {
      A[i][k] /= A[k][k];
      for (j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
    }
  }
}

static void print_array(int n, DATA_TYPE A[N][N]) {
  int i, j;
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      printf(DATA_PRINTF_MODIFIER, A[i][j]);
    printf("\n");
  }
}

int main(void) {
  static DATA_TYPE A[N][N];
  init_array(N, A);
  kernel_lu(N, A);
  print_array(N, A);
  return 0;
}
