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
  lsc_var vars[] = {
      {"a", LSC_VAR_SCALAR, 0, offsetof(struct axpy_env, a), sizeof(double), 0, 0, 0, {0, 0, 0, 0}, {0, 0, 0, 0}},
      {"sum", LSC_VAR_REDUCTION, 0, offsetof(struct axpy_env, sum), sizeof(double), LSC_TYPE_DOUBLE, LSC_RED_ADD,
       0, {0, 0, 0, 0}, {0, 0, 0, 0}},
      /* x[k]: element k travels with iteration k */
      {"x", LSC_VAR_ARRAY, LSC_VAR_READ, offsetof(struct axpy_env, x), sizeof(double), 0, 0, n, {1, 0, 1, 1},
       {0, 0, 0, 0}},
      /* y[k]: written for every k, so nothing needs to be sent before the chunk */
      {"y", LSC_VAR_ARRAY, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct axpy_env, y), sizeof(double), 0, 0,
       n, {0, 0, 0, 0}, {1, 0, 1, 1}},
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
