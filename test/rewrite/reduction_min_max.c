// min, max and '|' reductions; a global array read conditionally.
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

static int data[4096];

int main(void) {
  for (int i = 0; i < 4096; i++)
    data[i] = (i * 7919) % 10007 - 5000;
  int lo = 1 << 30, hi = -(1 << 30);
  unsigned mask = 0;
#pragma lsc parallel for reduction(min: lo) reduction(max: hi) reduction(|: mask)
  for (int i = 0; i < 4096; i++) {
    if (data[i] < lo)
      lo = data[i];
    if (data[i] > hi)
      hi = data[i];
    mask |= 1u << (i % 32);
  }
  printf("%d %d %x\n", lo, hi, mask);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}reduction_min_max.c"
// CHECK: {{^ *}}struct lsc_env_21 {
// CHECK: {{^ *}}struct lsc_env_21 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}lsc_e->data = (void *)data;
// CHECK: {{^ *}}struct lsc_env_21 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int lo = lsc_e->lo;
// CHECK: {{^ *}}int hi = lsc_e->hi;
// CHECK: {{^ *}}unsigned int mask = lsc_e->mask;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 21 "{{.*}}reduction_min_max.c"
// CHECK: {{^ *}}lsc_e->lo = lo;
// CHECK: {{^ *}}lsc_e->hi = hi;
// CHECK: {{^ *}}lsc_e->mask = mask;
// CHECK: {{^ *}}static const lsc_site lsc_site_21 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}reduction_min_max.c", .line = 21, .body = lsc_body_21, .bind = lsc_bind_21, .env_size = sizeof(struct lsc_env_21),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 15 "{{.*}}reduction_min_max.c"
// CHECK: {{^ *}}struct lsc_env_21 lsc_env;
// CHECK: {{^ *}}lsc_env.lo = lo;
// CHECK: {{^ *}}lsc_env.hi = hi;
// CHECK: {{^ *}}lsc_env.mask = mask;
// CHECK: {{^ *}}{"data", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ, offsetof(struct lsc_env_21, data), sizeof(int), 0, 0, 4096, {1, 0, 1, 1, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"lo", LSC_VAR_REDUCTION, 0, offsetof(struct lsc_env_21, lo), sizeof(int), LSC_TYPE_INT, LSC_RED_MIN, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"hi", LSC_VAR_REDUCTION, 0, offsetof(struct lsc_env_21, hi), sizeof(int), LSC_TYPE_INT, LSC_RED_MAX, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"mask", LSC_VAR_REDUCTION, 0, offsetof(struct lsc_env_21, mask), sizeof(unsigned int), LSC_TYPE_UINT, LSC_RED_BOR, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_21, &lsc_env, lsc_vars, 4, lsc_iv_trip_count(0, 4096, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 27 "{{.*}}reduction_min_max.c"
