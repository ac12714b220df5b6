/* fdtd_2d: the 2-D finite-difference time-domain step, four loops per step (the source row, ey, ex, hz),
 * rows in parallel; the issue-14 target for data regions. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, before any header */
#include "bench_kernel.h"

#include <stdlib.h>

#define NX 1000
#define NY 1200
#define TMAX 100

static void kernel(int nx, int ny, double (*ex)[NY], double (*ey)[NY], double (*hz)[NY], const double *fict) {
  /* A data region: the three fields stay on the ranks that computed them across the four loops of a step. */
  /* clang-format would space the sections as `A [0:n]` */
  // clang-format off
#pragma lsc data copy(ex[0:nx], ey[0:nx], hz[0:nx])
  // clang-format on
  for (int t = 0; t < TMAX; t++) {
#pragma lsc parallel for // omp: schedule(dynamic)
    for (int j = 0; j < ny; j++)
      ey[0][j] = fict[t];
#pragma lsc parallel for // omp: schedule(dynamic)
    for (int i = 1; i < nx; i++)
      for (int j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma lsc parallel for // omp: schedule(dynamic)
    for (int i = 0; i < nx; i++)
      for (int j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
#pragma lsc parallel for // omp: schedule(dynamic)
    for (int i = 0; i < nx - 1; i++)
      for (int j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}

int main(void) {
  double(*ex)[NY] = malloc(sizeof(double[NX][NY])), (*ey)[NY] = malloc(sizeof(double[NX][NY]));
  double(*hz)[NY] = malloc(sizeof(double[NX][NY])), *fict = malloc(sizeof(double[TMAX]));
  if (!ex || !ey || !hz || !fict)
    return 1;
  for (int t = 0; t < TMAX; t++)
    fict[t] = (double)t;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++) {
      ex[i][j] = ((double)i * (j + 1)) / NX;
      ey[i][j] = ((double)i * (j + 2)) / NY;
      hz[i][j] = ((double)i * (j + 3)) / NX;
    }
  double t0 = bench_now();
  kernel(NX, NY, ex, ey, hz, fict);
  double seconds = bench_now() - t0; /* before hashing the output: not the kernel's time */
  unsigned long long h = bench_hash(ex, sizeof(double[NX][NY]), BENCH_HASH_SEED);
  h = bench_hash(ey, sizeof(double[NX][NY]), h);
  bench_report(seconds, bench_hash(hz, sizeof(double[NX][NY]), h));
  free(ex);
  free(ey);
  free(hz);
  free(fict);
  return 0;
}
