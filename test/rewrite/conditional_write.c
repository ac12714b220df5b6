// A conditional write: no OUT_EXACT, unwritten elements keep rank 0's values.
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
  int keep[600];
  for (int i = 0; i < 600; i++)
    keep[i] = -1;
#pragma lsc parallel for
  for (int i = 0; i < 600; i++)
    if (i % 3 == 0)
      keep[i] = i / 3;
  long s = 0;
  for (int i = 0; i < 600; i++)
    s += keep[i] * (i % 4);
  printf("%ld\n", s);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}conditional_write.c"
// CHECK: {{^ *}}struct lsc_env_18 {
// CHECK: {{^ *}}struct lsc_env_18 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int *keep = lsc_e->keep;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 19 "{{.*}}conditional_write.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_18 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}conditional_write.c", .line = 18, .body = lsc_body_18, .bind = 0, .env_size = sizeof(struct lsc_env_18),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 13 "{{.*}}conditional_write.c"
// CHECK: {{^ *}}struct lsc_env_18 lsc_env;
// CHECK: {{^ *}}lsc_env.keep = (void *)keep;
// CHECK: {{^ *}}{"keep", LSC_VAR_ARRAY, LSC_VAR_WRITE, offsetof(struct lsc_env_18, keep), sizeof(int), 0, 0, 600, {0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_18, &lsc_env, lsc_vars, 1, lsc_iv_trip_count(0, 600, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 20 "{{.*}}conditional_write.c"
