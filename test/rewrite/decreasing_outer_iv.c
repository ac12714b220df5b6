// A decreasing loop whose induction variable is declared outside: its final value is restored.
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
  int v[256];
  int i;
#pragma lsc parallel for
  for (i = 255; i >= 0; i--)
    v[i] = i * i - 3 * i;
  long s = 0;
  for (int k = 0; k < 256; k++)
    s += v[k] * (k % 5);
  printf("%ld after=%d\n", s, i);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}decreasing_outer_iv.c"
// CHECK: {{^ *}}struct lsc_env_17 {
// CHECK: {{^ *}}struct lsc_env_17 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int *v = lsc_e->v;
// CHECK: {{^ *}}int i = (int)(255 - (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 18 "{{.*}}decreasing_outer_iv.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_17 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}decreasing_outer_iv.c", .line = 17, .body = lsc_body_17, .bind = 0, .env_size = sizeof(struct lsc_env_17),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 13 "{{.*}}decreasing_outer_iv.c"
// CHECK: {{^ *}}struct lsc_env_17 lsc_env;
// CHECK: {{^ *}}lsc_env.v = (void *)v;
// CHECK: {{^ *}}{"v", LSC_VAR_ARRAY, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_17, v), sizeof(int), 0, 0, 256, {0}, {-1, 255, -1, 256, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}int64_t lsc_n = lsc_iv_trip_count(255, 0, -1, LSC_CMP_GE, LSC_I32, LSC_I32);
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_17, &lsc_env, lsc_vars, 1, lsc_n);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 18 "{{.*}}decreasing_outer_iv.c"
