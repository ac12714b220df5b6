// A step of 3 from 2: strided writes, so no OUT_EXACT; schedule with an argument.
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
  int a[300] = {0};
  int n = 300;
#pragma lsc parallel for schedule(gss(4))
  for (int i = 2; i < n; i += 3)
    a[i] = i / 3;
  long s = 0;
  for (int k = 0; k < 300; k++)
    s += a[k] * (k % 7);
  printf("%ld\n", s);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}step_three.c"
// CHECK: {{^ *}}struct lsc_env_17 {
// CHECK: {{^ *}}struct lsc_env_17 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int *a = lsc_e->a;
// CHECK: {{^ *}}int i = (int)(2 + (uint64_t)lsc_k * 3);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 18 "{{.*}}step_three.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_17 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}step_three.c", .line = 17, .body = lsc_body_17, .bind = 0, .env_size = sizeof(struct lsc_env_17),
// CHECK-NEXT: {{^ *}}.schedule = "gss(4)", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 13 "{{.*}}step_three.c"
// CHECK: {{^ *}}struct lsc_env_17 lsc_env;
// CHECK: {{^ *}}lsc_env.a = (void *)a;
// CHECK: {{^ *}}{"a", LSC_VAR_ARRAY, LSC_VAR_WRITE, offsetof(struct lsc_env_17, a), sizeof(int), 0, 0, 300, {0}, {3, 2, 3, 3, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_17, &lsc_env, lsc_vars, 1, lsc_iv_trip_count(2, n, 3, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 18 "{{.*}}step_three.c"
