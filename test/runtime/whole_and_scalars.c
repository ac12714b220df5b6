// clang-format off
// Arrays of main's own (malloc'ed, reached through env pointers: workers use mirrors, reused by a second
// instance of the loop), one read whole, one read through a sliding window that overlaps between iterations
// (contiguous hull), captured scalars of several types and a global scalar read by a helper (INDIRECT).
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t | FileCheck %s
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: instance 0: equal
// CHECK: instance 1: equal
// CHECK-NOT: differ
// clang-format on
#include "Inputs/site_helpers.h"

#include <stdio.h>
#include <stdlib.h>

struct point {
  double x, y;
};
static int global_bias = 7; /* read by helper(), so its value must be copied into each worker's global */
static double helper(double v) {
  return v + global_bias;
}

struct env_w {
  const double *table; /* whole: every iteration reads all of it */
  const double *win;   /* window win[k .. k+4) */
  double *out;
  int n, tlen;
  double scale;
  struct point shift;
  int *bias;
};
static void bind_w(void *env) {
  ((struct env_w *)env)->bias = &global_bias;
}
static void body_w(int64_t lo, int64_t hi, void *env) {
  struct env_w *e = env;
  for (int64_t k = lo; k < hi; k++) {
    double acc = 0;
    for (int t = 0; t < e->tlen; t++)
      acc += e->table[t] * (double)((k + t) % 5);
    for (int w = 0; w < 4; w++)
      acc += e->win[k + w];
    e->out[k] = helper(acc * e->scale + e->shift.x - e->shift.y);
  }
}
static const lsc_site site_w = LSC_SITE_INIT(__FILE__, __LINE__, body_w, bind_w, struct env_w);

static int run(int instance, int n, int tlen) {
  double *table = malloc(sizeof(double) * tlen), *win = malloc(sizeof(double) * (n + 3));
  double *out = malloc(sizeof(double) * n), *ref = malloc(sizeof(double) * n);
  for (int t = 0; t < tlen; t++)
    table[t] = t * 0.5 + instance;
  for (int i = 0; i < n + 3; i++)
    win[i] = (i % 13) * 0.25;
  global_bias = 7 + instance;
  struct env_w env = {table, win, out, n, tlen, 1.5 + instance, {2.0, 0.5}, 0};
  lsc_var vars[] = {
      TEST_ARRAY(struct env_w, table, double, LSC_VAR_READ | LSC_VAR_WHOLE, tlen),
      /* win[k .. k+4): windows of neighbouring iterations overlap; the extent is derived from the slices */
      TEST_ARRAY(struct env_w, win, double, LSC_VAR_READ, 0, .in = {1, 0, 1, 4}),
      TEST_ARRAY(struct env_w, out, double, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, n, .out = TEST_SLICE_K),
      TEST_SCALAR(struct env_w, n),
      TEST_SCALAR(struct env_w, tlen),
      TEST_SCALAR(struct env_w, scale),
      TEST_SCALAR(struct env_w, shift),
      /* a global the body reads through helper(): the env field points to it, the int itself travels */
      {.name = "global_bias",
       .kind = LSC_VAR_SCALAR,
       .flags = LSC_VAR_INDIRECT,
       .offset = offsetof(struct env_w, bias),
       .size = sizeof(int)},
  };
  lsc_parallel_for(&site_w, &env, vars, TEST_COUNT(vars), lsc_trip_count(0, n, 1, LSC_CMP_LT));
  struct env_w seq = env;
  seq.out = ref;
  body_w(0, n, &seq);
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += out[i] != ref[i];
  printf("instance %d: %s\n", instance, bad ? "differ" : "equal");
  free(table);
  free(win);
  free(out);
  free(ref);
  return bad;
}

int main(void) {
  int bad = run(0, 500, 64);
  bad += run(1, 900, 100); /* larger arrays: the mirrors grow */
  return bad != 0;
}
