// A header with a struct and an inline function; array of structs written member by member.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra -I%S %lsc-libs
// RUN: %seq-build %t.seq %s -I%S -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: %mpirun -np 4 %t > %t.np4 && diff %t.expected %t.np4
#include "Inputs/kernel.h"
#include <stdio.h>

static struct point pts[POINTS];
static double dist[POINTS];

int main(void) {
  for (int i = 0; i < POINTS; i++) {
    pts[i].x = i % 13;
    pts[i].y = i % 17;
  }
#pragma lsc parallel for
  for (int i = 0; i < POINTS; i++) {
    dist[i] = norm2(pts[i]);
    pts[i].x = -pts[i].x;
  }
  double s = 0;
  for (int i = 0; i < POINTS; i++)
    s += dist[i] + pts[i].x;
  printf("%.1f\n", s);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}header_struct_array.c"
// CHECK: {{^ *}}struct lsc_env_23 {
// CHECK: {{^ *}}struct lsc_env_23 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}lsc_e->dist = (void *)dist;
// CHECK: {{^ *}}lsc_e->pts = (void *)pts;
// CHECK: {{^ *}}struct lsc_env_23 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 23 "{{.*}}header_struct_array.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_23 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}header_struct_array.c", .line = 23, .body = lsc_body_23, .bind = lsc_bind_23, .env_size = sizeof(struct lsc_env_23),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 17 "{{.*}}header_struct_array.c"
// CHECK: {{^ *}}struct lsc_env_23 lsc_env;
// CHECK: {{^ *}}{"dist", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_23, dist), sizeof(double), 0, 0, 777, {0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"pts", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ | LSC_VAR_WRITE, offsetof(struct lsc_env_23, pts), sizeof(struct point), 0, 0, 777, {1, 0, 1, 1, 0, 0, 0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_23, &lsc_env, lsc_vars, 2, lsc_iv_trip_count(0, POINTS, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 26 "{{.*}}header_struct_array.c"
