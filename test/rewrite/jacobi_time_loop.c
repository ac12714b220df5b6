// Two parallel loops inside a sequential time loop; boundary columns are holes in each row, so no OUT_EXACT.
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
#define N 200
static double u[N][N], v[N][N];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      u[i][j] = (i * 3 + j * 7) % 10;
  for (int it = 0; it < 3; it++) {
#pragma lsc parallel for schedule(fss)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
#pragma lsc parallel for schedule(fss)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        u[i][j] = v[i][j];
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += u[i][j] * ((i + j) % 3);
  printf("%.6f\n", s);
  return 0;
}

// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}jacobi_time_loop.c"
// CHECK: {{^ *}}struct lsc_env_20 {
// CHECK: {{^ *}}struct lsc_env_20 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}lsc_e->v = (void *)v;
// CHECK: {{^ *}}lsc_e->u = (void *)u;
// CHECK: {{^ *}}struct lsc_env_20 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int i = (int)(1 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 21 "{{.*}}jacobi_time_loop.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_20 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}jacobi_time_loop.c", .line = 20, .body = lsc_body_20, .bind = lsc_bind_20, .env_size = sizeof(struct lsc_env_20),
// CHECK-NEXT: {{^ *}}.schedule = "fss", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}struct lsc_env_24 {
// CHECK: {{^ *}}struct lsc_env_24 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}lsc_e->u = (void *)u;
// CHECK: {{^ *}}lsc_e->v = (void *)v;
// CHECK: {{^ *}}struct lsc_env_24 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int i = (int)(1 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 25 "{{.*}}jacobi_time_loop.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_24 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}jacobi_time_loop.c", .line = 24, .body = lsc_body_24, .bind = lsc_bind_24, .env_size = sizeof(struct lsc_env_24),
// CHECK-NEXT: {{^ *}}.schedule = "fss", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 14 "{{.*}}jacobi_time_loop.c"
// CHECK: {{^ *}}struct lsc_env_20 lsc_env;
// CHECK: {{^ *}}{"v", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_WRITE, offsetof(struct lsc_env_20, v), sizeof(double), 0, 0, 40000, {0}, {200, 201, 200, 399, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"u", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ, offsetof(struct lsc_env_20, u), sizeof(double), 0, 0, 40000, {200, 1, 200, 599, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_20, &lsc_env, lsc_vars, 2, lsc_iv_trip_count(1, N - 1, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 22 "{{.*}}jacobi_time_loop.c"
// CHECK: {{^ *}}struct lsc_env_24 lsc_env;
// CHECK: {{^ *}}{"u", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_WRITE, offsetof(struct lsc_env_24, u), sizeof(double), 0, 0, 40000, {0}, {200, 201, 200, 399, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"v", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ, offsetof(struct lsc_env_24, v), sizeof(double), 0, 0, 40000, {200, 201, 200, 399, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_24, &lsc_env, lsc_vars, 2, lsc_iv_trip_count(1, N - 1, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 26 "{{.*}}jacobi_time_loop.c"
