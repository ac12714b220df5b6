/* nbody: all-pairs gravitational forces, then the leapfrog update, in a time loop; the force loop is
 * compute-bound (N^2 interactions) and reads every position. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, before any header */
#include "bench_kernel.h"

#include <math.h>

#define N 3000
#define STEPS 10
static double px[N], py[N], pz[N], vx[N], vy[N], vz[N], m[N], ax[N], ay[N], az[N];

static void kernel(int n) {
  for (int s = 0; s < STEPS; s++) {
#pragma lsc parallel for // omp: schedule(dynamic)
    for (int i = 0; i < n; i++) {
      double fx = 0, fy = 0, fz = 0;
      for (int j = 0; j < n; j++) {
        double dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
        double r2 = dx * dx + dy * dy + dz * dz + 1e-3;
        double inv = m[j] / (r2 * sqrt(r2));
        fx += dx * inv;
        fy += dy * inv;
        fz += dz * inv;
      }
      ax[i] = fx;
      ay[i] = fy;
      az[i] = fz;
    }
#pragma lsc parallel for // omp: schedule(dynamic)
    for (int i = 0; i < n; i++) {
      vx[i] += 0.01 * ax[i];
      vy[i] += 0.01 * ay[i];
      vz[i] += 0.01 * az[i];
      px[i] += 0.01 * vx[i];
      py[i] += 0.01 * vy[i];
      pz[i] += 0.01 * vz[i];
    }
  }
}

int main(void) {
  for (int i = 0; i < N; i++) {
    px[i] = (double)(i % 37) - 18;
    py[i] = (double)(i % 41) - 20;
    pz[i] = (double)(i % 43) - 21;
    m[i] = 1.0 + (i % 3);
    vx[i] = vy[i] = vz[i] = 0;
  }
  double t0 = bench_now();
  kernel(N);
  double seconds = bench_now() - t0; /* before hashing the output: not the kernel's time */
  unsigned long long h = bench_hash(px, sizeof px, BENCH_HASH_SEED);
  h = bench_hash(py, sizeof py, h);
  bench_report(seconds, bench_hash(pz, sizeof pz, h));
  return 0;
}
