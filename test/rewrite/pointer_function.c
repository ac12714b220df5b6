// Pointer parameters in a function other than main (saxpy), schedule(fss).
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

static void saxpy(int n, float a, const float *x, float *y) {
#pragma lsc parallel for schedule(fss)
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int main(void) {
  int n = 5000;
  float *x = malloc(sizeof *x * (size_t)n), *y = malloc(sizeof *y * (size_t)n);
  for (int i = 0; i < n; i++) {
    x[i] = (float)i;
    y[i] = (float)(n - i);
  }
  saxpy(n, 3.0f, x, y);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += y[i] * (i % 7);
  printf("%.1f\n", s);
  free(x);
  free(y);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}pointer_function.c"
// CHECK: {{^ *}}struct lsc_env_16 {
// CHECK: {{^ *}}struct lsc_env_16 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}float a = lsc_e->a;
// CHECK: {{^ *}}float *y = lsc_e->y;
// CHECK: {{^ *}}float *x = lsc_e->x;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 17 "{{.*}}pointer_function.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_16 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}pointer_function.c", .line = 16, .body = lsc_body_16, .bind = 0, .env_size = sizeof(struct lsc_env_16),
// CHECK-NEXT: {{^ *}}.schedule = "fss", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 14 "{{.*}}pointer_function.c"
// CHECK: {{^ *}}struct lsc_env_16 lsc_env;
// CHECK: {{^ *}}lsc_env.y = (void *)y;
// CHECK: {{^ *}}lsc_env.a = a;
// CHECK: {{^ *}}lsc_env.x = (void *)x;
// CHECK: {{^ *}}{"y", LSC_VAR_ARRAY, LSC_VAR_READ | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_16, y), sizeof(float), 0, 0, 0, {1, 0, 1, 1, 0, 0, 0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"a", LSC_VAR_SCALAR, 0, offsetof(struct lsc_env_16, a), sizeof(float), 0, 0, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"x", LSC_VAR_ARRAY, LSC_VAR_READ, offsetof(struct lsc_env_16, x), sizeof(float), 0, 0, 0, {1, 0, 1, 1, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_16, &lsc_env, lsc_vars, 3, lsc_iv_trip_count(0, n, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 17 "{{.*}}pointer_function.c"
