// The _Pragma operator form, on the same line as the loop.
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
  int v[128];
  _Pragma("lsc parallel for schedule(dgss)") for (int i = 0; i < 128; i++) v[i] = 128 - i;
  int s = 0;
  for (int i = 0; i < 128; i++)
    s += v[i] * i;
  printf("%d\n", s);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}pragma_operator.c"
// CHECK: {{^ *}}struct lsc_env_15 {
// CHECK: {{^ *}}struct lsc_env_15 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int *v = lsc_e->v;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 15 "{{.*}}pragma_operator.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_15 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}pragma_operator.c", .line = 15, .body = lsc_body_15, .bind = 0, .env_size = sizeof(struct lsc_env_15),
// CHECK-NEXT: {{^ *}}.schedule = "dgss", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 13 "{{.*}}pragma_operator.c"
// CHECK: {{^ *}}struct lsc_env_15 lsc_env;
// CHECK: {{^ *}}lsc_env.v = (void *)v;
// CHECK: {{^ *}}{"v", LSC_VAR_ARRAY, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_15, v), sizeof(int), 0, 0, 128, {0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_15, &lsc_env, lsc_vars, 1, lsc_iv_trip_count(0, 128, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 15 "{{.*}}pragma_operator.c"
