/* heat_3d: the 7-point heat stencil in 3-D, in a time loop, planes in parallel. The issue-14 target: N = 120,
 * 100 steps. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, before any header */
#include "bench_kernel.h"

#include <stdlib.h>

#define N 120
#define TSTEPS 100

static void kernel(int n, double (*A)[N][N], double (*B)[N][N]) {
  /* A data region: the planes stay on the ranks that computed them, only halo planes move between steps. */
  /* clang-format would space the sections as `A [0:n]` */
  // clang-format off
#pragma lsc data copy(A[0:n], B[0:n])
  // clang-format on
  for (int t = 1; t <= TSTEPS; t++) {
#pragma lsc parallel for // omp: schedule(dynamic)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                       0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                       0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) + A[i][j][k];
#pragma lsc parallel for // omp: schedule(dynamic)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                       0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) +
                       0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) + B[i][j][k];
  }
}

int main(void) {
  double(*A)[N][N] = malloc(sizeof(double[N][N][N])), (*B)[N][N] = malloc(sizeof(double[N][N][N]));
  if (!A || !B)
    return 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (double)(i + j + (N - k)) * 10 / N;
  double t0 = bench_now();
  kernel(N, A, B);
  double seconds = bench_now() - t0; /* before hashing the output: not the kernel's time */
  bench_report(seconds, bench_hash(A, sizeof(double[N][N][N]), BENCH_HASH_SEED));
  free(A);
  free(B);
  return 0;
}
