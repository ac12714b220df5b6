// A triangular inner loop (j <= i): footprints whose end grows faster than their start.
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

#define N 150
static double low[N][N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      low[i][j] = -1;
#pragma lsc parallel for schedule(fiss(3))
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      low[i][j] = i * 1000 + j;
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += low[i][j] * ((i + j) % 3);
  printf("%.0f\n", s);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}inner_triangular.c"
// CHECK: {{^ *}}struct lsc_env_21 {
// CHECK: {{^ *}}struct lsc_env_21 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}lsc_e->low = (void *)low;
// CHECK: {{^ *}}struct lsc_env_21 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 22 "{{.*}}inner_triangular.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_21 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}inner_triangular.c", .line = 21, .body = lsc_body_21, .bind = lsc_bind_21, .env_size = sizeof(struct lsc_env_21),
// CHECK-NEXT: {{^ *}}.schedule = "fiss(3)", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 16 "{{.*}}inner_triangular.c"
// CHECK: {{^ *}}struct lsc_env_21 lsc_env;
// CHECK: {{^ *}}{"low", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_WRITE, offsetof(struct lsc_env_21, low), sizeof(double), 0, 0, 22500, {0}, {150, 0, 151, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_21, &lsc_env, lsc_vars, 1, lsc_iv_trip_count(0, N, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 23 "{{.*}}inner_triangular.c"
