// Several pragmas in one file, one of them in another function taking a pointer.
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

#define N 400
static int a[N], b[N], c[N];

static void scale(int *v, int n, int f) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    v[i] *= f;
}

int main(void) {
#pragma lsc parallel for schedule(pss)
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma lsc parallel for schedule(cyclic)
  for (int i = 0; i < N; i++)
    b[i] = a[i] * 2;
  scale(b, N, 3);
#pragma lsc parallel for
  for (int i = 0; i < N; i++)
    c[i] = a[i] + b[i];
  long s = 0;
  for (int i = 0; i < N; i++)
    s += c[i] * (i % 11);
  printf("%ld\n", s);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}several_loops.c"
// CHECK: {{^ *}}struct lsc_env_18 {
// CHECK: {{^ *}}struct lsc_env_18 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int f = lsc_e->f;
// CHECK: {{^ *}}int *v = lsc_e->v;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 19 "{{.*}}several_loops.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_18 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}several_loops.c", .line = 18, .body = lsc_body_18, .bind = 0, .env_size = sizeof(struct lsc_env_18),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 16 "{{.*}}several_loops.c"
// CHECK: {{^ *}}struct lsc_env_18 lsc_env;
// CHECK: {{^ *}}lsc_env.v = (void *)v;
// CHECK: {{^ *}}lsc_env.f = f;
// CHECK: {{^ *}}{"v", LSC_VAR_ARRAY, LSC_VAR_READ | LSC_VAR_WRITE, offsetof(struct lsc_env_18, v), sizeof(int), 0, 0, 0, {1, 0, 1, 1, 0, 0, 0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"f", LSC_VAR_SCALAR, 0, offsetof(struct lsc_env_18, f), sizeof(int), 0, 0, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_18, &lsc_env, lsc_vars, 2, lsc_iv_trip_count(0, n, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 19 "{{.*}}several_loops.c"
// CHECK: {{^ *}}struct lsc_env_24 {
// CHECK: {{^ *}}struct lsc_env_24 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}lsc_e->a = (void *)a;
// CHECK: {{^ *}}struct lsc_env_24 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 25 "{{.*}}several_loops.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_24 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}several_loops.c", .line = 24, .body = lsc_body_24, .bind = lsc_bind_24, .env_size = sizeof(struct lsc_env_24),
// CHECK-NEXT: {{^ *}}.schedule = "pss", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}struct lsc_env_27 {
// CHECK: {{^ *}}struct lsc_env_27 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}lsc_e->b = (void *)b;
// CHECK: {{^ *}}lsc_e->a = (void *)a;
// CHECK: {{^ *}}struct lsc_env_27 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 28 "{{.*}}several_loops.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_27 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}several_loops.c", .line = 27, .body = lsc_body_27, .bind = lsc_bind_27, .env_size = sizeof(struct lsc_env_27),
// CHECK-NEXT: {{^ *}}.schedule = "cyclic", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}struct lsc_env_31 {
// CHECK: {{^ *}}struct lsc_env_31 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}lsc_e->c = (void *)c;
// CHECK: {{^ *}}lsc_e->a = (void *)a;
// CHECK: {{^ *}}lsc_e->b = (void *)b;
// CHECK: {{^ *}}struct lsc_env_31 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 32 "{{.*}}several_loops.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_31 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}several_loops.c", .line = 31, .body = lsc_body_31, .bind = lsc_bind_31, .env_size = sizeof(struct lsc_env_31),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 22 "{{.*}}several_loops.c"
// CHECK: {{^ *}}struct lsc_env_24 lsc_env;
// CHECK: {{^ *}}{"a", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_24, a), sizeof(int), 0, 0, 400, {0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_24, &lsc_env, lsc_vars, 1, lsc_iv_trip_count(0, N, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 25 "{{.*}}several_loops.c"
// CHECK: {{^ *}}struct lsc_env_27 lsc_env;
// CHECK: {{^ *}}{"b", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_27, b), sizeof(int), 0, 0, 400, {0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"a", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ, offsetof(struct lsc_env_27, a), sizeof(int), 0, 0, 400, {1, 0, 1, 1, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_27, &lsc_env, lsc_vars, 2, lsc_iv_trip_count(0, N, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 28 "{{.*}}several_loops.c"
// CHECK: {{^ *}}struct lsc_env_31 lsc_env;
// CHECK: {{^ *}}{"c", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_31, c), sizeof(int), 0, 0, 400, {0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"a", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ, offsetof(struct lsc_env_31, a), sizeof(int), 0, 0, 400, {1, 0, 1, 1, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"b", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ, offsetof(struct lsc_env_31, b), sizeof(int), 0, 0, 400, {1, 0, 1, 1, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_31, &lsc_env, lsc_vars, 3, lsc_iv_trip_count(0, N, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 32 "{{.*}}several_loops.c"
