/* lsc-bench-pipeline-heat: samples/heat.c's sweep (in place, Gauss-Seidel order: flow (1,0) and (0,1), anti
 * (1,0) and (0,1)) as a pipelined nest, called through lsc_pipeline_for as lsc-rewrite emits it, with WORK
 * relaxation steps per cell so that a cell costs a few hundred nanoseconds: the sample itself is so cheap per
 * cell that moving its rows to the workers would cost more than computing them, and the curve against h
 * would show the copies, not the pipeline. Usage: lsc-bench-pipeline-heat ROWS COLS STEPS WORK; prints
 * seconds per sweep (the mean over STEPS, rank 0's wall clock) and a checksum of the grid. */
#include "lsc.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct env {
  double *u;
  int64_t cols, work;
};

static void row(int64_t k1, int64_t lo, int64_t hi, void *envp) {
  struct env *e = envp;
  int64_t w = e->cols + 2, i = k1 + 1;
  double *u = e->u;
  for (int64_t k2 = lo; k2 < hi; k2++) {
    int64_t j = k2 + 1;
    double v = u[i * w + j];
    for (int64_t r = 0; r < e->work; r++)
      v += 0.2 * (u[(i - 1) * w + j] + u[i * w + j - 1] + u[(i + 1) * w + j] + u[i * w + j + 1] - 4.0 * v);
    u[i * w + j] = v;
  }
}

static const lsc_pipeline_site site = {.base = {.magic = LSC_PIPELINE_SITE_MAGIC,
                                                .abi = LSC_ABI_VERSION,
                                                .file = "heat_pipeline.c",
                                                .line = 1,
                                                .env_size = sizeof(struct env),
                                                .schedule = "dtss"},
                                       .row = row,
                                       .sync = "auto"};

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: %s ROWS COLS STEPS WORK\n", argv[0]);
    return 2;
  }
  int64_t rows = atoll(argv[1]), cols = atoll(argv[2]), steps = atoll(argv[3]), work = atoll(argv[4]);
  if (rows < 1 || cols < 1 || steps < 1 || work < 1) {
    fprintf(stderr, "%s: every argument must be a positive integer\n", argv[0]);
    return 2;
  }
  int64_t w = cols + 2, cells = (rows + 2) * w;
  double *u = malloc((size_t)cells * sizeof *u);
  if (!u)
    return 1;
  for (int64_t x = 0; x < cells; x++)
    u[x] = (double)((x * 7919) % 1000) / 100.0;
  struct env e = {u, cols, work};
  lsc_var vars[] = {
      {"u",
       LSC_VAR_ARRAY,
       LSC_VAR_READ | LSC_VAR_WRITE,
       offsetof(struct env, u),
       sizeof(double),
       0,
       0,
       cells,
       {w, 0, w, 3 * w, 0, 0, 0},
       {w, w + 1, w, w + 1 + cols, 0, 0, 0},
       LSC_NO_MORE_SLICES},
      {"cols",
       LSC_VAR_SCALAR,
       0,
       offsetof(struct env, cols),
       sizeof(int64_t),
       0,
       0,
       0,
       {0, 0, 0, 0, 0, 0, 0},
       {0, 0, 0, 0, 0, 0, 0},
       LSC_NO_MORE_SLICES},
      {"work",
       LSC_VAR_SCALAR,
       0,
       offsetof(struct env, work),
       sizeof(int64_t),
       0,
       0,
       0,
       {0, 0, 0, 0, 0, 0, 0},
       {0, 0, 0, 0, 0, 0, 0},
       LSC_NO_MORE_SLICES},
  };
  lsc_cell_slice boundary[] = {{0, w, 1, w + 1, w, 1, w + 2}};
  lsc_nest nest = {rows, cols, 1, 0, boundary, 1};
  double start = now();
  for (int64_t s = 0; s < steps; s++)
    lsc_pipeline_for(&site, &e, vars, 3, &nest);
  double per_sweep = (now() - start) / (double)steps;
  double sum = 0;
  for (int64_t x = 0; x < cells; x++)
    sum += u[x] * (double)(x % 17 + 1);
  printf("seconds=%.6f checksum=%.17g\n", per_sweep, sum);
  free(u);
  return 0;
}
