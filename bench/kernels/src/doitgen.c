/* doitgen: a multi-resolution analysis kernel, A[r][q][.] = A[r][q][.] x C4, planes r in parallel with a
 * private scratch row; compute-bound (NR NQ NP^2 flops). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, before any header */
#include "bench_kernel.h"

#define NR 300
#define NQ 140
#define NP 160
static double A[NR][NQ][NP], C4[NP][NP];

static void kernel(int nr, int nq, int np) {
#pragma lsc parallel for // omp: schedule(dynamic)
  for (int r = 0; r < nr; r++) {
    double sum[NP];
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0;
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
  }
}

int main(void) {
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++)
      for (int p = 0; p < NP; p++)
        A[r][q][p] = (double)((r * q + p) % 9) / 8;
  for (int i = 0; i < NP; i++)
    for (int j = 0; j < NP; j++)
      C4[i][j] = (double)(i * j % 7) / 4;
  double t0 = bench_now();
  kernel(NR, NQ, NP);
  double seconds = bench_now() - t0; /* before hashing the output: not the kernel's time */
  bench_report(seconds, bench_hash(A, sizeof A, BENCH_HASH_SEED));
  return 0;
}
