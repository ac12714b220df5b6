// clang-format off
// A hand-written pipelined nest with two rows of flow dependences (distances (1,-1), (2,1), (0,1)) and an
// anti dependence on the row below (1,0): dep_rows 2, skew 1, arrays reached through env pointers (the
// workers' mirrors). Compared bit for bit with the same nest run sequentially, over several sizes (n1 < the
// workers, n2 = 1, chunks shorter than dep_rows with pss and css(1), an empty nest), h from 1 to beyond the
// width, several schemes, LSC_SLOWDOWN, twice per size (the second instance reuses the mirrors), and with
// LSC_REISSUE=on, which a nest ignores (docs/runtime.md).
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t | FileCheck %s
// RUN: env LSC_SYNC=1 LSC_SCHEDULE=pss %mpirun -np 2 %t | FileCheck %s
// RUN: env LSC_SYNC=1 LSC_SCHEDULE=pss %mpirun -np 4 %t | FileCheck %s
// RUN: env LSC_SYNC=3 LSC_SCHEDULE='css(1)' %mpirun -np 3 %t | FileCheck %s
// RUN: env LSC_SYNC=1000 LSC_SCHEDULE=gss %mpirun -np 4 %t | FileCheck %s
// RUN: env LSC_SYNC=2 LSC_SCHEDULE=static LSC_SLOWDOWN=1,3,1 %mpirun -np 3 %t | FileCheck %s
// RUN: env LSC_SCHEDULE=dtss LSC_SLOWDOWN=1,1,1,2 %mpirun -np 4 %t | FileCheck %s
// RUN: env LSC_SYNC=5 LSC_SCHEDULE=cyclic %mpirun -np 4 %t | FileCheck %s
// RUN: env LSC_MASTER=serve LSC_SYNC=3 LSC_SCHEDULE=fss %mpirun -np 3 %t | FileCheck %s
// RUN: env LSC_REISSUE=on LSC_SYNC=2 LSC_SLOWDOWN=1,1,4 %mpirun -np 3 %t | FileCheck %s
// LSC_STATS names the h and its source, per pipeline and per worker; the trace has a chunk slice per chunk.
// RUN: env LSC_STATS=each LSC_TRACE=%t.json LSC_SYNC=4 %mpirun -np 3 %t 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// RUN: FileCheck %s --check-prefix=TRACE < %t.json
// RUN: env LSC_STATS=each %t 2>&1 >/dev/null | FileCheck %s --check-prefix=LOCAL
// One worker and a serving rank 0: one block, nothing to pipeline.
// RUN: env LSC_STATS=each LSC_MASTER=serve %mpirun -np 2 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=ONE
// ONE: lsc: pipeline n2=17 dep_rows=2 skew=1 h=56 (sync(auto) (one worker: one block)) blocks=
// STATS: lsc: pipeline n2=17 dep_rows=2 skew=1 h=4 (LSC_SYNC=4) blocks={{[1-9][0-9]*}}
// STATS-NEXT: lsc:  rank   blocks       sent   received boundary_wait_s
// STATS-NEXT: {{^lsc: +0 +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+$}}
// STATS-NEXT: {{^lsc: +1 +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+$}}
// STATS-NEXT: {{^lsc: +2 +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+$}}
// TRACE: "name":"chunk"{{.*}}"args":{"start":0,"size":{{[0-9]+}},"blocks":{{[0-9]+}},"busy_us":
// LOCAL: lsc: pipeline n2=17 dep_rows=2 skew=1 h=56 (sync(auto)) local: rows in sequential order
// CHECK: n1=0 n2=9: same
// CHECK-NEXT: n1=7 n2=0: same
// CHECK-NEXT: n1=1 n2=9: same
// CHECK-NEXT: n1=2 n2=5: same
// CHECK-NEXT: n1=13 n2=1: same
// CHECK-NEXT: n1=40 n2=17: same
// CHECK-NEXT: n1=97 n2=64: same
// CHECK-NOT: differs
// clang-format on
#include "Inputs/site_helpers.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct env {
  double *a;
  const double *b;
  int64_t n1, n2, w;
};

