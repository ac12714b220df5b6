/* matmul NxN (1024, or as compiled): `serial`, `omp` (OpenMP schedule(dynamic) over rows, all cores) or `lsc`
 * (rows self-scheduled by liblsc over the MPI ranks). Prints the median seconds of REPEATS multiplications
 * (the result pages are touched before, so no run pays the page faults) and a checksum to compare the
 * results. */
#include "lsc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef N /* bench-runtime also builds it with -DN=800, the size of issue 14 */
#define N 1024
#endif
#define REPEATS 3
static double a[N][N], b[N][N], c[N][N];

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void row(int i) {
  for (int j = 0; j < N; j++)
    c[i][j] = 0;
  for (int k = 0; k < N; k++) {
    double aik = a[i][k];
    for (int j = 0; j < N; j++)
      c[i][j] += aik * b[k][j];
  }
}

struct env_mm {
  void *a, *b, *c;
};
static void bind_mm(void *env) {
  struct env_mm *e = env;
  e->a = a;
  e->b = b;
  e->c = c;
}
static void body_mm(int64_t lo, int64_t hi, void *env) {
  (void)env;
  for (int64_t i = lo; i < hi; i++)
    row((int)i);
}
static const lsc_site site_mm = {.magic = LSC_SITE_MAGIC,
                                 .abi = LSC_ABI_VERSION,
                                 .file = __FILE__,
                                 .line = __LINE__,
                                 .body = body_mm,
                                 .bind = bind_mm,
                                 .env_size = sizeof(struct env_mm),
                                 .schedule = "gss"};

static void multiply(const char *mode) {
  if (strcmp(mode, "omp") == 0) {
#pragma omp parallel for schedule(dynamic)
    for (int i = 0; i < N; i++)
      row(i);
  } else if (strcmp(mode, "lsc") == 0) {
    struct env_mm env;
    lsc_var vars[] = {
        {"a",
         LSC_VAR_ARRAY,
         LSC_VAR_GLOBAL | LSC_VAR_READ,
         offsetof(struct env_mm, a),
         sizeof(double),
         0,
         0,
         (int64_t)N * N,
         {N, 0, N, N, 0, 0, 0},
         {0, 0, 0, 0, 0, 0, 0},
         LSC_NO_MORE_SLICES},
        {"b",
         LSC_VAR_ARRAY,
         LSC_VAR_GLOBAL | LSC_VAR_READ | LSC_VAR_WHOLE,
         offsetof(struct env_mm, b),
         sizeof(double),
         0,
         0,
         (int64_t)N * N,
         {0, 0, 0, 0, 0, 0, 0},
         {0, 0, 0, 0, 0, 0, 0},
         LSC_NO_MORE_SLICES},
        {"c",
         LSC_VAR_ARRAY,
         LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT,
         offsetof(struct env_mm, c),
         sizeof(double),
         0,
         0,
         (int64_t)N * N,
         {0, 0, 0, 0, 0, 0, 0},
         {N, 0, N, N, 0, 0, 0},
         LSC_NO_MORE_SLICES},
    };
    lsc_parallel_for(&site_mm, &env, vars, 3, N);
  } else {
    for (int i = 0; i < N; i++)
      row(i);
  }
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "serial";
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = (i * 7 + j * 3) % 11 * 0.5;
      b[i][j] = (i * 5 + j * 13) % 17 * 0.25;
    }
  memset(c, 0, sizeof c);
  double times[REPEATS];
  for (int r = 0; r < REPEATS; r++) {
    double t0 = now();
    multiply(mode);
    times[r] = now() - t0;
  }
  for (int r = 1; r < REPEATS; r++) /* insertion sort of three values: the median is times[1] */
    for (int q = r; q > 0 && times[q] < times[q - 1]; q--) {
      double t = times[q];
      times[q] = times[q - 1];
      times[q - 1] = t;
    }
  double seconds = times[REPEATS / 2];
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += c[i][j] * ((i + j) % 3 + 1);
  printf("seconds=%.4f\nchecksum=%.6e\n", seconds, sum);
  return 0;
}
