// Locals, VLA parameters and a local VLA in pipelined nests, with sync(h) (folded to a count), private and
// firstprivate. The output compiles warning-free.
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %seq-build %t.o -c %t.lsc.c -I%include -Wextra -Werror
#include <string.h>

void smooth(int rows, int cols, double g[rows][cols], double w) {
  double t;
#pragma lsc pipeline for schedule(gss) sync(16 * 2) private(t) firstprivate(w)
  for (int r = 1; r < rows; r++)
    for (int c = 1; c < cols; c++) {
      t = g[r - 1][c] * w;
      g[r][c] = t + g[r][c - 1];
    }
}

int edit_distance(const char *s, const char *t) {
  int n = (int)strlen(s), m = (int)strlen(t);
  int d[n + 1][m + 1];
  for (int i = 0; i <= n; i++)
    d[i][0] = i;
  for (int j = 0; j <= m; j++)
    d[0][j] = j;
#pragma lsc pipeline for sync(64)
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++) {
      int best = d[i - 1][j - 1] + (s[i - 1] != t[j - 1]);
      if (d[i - 1][j] + 1 < best)
        best = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < best)
        best = d[i][j - 1] + 1;
      d[i][j] = best;
    }
  return d[n][m];
}

// The row function declares the captured locals and the VLA pointer, maps r from k1 and c from k2.
// CHECK-LABEL: static LSC_OUTLINED void lsc_row_11(int64_t lsc_k1, int64_t lsc_k2_lo, int64_t lsc_k2_hi, void *lsc_env_ptr) {
// CHECK:       {{^}}  int cols = lsc_e->cols;
// CHECK-NEXT:  {{^}}  double t;
// CHECK-NEXT:  {{^}}  int64_t lsc_dim_g_1 = lsc_e->lsc_dim_g_1;
// CHECK-NEXT:  {{^}}  double w = lsc_e->w;
// CHECK-NEXT:  {{^}}  double (*g)[lsc_dim_g_1] = lsc_e->g;
// CHECK-NEXT:  {{^}}  (void)cols;
// CHECK-NEXT:  {{^}}  (void)t;
// CHECK-NEXT:  {{^}}  (void)w;
// CHECK-NEXT:  {{^}}  int r = (int)(1 + (uint64_t)lsc_k1 * 1);
// CHECK:       {{^}}    int c = (int)(1 + (uint64_t)lsc_k2 * 1);
// CHECK:       {{^}}#line 12 "{{.*}}locals_vla_sync.c"
// CHECK:       {{^}}    .base = {.magic = LSC_PIPELINE_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT:  {{^}}        .file = "{{.*}}locals_vla_sync.c", .line = 11, .body = 0, .bind = 0, .env_size = sizeof(struct lsc_env_11),
// CHECK-NEXT:  {{^}}        .schedule = "gss", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0},
// CHECK:       {{^}}    .sync = "32"};
// Symbolic row lengths: the rows read do not hull into one range, so g is sent whole (once per nest); the
// boundary cell is one element of row r at column c.
// CHECK:       {{^}}  lsc_env.lsc_dim_g_1 = (int64_t)(cols);
// CHECK:       {{^}}    {"g", LSC_VAR_ARRAY, LSC_VAR_READ | LSC_VAR_WRITE | LSC_VAR_WHOLE, offsetof(struct lsc_env_11, g), sizeof(double), 0, 0, (int64_t)cols * (int64_t)rows, {0}, {(int64_t)cols, (int64_t)cols + 1, (int64_t)cols, 2 * (int64_t)cols, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK:       {{^}}  lsc_cell_slice lsc_cells[] = {
// CHECK-NEXT:  {{^}}    /* g: iteration (k1, k2) writes [(int64_t)cols*k1 + k2 + (int64_t)cols + 1, (int64_t)cols*k1 + k2 + (int64_t)cols + 2), read by later rows */
// CHECK-NEXT:  {{^}}    {2, (int64_t)cols, 1, (int64_t)cols + 1, (int64_t)cols, 1, (int64_t)cols + 2},
// CHECK:       {{^}}  lsc_nest lsc_shape = {.n1 = lsc_iv_trip_count(1, rows, 1, LSC_CMP_LT, LSC_I32, LSC_I32), .n2 = lsc_iv_trip_count(1, cols, 1, LSC_CMP_LT, LSC_I32, LSC_I32), .dep_rows = 1, .skew = 0, .boundary = lsc_cells, .nboundary = 1};
// CHECK-NEXT:  {{^}}  lsc_pipeline_for(&lsc_site_11, &lsc_env, lsc_vars, 4, &lsc_shape);
// CHECK-NEXT:  {{^}}  (void)t;
// CHECK-LABEL: static LSC_OUTLINED void lsc_row_26(
// CHECK:       {{^}}  int64_t lsc_dim_d_1 = lsc_e->lsc_dim_d_1;
// CHECK:       {{^}}  int (*d)[lsc_dim_d_1] = lsc_e->d;
// CHECK:       {{^}}        .file = "{{.*}}", .line = 26, .body = 0, .bind = 0, .env_size = sizeof(struct lsc_env_26),
// CHECK-NEXT:  {{^}}        .schedule = 0, .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0},
// CHECK-NEXT:  {{^}}    .row = lsc_row_26,
// CHECK-NEXT:  {{^}}    .sync = "64"};
// The local VLA d[n + 1][m + 1]: its row length m + 1 cancels against j <= m.
// CHECK:       {{^}}  lsc_env.lsc_dim_d_1 = (int64_t)(m + 1);
// CHECK:       {{^}}    {"d", LSC_VAR_ARRAY, LSC_VAR_READ | LSC_VAR_WRITE | LSC_VAR_WHOLE, offsetof(struct lsc_env_26, d), sizeof(int), 0, 0, (int64_t)m * (int64_t)n + (int64_t)n + (int64_t)m + 1, {0}, {(int64_t)m + 1, (int64_t)m + 2, (int64_t)m + 1, 2 * (int64_t)m + 2, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK:       {{^}}    {"s", LSC_VAR_ARRAY, LSC_VAR_READ, offsetof(struct lsc_env_26, s), sizeof(char), 0, 0, 0, {1, 0, 1, 1, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK:       {{^}}    {"t", LSC_VAR_ARRAY, LSC_VAR_READ | LSC_VAR_WHOLE, offsetof(struct lsc_env_26, t), sizeof(char), 0, 0, (int64_t)m, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK:       {{^}}    {2, (int64_t)m + 1, 1, (int64_t)m + 2, (int64_t)m + 1, 1, (int64_t)m + 3},
// CHECK:       {{^}}  lsc_nest lsc_shape = {.n1 = lsc_iv_trip_count(1, n, 1, LSC_CMP_LE, LSC_I32, LSC_I32), .n2 = lsc_iv_trip_count(1, m, 1, LSC_CMP_LE, LSC_I32, LSC_I32), .dep_rows = 1, .skew = 0, .boundary = lsc_cells, .nboundary = 1};
