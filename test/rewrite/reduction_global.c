// A reduction on a global variable (INDIRECT) and a global array sliced by i.
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

long long product_sum;
static int weights[100];

int main(void) {
  for (int i = 0; i < 100; i++)
    weights[i] = i % 9 + 1;
#pragma lsc parallel for reduction(+: product_sum)
  for (int i = 0; i < 100; i++)
    product_sum += (long long)weights[i] * i;
  printf("%lld\n", product_sum);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}reduction_global.c"
// CHECK: {{^ *}}struct lsc_env_20 {
// CHECK: {{^ *}}struct lsc_env_20 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}lsc_e->product_sum = (void *)&product_sum;
// CHECK: {{^ *}}lsc_e->weights = (void *)weights;
// CHECK: {{^ *}}struct lsc_env_20 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}long long product_sum = *(long long *)lsc_e->product_sum;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 21 "{{.*}}reduction_global.c"
// CHECK: {{^ *}}*(long long *)lsc_e->product_sum = product_sum;
// CHECK: {{^ *}}static const lsc_site lsc_site_20 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}reduction_global.c", .line = 20, .body = lsc_body_20, .bind = lsc_bind_20, .env_size = sizeof(struct lsc_env_20),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 16 "{{.*}}reduction_global.c"
// CHECK: {{^ *}}struct lsc_env_20 lsc_env;
// CHECK: {{^ *}}{"product_sum", LSC_VAR_REDUCTION, LSC_VAR_INDIRECT, offsetof(struct lsc_env_20, product_sum), sizeof(long long), LSC_TYPE_LLONG, LSC_RED_ADD, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"weights", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ, offsetof(struct lsc_env_20, weights), sizeof(int), 0, 0, 100, {1, 0, 1, 1, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_20, &lsc_env, lsc_vars, 2, lsc_iv_trip_count(0, 100, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 21 "{{.*}}reduction_global.c"
