// A depth-3 nest over globals: the third loop stays inside the row function, the distances are taken in
// (i, j) only, and the boundary cell of an iteration is its K elements. sync() names a macro, folded to 8.
// RUN: %lsc-rewrite %s -o %t.lsc.c --remarks 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.lsc.c
// RUN: %seq-build %t.o -c %t.lsc.c -I%include -Wextra -Werror
#define N 32
#define M 48
#define K 4
#define BLOCK (K * 2)
static float field[N][M][K];
static float scale[K];

void relax(void) {
#pragma lsc pipeline for schedule(fss) sync(BLOCK)
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++)
      for (int k = 0; k < K; k++)
        field[i][j][k] = scale[k] * (field[i - 1][j][k] + field[i][j - 1][k] + field[i][j][k]);
}

// REMARK: {{.*}}depth3_global.c:15:3: remark: loop nest pipelined: 'i' is the scheduling dimension (schedule fss), 'j' the synchronization dimension (sync 8)
// REMARK: {{.*}}depth3_global.c:15:3: remark: dependence distances of 'field' in (i, j): flow (1, 0), flow (0, 1)
// REMARK: {{.*}}depth3_global.c:15:3: remark: a chunk needs the last 1 row of the previous chunk; skew 0

// CHECK:      {{^}}  for (int64_t lsc_k2 = lsc_k2_lo; lsc_k2 < lsc_k2_hi; lsc_k2++) {
// CHECK-NEXT: {{^}}    int j = (int)(1 + (uint64_t)lsc_k2 * 1);
// CHECK-NEXT: {{^}}    (void)j;
// CHECK-NEXT: {{^}}#line 17 "{{.*}}depth3_global.c"
// CHECK-NEXT: {{^}}      for (int k = 0; k < K; k++)
// CHECK-NEXT: {{^}}        field[i][j][k] = scale[k] * (field[i - 1][j][k] + field[i][j - 1][k] + field[i][j][k]);
// CHECK-NEXT: {{^}}  }
// CHECK:      {{^}}    .sync = "8"};
// CHECK:      {{^}}    {"field", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ | LSC_VAR_WRITE, offsetof(struct lsc_env_15, field), sizeof(float), 0, 0, 6144, {192, 4, 192, 384, 0, 0, 0}, {192, 196, 192, 384, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK:      {{^}}    {"scale", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ | LSC_VAR_WHOLE, offsetof(struct lsc_env_15, scale), sizeof(float), 0, 0, 4, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK:      {{^}}    /* field: iteration (k1, k2) writes [192*k1 + 4*k2 + 196, 192*k1 + 4*k2 + 200), read by later rows */
// CHECK-NEXT: {{^}}    {0, 192, 4, 196, 192, 4, 200},
// CHECK:      {{^}}  lsc_nest lsc_shape = {.n1 = lsc_iv_trip_count(1, N, 1, LSC_CMP_LT, LSC_I32, LSC_I32), .n2 = lsc_iv_trip_count(1, M, 1, LSC_CMP_LT, LSC_I32, LSC_I32), .dep_rows = 1, .skew = 0, .boundary = lsc_cells, .nboundary = 1};
