// A local array read and written through i, a captured scalar, schedule(css(64)).
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

int main(void) {
  double x[1000], y[1000];
  double scale = 2.5;
  int n = 1000;
  for (int i = 0; i < n; i++)
    x[i] = i * 0.5;
#pragma lsc parallel for schedule(css(64))
  for (int i = 0; i < n; i++)
    y[i] = x[i] * scale + 1.0;
  double s = 0;
  for (int i = 0; i < n; i++)
    s += y[i];
  printf("%.3f\n", s);
  return 0;
}





// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}vector_local_captured.c"
// CHECK: {{^ *}}struct lsc_env_20 {
// CHECK: {{^ *}}struct lsc_env_20 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}double scale = lsc_e->scale;
// CHECK: {{^ *}}double *y = lsc_e->y;
// CHECK: {{^ *}}double *x = lsc_e->x;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 21 "{{.*}}vector_local_captured.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_20 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}vector_local_captured.c", .line = 20, .body = lsc_body_20, .bind = 0, .env_size = sizeof(struct lsc_env_20),
// CHECK-NEXT: {{^ *}}.schedule = "css(64)", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 13 "{{.*}}vector_local_captured.c"
// CHECK: {{^ *}}struct lsc_env_20 lsc_env;
// CHECK: {{^ *}}lsc_env.y = (void *)y;
// CHECK: {{^ *}}lsc_env.x = (void *)x;
// CHECK: {{^ *}}lsc_env.scale = scale;
// CHECK: {{^ *}}{"y", LSC_VAR_ARRAY, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_20, y), sizeof(double), 0, 0, 1000, {0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"x", LSC_VAR_ARRAY, LSC_VAR_READ, offsetof(struct lsc_env_20, x), sizeof(double), 0, 0, 1000, {1, 0, 1, 1, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"scale", LSC_VAR_SCALAR, 0, offsetof(struct lsc_env_20, scale), sizeof(double), 0, 0, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_20, &lsc_env, lsc_vars, 3, lsc_iv_trip_count(0, n, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 21 "{{.*}}vector_local_captured.c"
