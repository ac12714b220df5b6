// Distances run from the earlier iteration to the later one, in loop order. A read of a value the loop
// writes later (a[i][j + 1], whose raw vector from the write is (0, -1); a[i + 1][j - 1], raw (-1, 1)) is an
// anti dependence the other way, (0, 1) and (1, -1): the pipeline honours both, and (1, -1) needs skew 1
// like a flow dependence would, but no rows from the previous chunk. When the outer loop runs downwards the
// same read is a flow dependence (1, 1). The induction variable declared before the nest gets its final value.
// RUN: %lsc-rewrite %s -o %t.lsc.c --remarks 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.lsc.c
// RUN: %seq-build %t.o -c %t.lsc.c -I%include -Wextra -Werror
#define N 40
#define M 50
static double a[N + 1][M + 1], b[N + 1][M + 1], c[N + 1][M + 1];

int upwards(void) {
  int i;
#pragma lsc pipeline for sync(10)
  for (i = 1; i < N; i++)
    for (int j = 1; j < M; j++)
      a[i][j] = 0.25 * (a[i][j + 1] + a[i + 1][j - 1] + a[i][j]);
  return i;
}

void downwards(void) {
#pragma lsc pipeline for
  for (int i = N - 1; i >= 1; i--)
    for (int j = 1; j < M; j++)
      c[i][j] = 0.25 * (c[i][j + 1] + c[i + 1][j - 1] + c[i][j]);
}

void flow_back(void) {
#pragma lsc pipeline for
  for (int i = 2; i < N; i++)
    for (int j = 1; j < M - 2; j++)
      b[i][j] = b[i - 1][j + 1] - b[i - 2][j + 3];
}

// REMARK: {{.*}}orientation_skew.c:16:3: remark: loop nest pipelined: 'i' is the scheduling dimension (schedule chosen by the runtime), 'j' the synchronization dimension (sync 10)
// REMARK: {{.*}}orientation_skew.c:16:3: remark: dependence distances of 'a' in (i, j): anti (0, 1), anti (1, -1)
// REMARK: {{.*}}orientation_skew.c:16:3: remark: a chunk needs the last 0 rows of the previous chunk; skew 1
// REMARK: {{.*}}orientation_skew.c:24:3: remark: dependence distances of 'c' in (i, j): anti (0, 1), flow (1, 1)
// REMARK: {{.*}}orientation_skew.c:24:3: remark: a chunk needs the last 1 row of the previous chunk; skew 0
// REMARK: {{.*}}orientation_skew.c:31:3: remark: dependence distances of 'b' in (i, j): flow (1, -1), flow (2, -3)
// REMARK: {{.*}}orientation_skew.c:31:3: remark: a chunk needs the last 2 rows of the previous chunk; skew 2

// CHECK:      {{^}}  int64_t lsc_n = lsc_iv_trip_count(1, N, 1, LSC_CMP_LT, LSC_I32, LSC_I32);
// CHECK-NEXT: {{^}}  lsc_nest lsc_shape = {.n1 = lsc_n, .n2 = lsc_iv_trip_count(1, M, 1, LSC_CMP_LT, LSC_I32, LSC_I32), .dep_rows = 0, .skew = 1, .boundary = 0, .nboundary = 0};
// CHECK-NEXT: {{^}}  lsc_pipeline_for(&lsc_site_16, &lsc_env, lsc_vars, 1, &lsc_shape);
// CHECK-NEXT: {{^}}  i = (int)(1 + (uint64_t)lsc_n * 1);
// CHECK:      {{^}}  int i = (int)(39 - (uint64_t)lsc_k1 * 1);
// CHECK:      {{^}}    /* c: iteration (k1, k2) writes [-51*k1 + k2 + 1990, -51*k1 + k2 + 1991), read by later rows */
// CHECK:      {{^}}  lsc_nest lsc_shape = {.n1 = lsc_iv_trip_count(N - 1, 1, -1, LSC_CMP_GE, LSC_I32, LSC_I32), .n2 = lsc_iv_trip_count(1, M, 1, LSC_CMP_LT, LSC_I32, LSC_I32), .dep_rows = 1, .skew = 0, .boundary = lsc_cells, .nboundary = 1};
// CHECK:      {{^}}    {0, 51, 1, 103, 51, 1, 104},
// CHECK-NEXT: {{^}}  };
// CHECK-NEXT: {{^}}  lsc_nest lsc_shape = {.n1 = lsc_iv_trip_count(2, N, 1, LSC_CMP_LT, LSC_I32, LSC_I32), .n2 = lsc_iv_trip_count(1, M - 2, 1, LSC_CMP_LT, LSC_I32, LSC_I32), .dep_rows = 2, .skew = 2, .boundary = lsc_cells, .nboundary = 1};
