// Variables declared in the body and a while loop: private by construction.
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

/* Collatz step counts: a while loop per iteration, its variables declared inside the body. */
int main(void) {
  int steps[3000];
#pragma lsc parallel for schedule(gss) workload(irregular)
  for (int i = 1; i <= 3000; i++) {
    long x = i;
    int count = 0;
    while (x != 1) {
      x = x % 2 ? 3 * x + 1 : x / 2;
      count++;
    }
    steps[i - 1] = count;
  }
  long s = 0;
  for (int i = 0; i < 3000; i++)
    s += steps[i];
  printf("%ld\n", s);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}inner_while_private.c"
// CHECK: {{^ *}}struct lsc_env_17 {
// CHECK: {{^ *}}struct lsc_env_17 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int *steps = lsc_e->steps;
// CHECK: {{^ *}}int i = (int)(1 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 17 "{{.*}}inner_while_private.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_17 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}inner_while_private.c", .line = 17, .body = lsc_body_17, .bind = 0, .env_size = sizeof(struct lsc_env_17),
// CHECK-NEXT: {{^ *}}.schedule = "gss", .alpha = 0, .weights = 0, .workload = "irregular", .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 14 "{{.*}}inner_while_private.c"
// CHECK: {{^ *}}struct lsc_env_17 lsc_env;
// CHECK: {{^ *}}lsc_env.steps = (void *)steps;
// CHECK: {{^ *}}{"steps", LSC_VAR_ARRAY, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_17, steps), sizeof(int), 0, 0, 3000, {0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_17, &lsc_env, lsc_vars, 1, lsc_iv_trip_count(1, 3000, 1, LSC_CMP_LE, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 25 "{{.*}}inner_while_private.c"
