/* The data path through liblsc: one `parallel for` of y[i] = 2 * x[i] + 1 over MIB MiB of doubles, with the
 * descriptors generated code passes (x read by iteration i, y written exactly by iteration i). Run with
 * LSC_MASTER=serve at 2 ranks, the one worker gets the whole loop as one chunk (gss), so x travels master ->
 * worker and y worker -> master, as in bandwidth_raw.c. Prints the median seconds of REPEATS loops and
 * whether y came back right. */
#include "lsc.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MIB 64
#define REPEATS 7

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}
static int by_value(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

struct env_bw {
  void *x, *y;
};
static void body_bw(int64_t lo, int64_t hi, void *env) {
  struct env_bw *e = env;
  const double *x = e->x;
  double *y = e->y;
  for (int64_t i = lo; i < hi; i++)
    y[i] = 2 * x[i] + 1;
}
static const lsc_site site_bw = {.magic = LSC_SITE_MAGIC,
                                 .abi = LSC_ABI_VERSION,
                                 .file = __FILE__,
                                 .line = __LINE__,
                                 .body = body_bw,
                                 .bind = NULL,
                                 .env_size = sizeof(struct env_bw),
                                 .schedule = "gss"};

int main(void) {
  int64_t n = (int64_t)MIB * (1 << 20) / (int64_t)sizeof(double);
  double *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
  if (!x || !y)
    return 1;
  for (int64_t i = 0; i < n; i++)
    x[i] = (double)(i % 1000), y[i] = 0;
  double secs[REPEATS];
  int right = 1;
  for (int r = 0; r < REPEATS; r++) {
    struct env_bw env = {x, y};
    lsc_var vars[] = {
        {"x",
         LSC_VAR_ARRAY,
         LSC_VAR_READ,
         offsetof(struct env_bw, x),
         sizeof(double),
         0,
         0,
         n,
         {1, 0, 1, 1, 0, 0, 0},
         {0, 0, 0, 0, 0, 0, 0},
         LSC_NO_MORE_SLICES},
        {"y",
         LSC_VAR_ARRAY,
         LSC_VAR_WRITE | LSC_VAR_OUT_EXACT,
         offsetof(struct env_bw, y),
         sizeof(double),
         0,
         0,
         n,
         {0, 0, 0, 0, 0, 0, 0},
         {1, 0, 1, 1, 0, 0, 0},
         LSC_NO_MORE_SLICES},
    };
    double t0 = now();
    lsc_parallel_for(&site_bw, &env, vars, 2, n);
    secs[r] = now() - t0;
    for (int64_t i = 0; i < n; i++)
      right &= y[i] == 2 * x[i] + 1;
    for (int64_t i = 0; i < n; i++)
      y[i] = 0;
  }
  qsort(secs, REPEATS, sizeof secs[0], by_value);
  printf("lsc_seconds=%.5f\nlsc_right=%d\n", secs[REPEATS / 2], right);
  free(x);
  free(y);
  return 0;
}