/* i = k1 + 2 reads rows i-2 .. i+1 and writes a[i][j + 2] for j = k2. */
static double cell(const double *a, const double *b, int64_t w, int64_t i, int64_t j) {
  return 0.5 * a[(i - 1) * w + j + 3] + 0.25 * a[(i - 2) * w + j + 1] + 0.125 * a[i * w + j + 1] +
         0.0625 * a[(i + 1) * w + j + 2] + b[i * w + j];
}

static void row(int64_t k1, int64_t lo, int64_t hi, void *envp) {
  struct env *e = envp;
  int64_t i = k1 + 2;
  for (int64_t j = lo; j < hi; j++)
    e->a[i * e->w + j + 2] = cell(e->a, e->b, e->w, i, j);
}

static const lsc_pipeline_site site = {.base = {.magic = LSC_PIPELINE_SITE_MAGIC,
                                                .abi = LSC_ABI_VERSION,
                                                .file = "pipeline_nest.c",
                                                .line = 1,
                                                .env_size = sizeof(struct env),
                                                .schedule = "gss"},
                                       .row = row,
                                       .sync = "auto"};

static void fill(double *a, double *b, int64_t cells) {
  for (int64_t x = 0; x < cells; x++) {
    a[x] = (double)((x * 7919) % 1013) / 1013.0;
    b[x] = (double)((x * 104729) % 997) / 9970.0;
  }
}

static int run(int64_t n1, int64_t n2) {
  int64_t w = n2 + 4, rows = n1 + 4, cells = rows * w;
  double *a = malloc((size_t)cells * sizeof *a), *ref = malloc((size_t)cells * sizeof *ref);
  double *b = malloc((size_t)cells * sizeof *b);
  fill(a, b, cells);
  memcpy(ref, a, (size_t)cells * sizeof *a);
  for (int time = 0; time < 2; time++)
    for (int64_t i = 2; i < n1 + 2; i++)
      for (int64_t j = 0; j < n2; j++)
        ref[i * w + j + 2] = cell(ref, b, w, i, j);
  struct env e = {a, b, n1, n2, w};
  lsc_var vars[] = {
      /* rows i-2 .. i+1 of a in, row i's columns 2 .. n2+1 out */
      TEST_ARRAY(struct env, a, double, LSC_VAR_READ | LSC_VAR_WRITE, cells, .in = {w, 0, w, 4 * w},
                 .out = {w, 2 * w + 2, w, 2 * w + 2 + n2}),
      TEST_ARRAY(struct env, b, double, LSC_VAR_READ, cells, .in = {w, 2 * w, w, 3 * w}),
      TEST_SCALAR(struct env, n1),
      TEST_SCALAR(struct env, n2),
      TEST_SCALAR(struct env, w),
  };
  lsc_cell_slice cells_written[] = {{0, w, 1, 2 * w + 2, w, 1, 2 * w + 3}};
  lsc_nest nest = {n1, n2, 2, 1, cells_written, 1};
  for (int time = 0; time < 2; time++)
    lsc_pipeline_for(&site, &e, vars, TEST_COUNT(vars), &nest);
  int same = memcmp(a, ref, (size_t)cells * sizeof *a) == 0;
  printf("n1=%lld n2=%lld: %s\n", (long long)n1, (long long)n2, same ? "same" : "differs");
  free(a);
  free(ref);
  free(b);
  return same;
}

int main(void) {
  static const int64_t sizes[][2] = {{0, 9}, {7, 0}, {1, 9}, {2, 5}, {13, 1}, {40, 17}, {97, 64}};
  int ok = 1;
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    ok &= run(sizes[s][0], sizes[s][1]);
  return ok ? 0 : 1;
}
