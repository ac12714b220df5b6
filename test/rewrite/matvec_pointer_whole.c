// Matrix-vector product over pointers: y[i] accumulated (no OUT_EXACT), A by rows, x read whole with extent n, an inner variable declared outside and made private.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra -I%S %lsc-libs
// RUN: %seq-build %t.seq %s -I%S -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: %mpirun -np 4 %t > %t.np4 && diff %t.expected %t.np4
#include <stdio.h>
#include <stdlib.h>
static void matvec(int n, const double *A, const double *x, double *y) {
  int i, j;
#pragma lsc parallel for private(j)
  for (i = 0; i < n; i++) {
    y[i] = 0;
    for (j = 0; j < n; j++)
      y[i] += A[i * n + j] * x[j];
  }
}
int main(void) {
  int n = 300;
  double *A = malloc(sizeof(double) * n * n), *x = malloc(sizeof(double) * n),
         *y = malloc(sizeof(double) * n);
  for (int k = 0; k < n * n; k++)
    A[k] = k % 7;
  for (int k = 0; k < n; k++)
    x[k] = k % 3;
  matvec(n, A, x, y);
  double s = 0;
  for (int k = 0; k < n; k++)
    s += y[k] * (k % 5);
  printf("%.1f\n", s);
  free(A);
  free(x);
  free(y);
  return 0;
}

// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}matvec_pointer_whole.c"
// CHECK: {{^ *}}struct lsc_env_16 {
// CHECK: {{^ *}}struct lsc_env_16 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int n = lsc_e->n;
// CHECK: {{^ *}}double *y = lsc_e->y;
// CHECK: {{^ *}}double *A = lsc_e->A;
// CHECK: {{^ *}}double *x = lsc_e->x;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 16 "{{.*}}matvec_pointer_whole.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_16 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}matvec_pointer_whole.c", .line = 16, .body = lsc_body_16, .bind = 0, .env_size = sizeof(struct lsc_env_16),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 13 "{{.*}}matvec_pointer_whole.c"
// CHECK: {{^ *}}struct lsc_env_16 lsc_env;
// CHECK: {{^ *}}lsc_env.y = (void *)y;
// CHECK: {{^ *}}lsc_env.n = n;
// CHECK: {{^ *}}lsc_env.A = (void *)A;
// CHECK: {{^ *}}lsc_env.x = (void *)x;
// CHECK: {{^ *}}{"y", LSC_VAR_ARRAY, LSC_VAR_READ | LSC_VAR_WRITE, offsetof(struct lsc_env_16, y), sizeof(double), 0, 0, 0, {1, 0, 1, 1, 0, 0, 0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"n", LSC_VAR_SCALAR, 0, offsetof(struct lsc_env_16, n), sizeof(int), 0, 0, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"A", LSC_VAR_ARRAY, LSC_VAR_READ, offsetof(struct lsc_env_16, A), sizeof(double), 0, 0, 0, {(int64_t)n, 0, (int64_t)n, (int64_t)n, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"x", LSC_VAR_ARRAY, LSC_VAR_READ | LSC_VAR_WHOLE, offsetof(struct lsc_env_16, x), sizeof(double), 0, 0, (int64_t)n, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}int64_t lsc_n = lsc_iv_trip_count(0, n, 1, LSC_CMP_LT, LSC_I32, LSC_I32);
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_16, &lsc_env, lsc_vars, 4, lsc_n);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}(void)j;
// CHECK: {{^ *}}#line 20 "{{.*}}matvec_pointer_whole.c"
