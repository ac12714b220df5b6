// A pointer to rows (double (*)[W]) written by rows, a VLA read at non-affine subscripts: sent whole.
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
#include <stdlib.h>

#define W 12

/* A pointer to rows of W elements, filled from a local VLA read as a whole through a column sweep. */
static void smooth(int h, double (*out)[W], int n, int m, double grid[n][m]) {
#pragma lsc parallel for schedule(tfss)
  for (int r = 0; r < h; r++)
    for (int c = 0; c < W; c++)
      out[r][c] = grid[r % n][c % m] + grid[(r + 1) % n][c % m];
}

int main(void) {
  int n = 7, m = 5, h = 40;
  double grid[n][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      grid[i][j] = i * 10 + j;
  double (*out)[W] = malloc(sizeof *out * (size_t)h);
  smooth(h, out, n, m, grid);
  double s = 0;
  for (int r = 0; r < h; r++)
    for (int c = 0; c < W; c++)
      s += out[r][c] * ((r + c) % 3);
  printf("%.1f\n", s);
  free(out);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}vla_local_row_pointer.c"
// CHECK: {{^ *}}struct lsc_env_19 {
// CHECK: {{^ *}}struct lsc_env_19 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int n = lsc_e->n;
// CHECK: {{^ *}}int m = lsc_e->m;
// CHECK: {{^ *}}int64_t lsc_dim_grid_1 = lsc_e->lsc_dim_grid_1;
// CHECK: {{^ *}}double (*out)[12] = lsc_e->out;
// CHECK: {{^ *}}double (*grid)[lsc_dim_grid_1] = lsc_e->grid;
// CHECK: {{^ *}}int r = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)r;
// CHECK: {{^ *}}#line 20 "{{.*}}vla_local_row_pointer.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_19 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}vla_local_row_pointer.c", .line = 19, .body = lsc_body_19, .bind = 0, .env_size = sizeof(struct lsc_env_19),
// CHECK-NEXT: {{^ *}}.schedule = "tfss", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 17 "{{.*}}vla_local_row_pointer.c"
// CHECK: {{^ *}}struct lsc_env_19 lsc_env;
// CHECK: {{^ *}}lsc_env.out = (void *)out;
// CHECK: {{^ *}}lsc_env.n = n;
// CHECK: {{^ *}}lsc_env.m = m;
// CHECK: {{^ *}}lsc_env.lsc_dim_grid_1 = (int64_t)(m);
// CHECK: {{^ *}}lsc_env.grid = (void *)grid;
// CHECK: {{^ *}}{"out", LSC_VAR_ARRAY, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_19, out), sizeof(double), 0, 0, 0, {0}, {12, 0, 12, 12, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"n", LSC_VAR_SCALAR, 0, offsetof(struct lsc_env_19, n), sizeof(int), 0, 0, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"m", LSC_VAR_SCALAR, 0, offsetof(struct lsc_env_19, m), sizeof(int), 0, 0, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"lsc_dim_grid_1", LSC_VAR_SCALAR, 0, offsetof(struct lsc_env_19, lsc_dim_grid_1), sizeof(int64_t), 0, 0, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"grid", LSC_VAR_ARRAY, LSC_VAR_READ | LSC_VAR_WHOLE, offsetof(struct lsc_env_19, grid), sizeof(double), 0, 0, (int64_t)n * (int64_t)m, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_19, &lsc_env, lsc_vars, 5, lsc_iv_trip_count(0, h, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 21 "{{.*}}vla_local_row_pointer.c"
