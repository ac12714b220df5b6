// Column reads m[r][c] with r inner: iteration c reads column c, a strided slice (one element, every 70, 90
// times), so each chunk moves its columns rather than the hull of the matrix.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra -I%S %lsc-libs
// RUN: %seq-build %t.seq %s -I%S -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: %mpirun -np 4 %t > %t.np4 && diff %t.expected %t.np4
// RUN: env LSC_SLOWDOWN=1,3,1 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
#include <stdio.h>

#define R 90
#define C 70
static float m[R][C];
static float colsum[C];

int main(void) {
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      m[r][c] = (float)((r * 5 + c) % 9);
#pragma lsc parallel for
  for (int c = 0; c < C; c++) {
    float acc = 0;
    for (int r = 0; r < R; r++)
      acc += m[r][c];
    colsum[c] = acc;
  }
  double s = 0;
  for (int c = 0; c < C; c++)
    s += colsum[c] * (c % 4);
  printf("%.1f\n", s);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}column_reads.c"
// CHECK: {{^ *}}struct lsc_env_25 {
// CHECK: {{^ *}}struct lsc_env_25 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}lsc_e->m = (void *)m;
// CHECK: {{^ *}}lsc_e->colsum = (void *)colsum;
// CHECK: {{^ *}}struct lsc_env_25 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int c = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)c;
// CHECK: {{^ *}}#line 25 "{{.*}}column_reads.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_25 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}column_reads.c", .line = 25, .body = lsc_body_25, .bind = lsc_bind_25, .env_size = sizeof(struct lsc_env_25),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 20 "{{.*}}column_reads.c"
// CHECK: {{^ *}}struct lsc_env_25 lsc_env;
// CHECK: {{^ *}}{"m", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ, offsetof(struct lsc_env_25, m), sizeof(float), 0, 0, 6300, {1, 0, 1, 1, 70, 0, 90}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"colsum", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_25, colsum), sizeof(float), 0, 0, 70, {0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_25, &lsc_env, lsc_vars, 2, lsc_iv_trip_count(0, C, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 30 "{{.*}}column_reads.c"
