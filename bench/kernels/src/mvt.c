/* mvt: x1 += A y1 (rows of A) and x2 += A^T y2 (columns of A: A[j][i] with i the loop variable, a strided
 * read), repeated as in an iterative solver. Memory-bound. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, before any header */
#include "bench_kernel.h"

#define N 2000
#define REPS 40
static double A[N][N], x1[N], x2[N], y1[N], y2[N];

static void kernel(int n) {
  for (int r = 0; r < REPS; r++) {
#pragma lsc parallel for // omp: schedule(dynamic)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        x1[i] = x1[i] + A[i][j] * y1[j];
#pragma lsc parallel for // omp: schedule(dynamic)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        x2[i] = x2[i] + A[j][i] * y2[j];
  }
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x1[i] = (double)(i % 3);
    x2[i] = (double)(i % 5);
    y1[i] = (double)(i % 7) / 8;
    y2[i] = (double)(i % 11) / 16;
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * j) % 13) / 4;
  }
  double t0 = bench_now();
  kernel(N);
  double seconds = bench_now() - t0; /* before hashing the output: not the kernel's time */
  unsigned long long h = bench_hash(x1, sizeof x1, BENCH_HASH_SEED);
  bench_report(seconds, bench_hash(x2, sizeof x2, h));
  return 0;
}
