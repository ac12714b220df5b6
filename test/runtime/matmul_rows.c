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
#include "lsc.h"

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
static const lsc_site site_mm = {LSC_SITE_MAGIC,        LSC_ABI_VERSION, __FILE__, __LINE__, body_mm, bind_mm,
                                 sizeof(struct env_mm), "gss",           0,        0,        0,       0};

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = (i * 7 + j * 3) % 11 - 5.5;
      b[i][j] = (i * 5 + j * 13) % 17 * 0.25;
      c[i][j] = -1;
    }
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
       {N, 0, N, N},
       {0, 0, 0, 0}},
      {"b",
       LSC_VAR_ARRAY,
       LSC_VAR_GLOBAL | LSC_VAR_READ | LSC_VAR_WHOLE,
       offsetof(struct env_mm, b),
       sizeof(double),
       0,
       0,
       (int64_t)N * N,
       {0, 0, 0, 0},
       {0, 0, 0, 0}},
      {"c",
       LSC_VAR_ARRAY,
       LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT,
       offsetof(struct env_mm, c),
       sizeof(double),
       0,
       0,
       (int64_t)N * N,
       {0, 0, 0, 0},
       {N, 0, N, N}},
  };
  lsc_parallel_for(&site_mm, &env, vars, 3, lsc_trip_count(0, N, 1, LSC_CMP_LT));

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
