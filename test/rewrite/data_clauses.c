// in()/out() sections state the footprint of writes the tool cannot see through.
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

/* Each iteration writes a pair through a computed index the tool cannot see through: out() states it.
 * in() names an element every iteration reads: sent as the footprint says. */
int main(void) {
  int n = 200;
  int pairs[400], src[200], total[1] = {0};
  for (int i = 0; i < n; i++)
    src[i] = i * 3;
#pragma lsc parallel for in(src[i:1]) out(pairs[2 * i:2]) in(total[0:1])
  for (int i = 0; i < n; i++) {
    int at = 2 * i;
    pairs[at] = src[i];
    pairs[at + 1] = -src[i] + total[0];
  }
  long s = 0;
  for (int i = 0; i < 2 * n; i++)
    s += pairs[i] * (i % 5);
  printf("%ld\n", s);
  return 0;
}






// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}data_clauses.c"
// CHECK: {{^ *}}struct lsc_env_21 {
// CHECK: {{^ *}}struct lsc_env_21 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int *pairs = lsc_e->pairs;
// CHECK: {{^ *}}int *src = lsc_e->src;
// CHECK: {{^ *}}int *total = lsc_e->total;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 21 "{{.*}}data_clauses.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_21 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}data_clauses.c", .line = 21, .body = lsc_body_21, .bind = 0, .env_size = sizeof(struct lsc_env_21),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 15 "{{.*}}data_clauses.c"
// CHECK: {{^ *}}struct lsc_env_21 lsc_env;
// CHECK: {{^ *}}lsc_env.pairs = (void *)pairs;
// CHECK: {{^ *}}lsc_env.src = (void *)src;
// CHECK: {{^ *}}lsc_env.total = (void *)total;
// CHECK: {{^ *}}{"pairs", LSC_VAR_ARRAY, LSC_VAR_WRITE, offsetof(struct lsc_env_21, pairs), sizeof(int), 0, 0, 400, {0}, {2, 0, 2, 2, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"src", LSC_VAR_ARRAY, LSC_VAR_READ, offsetof(struct lsc_env_21, src), sizeof(int), 0, 0, 200, {1, 0, 1, 1, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"total", LSC_VAR_ARRAY, LSC_VAR_READ, offsetof(struct lsc_env_21, total), sizeof(int), 0, 0, 1, {0, 0, 0, 1, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_21, &lsc_env, lsc_vars, 3, lsc_iv_trip_count(0, n, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 25 "{{.*}}data_clauses.c"
