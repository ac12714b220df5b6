// clang-format off
// The example of docs/runtime.md, verbatim between the markers, against a sequential computation.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// CHECK: axpy: equal
/* --- docs/runtime.md --- */
#include "lsc.h"

struct axpy_env {          /* every value the body reads, a pointer per array */
  double a, sum;
  double *x, *y;
};

static void axpy_body(int64_t lo, int64_t hi, void *env) {
  struct axpy_env *e = env;
  double sum = e->sum;     /* a reduction: read at entry ...                  */
  for (int64_t k = lo; k < hi; k++) {
    e->y[k] = e->a * e->x[k];
    sum += e->y[k];
  }
  e->sum = sum;            /* ... stored back at exit                         */
}

/* static const: workers find the site in their own copy of the program */
static const lsc_site axpy_site = LSC_SITE_INIT(__FILE__, __LINE__, axpy_body, NULL, struct axpy_env);

double axpy(double a, double *x, double *y, int n) {
  struct axpy_env env = {a, 0.0, x, y};
  lsc_var vars[] = {   /* fields left out are 0: no flags, no slices */
      {.name = "a", .kind = LSC_VAR_SCALAR, .offset = offsetof(struct axpy_env, a), .size = sizeof(double)},
      {.name = "sum", .kind = LSC_VAR_REDUCTION, .offset = offsetof(struct axpy_env, sum),
       .size = sizeof(double), .type = LSC_TYPE_DOUBLE, .op = LSC_RED_ADD},
      /* x[k]: element k, [1*k + 0, 1*k + 1), travels with iteration k */
      {.name = "x", .kind = LSC_VAR_ARRAY, .flags = LSC_VAR_READ, .offset = offsetof(struct axpy_env, x),
       .size = sizeof(double), .extent = n, .in = {1, 0, 1, 1}},
      /* y[k]: written for every k, so nothing needs to be sent before the chunk */
      {.name = "y", .kind = LSC_VAR_ARRAY, .flags = LSC_VAR_WRITE | LSC_VAR_OUT_EXACT,
       .offset = offsetof(struct axpy_env, y), .size = sizeof(double), .extent = n, .out = {1, 0, 1, 1}},
  };
  lsc_parallel_for(&axpy_site, &env, vars, 4, lsc_trip_count(0, n, 1, LSC_CMP_LT));
  return env.sum;
}
/* --- end --- */
// clang-format on

#include <stdio.h>

int main(void) {
  enum { N = 1000 };
  static double x[N], y[N];
  for (int i = 0; i < N; i++)
    x[i] = i * 0.5;
  double sum = axpy(3.0, x, y, N), ref = 0;
  int bad = 0;
  for (int i = 0; i < N; i++) {
    bad += y[i] != 3.0 * x[i];
    ref += 3.0 * x[i];
  }
  printf("axpy: %s\n",
         bad == 0 && sum == ref ? "equal" : "differ"); /* exact: every value is a multiple of 0.5 */
  return bad != 0;
}
