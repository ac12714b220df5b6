/* syrk: the lower triangle of C = alpha A A^T + beta C, rows in parallel (row i has i + 1 elements: a
 * triangular, uneven workload). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, before any header */
#include "bench_kernel.h"

#define N 900
#define M 800
static double A[N][M], C[N][N];

static void kernel(int n, int m, double alpha, double beta) {
#pragma lsc parallel for // omp: schedule(dynamic)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}

int main(void) {
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < M; k++)
      A[i][k] = (double)((i * k + 3) % 9) / 8;
    for (int j = 0; j < N; j++)
      C[i][j] = (double)((i + j) % 4);
  }
  double t0 = bench_now();
  kernel(N, M, 1.5, 0.5);
  double seconds = bench_now() - t0; /* before hashing the output: not the kernel's time */
  bench_report(seconds, bench_hash(C, sizeof C, BENCH_HASH_SEED));
  return 0;
}
