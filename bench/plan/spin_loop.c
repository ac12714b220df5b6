/* spin_loop: one parallel loop whose iterations each spin for a known time, through liblsc by hand (no
 * rewriter), so the measured loop time can be set against lsc-plan's prediction for the same scheme, speeds
 * and costs. The schedule, alpha, weights and slowdowns come from LSC_* variables.
 *   spin_loop N COST_US REPEATS   prints "loop_seconds=<median of REPEATS loops>" on rank 0 */
#include "lsc.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static volatile double sink;

struct env_spin {
  double seconds; /* per iteration */
};

/* Spinning, not sleeping: the iteration occupies its core as real work does. */
static void body_spin(int64_t lo, int64_t hi, void *env) {
  double end = now() + (double)(hi - lo) * ((struct env_spin *)env)->seconds;
  while (now() < end)
    sink += 1.0;
}

static const lsc_site site_spin = LSC_SITE_INIT(__FILE__, __LINE__, body_spin, NULL, struct env_spin);

static int by_value(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

int main(int argc, char **argv) {
  lsc_init(&argc, &argv);
  if (argc != 4) {
    fprintf(stderr, "usage: spin_loop N COST_US REPEATS\n");
    lsc_finalize();
    return 2;
  }
  int64_t n = atoll(argv[1]);
  struct env_spin env = {atof(argv[2]) * 1e-6};
  int repeats = atoi(argv[3]);
  double times[64];
  if (repeats < 1 || repeats > 64 || n < 1 || env.seconds <= 0) {
    fprintf(stderr, "spin_loop: N >= 1, COST_US > 0, 1 <= REPEATS <= 64\n");
    lsc_finalize();
    return 2;
  }
  /* the cost per iteration travels to the workers as a captured scalar */
  lsc_var vars[] = {{"seconds",
                     LSC_VAR_SCALAR,
                     0,
                     offsetof(struct env_spin, seconds),
                     sizeof(double),
                     0,
                     0,
                     0,
                     {0},
                     {0},
                     LSC_NO_MORE_SLICES}};
  for (int r = 0; r < repeats; r++) {
    double t0 = now();
    lsc_parallel_for(&site_spin, &env, vars, 1, n);
    times[r] = now() - t0;
  }
  qsort(times, (size_t)repeats, sizeof times[0], by_value);
  printf("loop_seconds=%.6f\n", times[repeats / 2]);
  lsc_finalize();
  return 0;
}
