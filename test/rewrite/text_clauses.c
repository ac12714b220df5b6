// Every text clause reaches the site: schedule, alpha, weights, workload, threads.
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
  int sq[1000];
#pragma lsc parallel for schedule(fss(3)) alpha(60) weights(measured) workload(increasing(1,2)) threads(2)
  for (int i = 0; i < 1000; i++)
    sq[i] = i * i % 1013;
  long s = 0;
  for (int i = 0; i < 1000; i++)
    s += sq[i];
  printf("%ld\n", s);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}text_clauses.c"
// CHECK: {{^ *}}struct lsc_env_16 {
// CHECK: {{^ *}}struct lsc_env_16 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int *sq = lsc_e->sq;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 17 "{{.*}}text_clauses.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_16 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}text_clauses.c", .line = 16, .body = lsc_body_16, .bind = 0, .env_size = sizeof(struct lsc_env_16),
// CHECK-NEXT: {{^ *}}.schedule = "fss(3)", .alpha = "60", .weights = "measured", .workload = "increasing(1,2)", .threads = "2", .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 13 "{{.*}}text_clauses.c"
// CHECK: {{^ *}}struct lsc_env_16 lsc_env;
// CHECK: {{^ *}}lsc_env.sq = (void *)sq;
// CHECK: {{^ *}}{"sq", LSC_VAR_ARRAY, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_16, sq), sizeof(int), 0, 0, 1000, {0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_16, &lsc_env, lsc_vars, 1, lsc_iv_trip_count(0, 1000, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 17 "{{.*}}text_clauses.c"
