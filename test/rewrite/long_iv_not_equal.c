// A long induction variable with '!=' and step 2, and an unsigned one with '<='.
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
  short mark[1000];
#pragma lsc parallel for
  for (long i = 0; i != 1000; i += 2)
    mark[i] = (short)(i % 100);
#pragma lsc parallel for
  for (unsigned u = 1; u <= 499; u++)
    mark[2 * u - 1] = (short)(u % 7);
  long s = 0;
  for (int i = 0; i < 1000; i++)
    s += mark[i] * (i % 9);
  printf("%ld\n", s);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}long_iv_not_equal.c"
// CHECK: {{^ *}}struct lsc_env_16 {
// CHECK: {{^ *}}struct lsc_env_16 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}short *mark = lsc_e->mark;
// CHECK: {{^ *}}long i = (long)(0 + (uint64_t)lsc_k * 2);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 17 "{{.*}}long_iv_not_equal.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_16 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}long_iv_not_equal.c", .line = 16, .body = lsc_body_16, .bind = 0, .env_size = sizeof(struct lsc_env_16),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}struct lsc_env_19 {
// CHECK: {{^ *}}struct lsc_env_19 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}short *mark = lsc_e->mark;
// CHECK: {{^ *}}unsigned int u = (unsigned int)(1 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)u;
// CHECK: {{^ *}}#line 20 "{{.*}}long_iv_not_equal.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_19 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}long_iv_not_equal.c", .line = 19, .body = lsc_body_19, .bind = 0, .env_size = sizeof(struct lsc_env_19),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 13 "{{.*}}long_iv_not_equal.c"
// CHECK: {{^ *}}struct lsc_env_16 lsc_env;
// CHECK: {{^ *}}lsc_env.mark = (void *)mark;
// CHECK: {{^ *}}{"mark", LSC_VAR_ARRAY, LSC_VAR_WRITE, offsetof(struct lsc_env_16, mark), sizeof(short), 0, 0, 1000, {0}, {2, 0, 2, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_16, &lsc_env, lsc_vars, 1, lsc_iv_trip_count(0, 1000, 2, LSC_CMP_NE, LSC_I64, LSC_I64));
// CHECK: {{^ *}}#line 17 "{{.*}}long_iv_not_equal.c"
// CHECK: {{^ *}}struct lsc_env_19 lsc_env;
// CHECK: {{^ *}}lsc_env.mark = (void *)mark;
// CHECK: {{^ *}}{"mark", LSC_VAR_ARRAY, LSC_VAR_WRITE, offsetof(struct lsc_env_19, mark), sizeof(short), 0, 0, 1000, {0}, {2, 1, 2, 2, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_19, &lsc_env, lsc_vars, 1, lsc_iv_trip_count(1, 499, 1, LSC_CMP_LE, LSC_U32, LSC_U32));
// CHECK: {{^ *}}#line 20 "{{.*}}long_iv_not_equal.c"
