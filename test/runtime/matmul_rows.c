// clang-format off
// Row-sliced matmul written by hand against the generated-code contract (docs/design.md): a[i][*] travels
// with row i, b is read whole, c comes back row by row. The result must equal the sequential product.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t | FileCheck %s
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// Linked against liblsc.a the capture code must come along with lsc_parallel_for.
// RUN: %lsc-build %t.static %s %lsc-static-libs
// RUN: %mpirun -np 3 %t.static | FileCheck %s
// CHECK: matmul 96x96: equal
// CHECK-NOT: differ
// clang-format on
#include "Inputs/site_helpers.h"

#include <stdio.h>

#define N 96
static double a[N][N], b[N][N], c[N][N], ref[N][N];

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
  struct env_mm *e = env;
  double(*x)[N] = e->a, (*y)[N] = e->b, (*z)[N] = e->c;
  for (int64_t k = lo; k < hi; k++) {
    int i = (int)k;
    for (int j = 0; j < N; j++) {
      double sum = 0.0;
      for (int l = 0; l < N; l++)
        sum += x[i][l] * y[l][j];
      z[i][j] = sum;
    }
  }
}
static const lsc_site site_mm = TEST_SITE(body_mm, bind_mm, struct env_mm, .schedule = "gss");

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = (i * 7 + j * 3) % 11 - 5.5;
      b[i][j] = (i * 5 + j * 13) % 17 * 0.25;
      c[i][j] = -1;
    }
  struct env_mm env;
  lsc_var vars[] = {
      TEST_ARRAY(struct env_mm, a, double, LSC_VAR_GLOBAL | LSC_VAR_READ, (int64_t)N * N,
                 .in = TEST_SLICE_ROW(N)),
      TEST_ARRAY(struct env_mm, b, double, LSC_VAR_GLOBAL | LSC_VAR_READ | LSC_VAR_WHOLE, (int64_t)N * N),
      TEST_ARRAY(struct env_mm, c, double, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, (int64_t)N * N,
                 .out = TEST_SLICE_ROW(N)),
  };
  lsc_parallel_for(&site_mm, &env, vars, TEST_COUNT(vars), lsc_trip_count(0, N, 1, LSC_CMP_LT));

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double sum = 0.0;
      for (int l = 0; l < N; l++)
        sum += a[i][l] * b[l][j];
      ref[i][j] = sum;
    }
  int bad = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (c[i][j] != ref[i][j] && bad++ < 3)
        printf("c[%d][%d] differ: %g vs %g\n", i, j, c[i][j], ref[i][j]);
  printf("matmul %dx%d: %s\n", N, N, bad ? "differ" : "equal");
  return bad != 0;
}
