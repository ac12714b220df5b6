// Same-file functions called by the body read a global array and a global scalar.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra -I%S %lsc-libs
// RUN: %seq-build %t.seq %s -I%S -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: %mpirun -np 4 %t > %t.np4 && diff %t.expected %t.np4
#include <math.h>
#include <stdio.h>

static double table[64];
static int table_scale = 1;

static double lookup(int k) { return table[k % 64] * table_scale; }
static double twice(int k) { return 2 * lookup(k); }

int main(void) {
  double out[2000];
  for (int k = 0; k < 64; k++)
    table[k] = k * 0.5;
  table_scale = 3;
#pragma lsc parallel for
  for (int i = 0; i < 2000; i++)
    out[i] = twice(i) + sqrt((double)i);
  double s = 0;
  for (int i = 0; i < 2000; i++)
    s += out[i];
  printf("%.3f\n", s);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}global_via_callee.c"
// CHECK: {{^ *}}struct lsc_env_26 {
// CHECK: {{^ *}}struct lsc_env_26 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}lsc_e->table = (void *)table;
// CHECK: {{^ *}}lsc_e->table_scale = (void *)&table_scale;
// CHECK: {{^ *}}struct lsc_env_26 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}double *out = lsc_e->out;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 27 "{{.*}}global_via_callee.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_26 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}global_via_callee.c", .line = 26, .body = lsc_body_26, .bind = lsc_bind_26, .env_size = sizeof(struct lsc_env_26),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 20 "{{.*}}global_via_callee.c"
// CHECK: {{^ *}}struct lsc_env_26 lsc_env;
// CHECK: {{^ *}}lsc_env.out = (void *)out;
// CHECK: {{^ *}}{"out", LSC_VAR_ARRAY, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_26, out), sizeof(double), 0, 0, 2000, {0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"table", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ | LSC_VAR_WHOLE, offsetof(struct lsc_env_26, table), sizeof(double), 0, 0, 64, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"table_scale", LSC_VAR_SCALAR, LSC_VAR_INDIRECT, offsetof(struct lsc_env_26, table_scale), sizeof(int), 0, 0, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_26, &lsc_env, lsc_vars, 3, lsc_iv_trip_count(0, 2000, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 27 "{{.*}}global_via_callee.c"
