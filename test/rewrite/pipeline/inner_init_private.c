// The synchronization loop's variable declared before the nest (private) and a loop-invariant start: the
// start travels as a hidden scalar, the column is assigned rather than declared in the row function.
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %seq-build %t.o -c %t.lsc.c -I%include -Wextra -Werror
#define N 16
static double a[N][N + 8];

void band(int lo) {
  int j;
#pragma lsc pipeline for private(j) schedule(css(4)) alpha(50) weights(equal) workload(uniform)
  for (int i = 1; i < N; i++)
    for (j = lo; j < lo + 8; j++) {
      if (a[i - 1][j] > 1.0)
        continue;
      a[i][j] = a[i - 1][j] + a[i][j - 1];
    }
}

// CHECK:      {{^}}  uint64_t lsc_init2 = lsc_e->lsc_init2;
// CHECK-NEXT: {{^}}  int j;
// CHECK:      {{^}}    j = (int)(lsc_init2 + (uint64_t)lsc_k2 * 1);
// CHECK:      {{^}}        .file = "{{.*}}", .line = 12, .body = 0, .bind = lsc_bind_12, .env_size = sizeof(struct lsc_env_12),
// CHECK-NEXT: {{^}}        .schedule = "css(4)", .alpha = "50", .weights = "equal", .workload = "uniform", .threads = 0, .reproducible = 0, .reissue = 0},
// CHECK:      {{^}}  lsc_env.lsc_init2 = (uint64_t)(lo);
// CHECK:      {{^}}    {2, 24, 1, (int64_t)lo + 24, 24, 1, (int64_t)lo + 25},
// CHECK:      {{^}}  lsc_nest lsc_shape = {.n1 = lsc_iv_trip_count(1, N, 1, LSC_CMP_LT, LSC_I32, LSC_I32), .n2 = lsc_iv_trip_count(lo, lo + 8, 1, LSC_CMP_LT, LSC_I32, LSC_I32), .dep_rows = 1, .skew = 0, .boundary = lsc_cells, .nboundary = 1};
// CHECK:      {{^}}  (void)j;
