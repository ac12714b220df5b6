// private (including an inner loop's variable declared outside) and firstprivate.
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
  int squares[500];
  int tmp = 0, j;
  int limit = 150;
#pragma lsc parallel for private(tmp, j) firstprivate(limit)
  for (int i = 0; i < 500; i++) {
    tmp = 0;
    for (j = 0; j < i % 10; j++)
      tmp += j;
    if (limit > 100)
      limit = 100;
    squares[i] = tmp + limit;
  }
  long s = 0;
  for (int i = 0; i < 500; i++)
    s += squares[i] * (i % 3);
  printf("%ld\n", s);
  return 0;
}





// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}private_firstprivate.c"
// CHECK: {{^ *}}struct lsc_env_18 {
// CHECK: {{^ *}}struct lsc_env_18 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int limit = lsc_e->limit;
// CHECK: {{^ *}}int *squares = lsc_e->squares;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 18 "{{.*}}private_firstprivate.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_18 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}private_firstprivate.c", .line = 18, .body = lsc_body_18, .bind = 0, .env_size = sizeof(struct lsc_env_18),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 13 "{{.*}}private_firstprivate.c"
// CHECK: {{^ *}}struct lsc_env_18 lsc_env;
// CHECK: {{^ *}}lsc_env.limit = limit;
// CHECK: {{^ *}}lsc_env.squares = (void *)squares;
// CHECK: {{^ *}}{"limit", LSC_VAR_SCALAR, 0, offsetof(struct lsc_env_18, limit), sizeof(int), 0, 0, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"squares", LSC_VAR_ARRAY, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_18, squares), sizeof(int), 0, 0, 500, {0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_18, &lsc_env, lsc_vars, 2, lsc_iv_trip_count(0, 500, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}(void)tmp;
// CHECK: {{^ *}}(void)j;
// CHECK: {{^ *}}#line 25 "{{.*}}private_firstprivate.c"
