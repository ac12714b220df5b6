// VLA parameters: a 2-D VLA whose row length travels as a hidden scalar, rows sliced by r.
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

static void row_sums(int rows, int cols, double m[rows][cols], double out[rows]) {
#pragma lsc parallel for
  for (int r = 0; r < rows; r++) {
    double acc = 0;
    for (int c = 0; c < cols; c++)
      acc += m[r][c];
    out[r] = acc;
  }
}

int main(void) {
  int rows = 300, cols = 17;
  double m[rows][cols], out[rows];
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      m[r][c] = (r * 3 + c) % 11;
  row_sums(rows, cols, m, out);
  double t = 0;
  for (int r = 0; r < rows; r++)
    t += out[r] * (r % 5);
  printf("%.1f\n", t);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}vla_rows.c"
// CHECK: {{^ *}}struct lsc_env_15 {
// CHECK: {{^ *}}struct lsc_env_15 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int cols = lsc_e->cols;
// CHECK: {{^ *}}int64_t lsc_dim_m_1 = lsc_e->lsc_dim_m_1;
// CHECK: {{^ *}}double (*m)[lsc_dim_m_1] = lsc_e->m;
// CHECK: {{^ *}}double *out = lsc_e->out;
// CHECK: {{^ *}}int r = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)r;
// CHECK: {{^ *}}#line 15 "{{.*}}vla_rows.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_15 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}vla_rows.c", .line = 15, .body = lsc_body_15, .bind = 0, .env_size = sizeof(struct lsc_env_15),
// CHECK-NEXT: {{^ *}}.schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 13 "{{.*}}vla_rows.c"
// CHECK: {{^ *}}struct lsc_env_15 lsc_env;
// CHECK: {{^ *}}lsc_env.cols = cols;
// CHECK: {{^ *}}lsc_env.lsc_dim_m_1 = (int64_t)(cols);
// CHECK: {{^ *}}lsc_env.m = (void *)m;
// CHECK: {{^ *}}lsc_env.out = (void *)out;
// CHECK: {{^ *}}{"cols", LSC_VAR_SCALAR, 0, offsetof(struct lsc_env_15, cols), sizeof(int), 0, 0, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"lsc_dim_m_1", LSC_VAR_SCALAR, 0, offsetof(struct lsc_env_15, lsc_dim_m_1), sizeof(int64_t), 0, 0, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"m", LSC_VAR_ARRAY, LSC_VAR_READ, offsetof(struct lsc_env_15, m), sizeof(double), 0, 0, (int64_t)cols * (int64_t)rows, {(int64_t)cols, 0, (int64_t)cols, (int64_t)cols, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"out", LSC_VAR_ARRAY, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_15, out), sizeof(double), 0, 0, (int64_t)rows, {0}, {1, 0, 1, 1, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_15, &lsc_env, lsc_vars, 4, lsc_iv_trip_count(0, rows, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 20 "{{.*}}vla_rows.c"
