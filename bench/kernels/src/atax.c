/* atax: y = A^T (A x), fused as PolyBench writes it: iteration i computes tmp[i] = A[i] x and adds
 * A[i][j] tmp[i] into every y[j], an array reduction. Small integers keep every sum exact. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, before any header */
#include "bench_kernel.h"

#define M 3000
#define N 2500
#define REPS 20
static double A[M][N], x[N], y[N], tmp[M];

static void kernel(int m, int n) {
  for (int r = 0; r < REPS; r++) {
#pragma lsc parallel for reduction(+ : y) // omp: schedule(dynamic) reduction(+ : y)
    for (int i = 0; i < m; i++) {
      tmp[i] = 0;
      for (int j = 0; j < n; j++)
        tmp[i] = tmp[i] + A[i][j] * x[j];
      for (int j = 0; j < n; j++)
        y[j] = y[j] + A[i][j] * tmp[i];
    }
  }
}

int main(void) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i + j) % 5) - 2;
  for (int j = 0; j < N; j++)
    x[j] = (double)(j % 3) - 1;
  double t0 = bench_now();
  kernel(M, N);
  double seconds = bench_now() - t0; /* before hashing the output: not the kernel's time */
  bench_report(seconds, bench_hash(y, sizeof y, BENCH_HASH_SEED));
  return 0;
}
