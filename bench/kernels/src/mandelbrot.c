/* mandelbrot: escape counts over a grid, rows in parallel; a few rows cost far more than the others, the
 * classic case for self-scheduling. Output: integers, so every build agrees exactly. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, before any header */
#include "bench_kernel.h"

#define H 1200
#define W 1200
#define MAXIT 1500
static int img[H][W];

static void kernel(int h, int w) {
#pragma lsc parallel for // omp: schedule(dynamic)
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      double cr = -2.0 + 2.6 * x / w, ci = -1.3 + 2.6 * y / h, zr = 0, zi = 0;
      int it = 0;
      while (it < MAXIT && zr * zr + zi * zi < 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        it++;
      }
      img[y][x] = it;
    }
}

int main(void) {
  double t0 = bench_now();
  kernel(H, W);
  double seconds = bench_now() - t0; /* before hashing the output: not the kernel's time */
  bench_report(seconds, bench_hash(img, sizeof img, BENCH_HASH_SEED));
  return 0;
}
