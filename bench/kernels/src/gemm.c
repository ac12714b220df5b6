/* gemm: C = alpha A B + beta C, rows of C in parallel; compute-bound (2 N^3 flops on 3 N^2 doubles). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, before any header */
#include "bench_kernel.h"

#define N 1100
static double A[N][N], B[N][N], C[N][N];

static void kernel(int n, double alpha, double beta) {
#pragma lsc parallel for // omp: schedule(dynamic)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      C[i][j] *= beta;
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * j + 1) % 7) / 8;
      B[i][j] = (double)((i + 2 * j) % 5) / 4;
      C[i][j] = (double)((i - j + N) % 3);
    }
  double t0 = bench_now();
  kernel(N, 1.5, 1.25);
  double seconds = bench_now() - t0; /* before hashing the output: not the kernel's time */
  bench_report(seconds, bench_hash(C, sizeof C, BENCH_HASH_SEED));
  return 0;
}
