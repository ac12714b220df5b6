// A local row pointer into a parameter array, made movable by an inout() section.
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

/* Rows reached through a local pointer: inout() states the row each iteration touches. */
static void scale_rows(double *a, int n, int m) {
#pragma lsc parallel for inout(a[i * m:m]) schedule(css(3))
  for (int i = 0; i < n; i++) {
    double *row = &a[i * m];
    for (int j = 0; j < m; j++)
      row[j] = row[j] * 2 + i;
  }
}

int main(void) {
  int n = 50, m = 9;
  double *a = malloc(sizeof *a * (size_t)(n * m));
  for (int k = 0; k < n * m; k++)
    a[k] = k % 11;
  scale_rows(a, n, m);
  double s = 0;
  for (int k = 0; k < n * m; k++)
    s += a[k] * (k % 4);
  printf("%.1f\n", s);
  free(a);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}row_pointer_inout.c"
// CHECK: {{^ *}}struct lsc_env_17 {
// CHECK: {{^ *}}struct lsc_env_17 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int m = lsc_e->m;
// CHECK: {{^ *}}double *a = lsc_e->a;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 17 "{{.*}}row_pointer_inout.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_17 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}row_pointer_inout.c", .line = 17, .body = lsc_body_17, .bind = 0, .env_size = sizeof(struct lsc_env_17),
// CHECK-NEXT: {{^ *}}.schedule = "css(3)", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 15 "{{.*}}row_pointer_inout.c"
// CHECK: {{^ *}}struct lsc_env_17 lsc_env;
// CHECK: {{^ *}}lsc_env.a = (void *)a;
// CHECK: {{^ *}}lsc_env.m = m;
// CHECK: {{^ *}}{"a", LSC_VAR_ARRAY, LSC_VAR_READ | LSC_VAR_WRITE, offsetof(struct lsc_env_17, a), sizeof(double), 0, 0, 0, {(int64_t)m, 0, (int64_t)m, (int64_t)m, 0, 0, 0}, {(int64_t)m, 0, (int64_t)m, (int64_t)m, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"m", LSC_VAR_SCALAR, 0, offsetof(struct lsc_env_17, m), sizeof(int), 0, 0, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_17, &lsc_env, lsc_vars, 2, lsc_iv_trip_count(0, n, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 21 "{{.*}}row_pointer_inout.c"
