/* lu: the right-looking LU factorisation without pivoting; step k updates the rows below the pivot in
 * parallel, so the loop runs N times with shrinking work (many instances of one loop site). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, before any header */
#include "bench_kernel.h"

#define N 1200
static double A[N][N];

static void kernel(int n) {
  for (int k = 0; k < n - 1; k++) {
#pragma lsc parallel for // omp: schedule(dynamic)
    for (int i = k + 1; i < n; i++) {
      A[i][k] = A[i][k] / A[k][k];
      for (int j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
    }
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = i == j ? N + 1.0 : (double)((i * 3 + j * 5) % 7) / 8;
  double t0 = bench_now();
  kernel(N);
  double seconds = bench_now() - t0; /* before hashing the output: not the kernel's time */
  bench_report(seconds, bench_hash(A, sizeof A, BENCH_HASH_SEED));
  return 0;
}
