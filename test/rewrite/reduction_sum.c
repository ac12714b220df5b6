// Two '+' reductions (integer and floating point) declared in separate clauses.
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
  long total = 0;
  double weighted = 0;
  int n = 10000;
#pragma lsc parallel for reduction(+: total) reduction(+: weighted)
  for (int i = 0; i < n; i++) {
    total += i % 17;
    weighted += (i % 4) * 0.25;
  }
  printf("%ld %.2f\n", total, weighted);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}reduction_sum.c"
// CHECK: {{^ *}}struct lsc_env_18 {
// CHECK: {{^ *}}struct lsc_env_18 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}long total = lsc_e->total;
// CHECK: {{^ *}}double weighted = lsc_e->weighted;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 18 "{{.*}}reduction_sum.c"
// CHECK: {{^ *}}lsc_e->total = total;
// CHECK: {{^ *}}lsc_e->weighted = weighted;
// CHECK: {{^ *}}static const lsc_site lsc_site_18 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}reduction_sum.c", .line = 18, .body = lsc_body_18, .bind = 0, .env_size = sizeof(struct lsc_env_18),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 13 "{{.*}}reduction_sum.c"
// CHECK: {{^ *}}struct lsc_env_18 lsc_env;
// CHECK: {{^ *}}lsc_env.total = total;
// CHECK: {{^ *}}lsc_env.weighted = weighted;
// CHECK: {{^ *}}{"total", LSC_VAR_REDUCTION, 0, offsetof(struct lsc_env_18, total), sizeof(long), LSC_TYPE_LONG, LSC_RED_ADD, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"weighted", LSC_VAR_REDUCTION, 0, offsetof(struct lsc_env_18, weighted), sizeof(double), LSC_TYPE_DOUBLE, LSC_RED_ADD, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_18, &lsc_env, lsc_vars, 2, lsc_iv_trip_count(0, n, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 21 "{{.*}}reduction_sum.c"
