// heat-3d: explicit heat equation on a 3-D grid inside a time loop, two DOALL sweeps per step (A -> B,
// B -> A) over constant-size 3-D parameters with the run-time size n; counters at the top, named in
// private(...). The stencil coefficients are macros, as suites write them.
// Accepted since issue 13 item 1: planes B[i] of the 3-D parameters are disjoint by the in-bounds rule
// (docs/pragma.md, "Arrays of arrays").
// RUN: %corpus-run %s %t
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define TSTEPS 10
#define N 10
#endif
#ifdef SMALL_DATASET
#define TSTEPS 20
#define N 20
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%.17g "
#define C1 0.125
#define C2 2.0

static void init_array(int n, DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N]) {
  int i, j, k;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        A[i][j][k] = B[i][j][k] = (DATA_TYPE)((i * j + k * k) % n) * 10 / n;
}

static void kernel_heat_3d(int tsteps, int n, DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N]) {
  int t, i, j, k;
  for (t = 1; t <= tsteps; t++) {
#pragma lsc parallel for private(j, k)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          B[i][j][k] = C1 * (A[i + 1][j][k] - C2 * A[i][j][k] + A[i - 1][j][k]) +
                       C1 * (A[i][j + 1][k] - C2 * A[i][j][k] + A[i][j - 1][k]) +
                       C1 * (A[i][j][k + 1] - C2 * A[i][j][k] + A[i][j][k - 1]) + A[i][j][k];
#pragma lsc parallel for private(j, k)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          A[i][j][k] = C1 * (B[i + 1][j][k] - C2 * B[i][j][k] + B[i - 1][j][k]) +
                       C1 * (B[i][j + 1][k] - C2 * B[i][j][k] + B[i][j - 1][k]) +
                       C1 * (B[i][j][k + 1] - C2 * B[i][j][k] + B[i][j][k - 1]) + B[i][j][k];
  }
}

static void print_array(int n, DATA_TYPE A[N][N][N]) {
  int i, j, k;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      for (k = 0; k < n; k++)
        printf(DATA_PRINTF_MODIFIER, A[i][j][k]);
      printf("\n");
    }
}

static DATA_TYPE A[N][N][N], B[N][N][N];

int main(void) {
  init_array(N, A, B);
  kernel_heat_3d(TSTEPS, N, A, B);
  print_array(N, A);
  return 0;
}
