// jacobi-2d: five-point Jacobi relaxation inside a time loop, ping-ponging between two arrays. Both sweeps
// of a time step are DOALL; the arrays are variable-length parameters (int n, double A[n][n]), the
// time loop stays sequential, and the pragmas are the only lines added.
// Accepted since issue 13 item 6: the inner counter 'j' declared at the top is found private in both sweeps.
// RUN: %corpus-run %s %t
#include <stdio.h>
#include <stdlib.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define TSTEPS 20
#define N 30
#endif
#ifdef SMALL_DATASET
#define TSTEPS 40
#define N 90
#endif
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define DATA_PRINTF_MODIFIER "%.17g "

static void init_array(int n, DATA_TYPE A[n][n], DATA_TYPE B[n][n]) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / n;
      B[i][j] = ((DATA_TYPE)i * (j + 3) + 3) / n;
    }
}

static void kernel_jacobi_2d(int tsteps, int n, DATA_TYPE A[n][n], DATA_TYPE B[n][n]) {
  int t, i, j;
  for (t = 0; t < tsteps; t++) {
#pragma lsc parallel for
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = SCALAR_VAL(0.2) * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
#pragma lsc parallel for
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = SCALAR_VAL(0.2) * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
}

static void print_array(int n, DATA_TYPE A[n][n]) {
  int i, j;
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      printf(DATA_PRINTF_MODIFIER, A[i][j]);
    printf("\n");
  }
}

int main(void) {
  int n = N;
  DATA_TYPE(*A)[N][N] = malloc(sizeof(*A));
  DATA_TYPE(*B)[N][N] = malloc(sizeof(*B));
  if (!A || !B)
    return 1;
  init_array(n, *A, *B);
  kernel_jacobi_2d(TSTEPS, n, *A, *B);
  print_array(n, *A);
  free(A);
  free(B);
  return 0;
}
