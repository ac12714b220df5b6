// clang-format off
// Rank 0 computing chunks of a pipelined nest (LSC_MASTER's default), compared bit for bit with the same nest
// run sequentially: a 2-D Gauss-Seidel sweep (flow (1,0) and (0,1), anti (1,0) and (0,1): dep_rows 1) and a
// nest with only an anti dependence on the row below (dep_rows 0: no block travels, so a later chunk can
// finish first; its result must not reach rank 0's memory before rank 0's own rows have read the row below).
// np 1, 2 and 3, several schemes and h, rank 0 slowed so that the workers' later chunks come back first, and
// the serving master for comparison. LSC_STATS says that rank 0 computes and why, and counts its blocks.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: env LSC_SYNC=1 LSC_SCHEDULE=pss %mpirun -np 2 %t | FileCheck %s
// RUN: env LSC_SYNC=3 LSC_SCHEDULE='css(2)' %mpirun -np 3 %t | FileCheck %s
// RUN: env LSC_SYNC=2 LSC_SCHEDULE=static LSC_SLOWDOWN=4,1,1 %mpirun -np 3 %t | FileCheck %s
// RUN: env LSC_SCHEDULE=fss LSC_SLOWDOWN=3,1 %mpirun -np 2 %t | FileCheck %s
// RUN: env LSC_SYNC=5 LSC_SCHEDULE=cyclic %mpirun -np 3 %t | FileCheck %s
// RUN: env LSC_MASTER=serve LSC_SYNC=4 %mpirun -np 3 %t | FileCheck %s
// Each instance measures for the next whether rank 0 computes or serves: the first computes by default, the
// ones after it are pinned so that the counts do not depend on timing.
// RUN: env LSC_STATS=each LSC_SYNC=4 %mpirun -np 2 %t 2> %t.first.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=FIRST < %t.first.err
// RUN: env LSC_STATS=each LSC_SYNC=4 LSC_MASTER=compute %mpirun -np 2 %t 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// RUN: env LSC_STATS=each LSC_MASTER=serve LSC_SYNC=4 %mpirun -np 2 %t 2> %t.serve.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=SERVE < %t.serve.err
// CHECK: gauss-seidel n1=1 n2=8: same
// CHECK-NEXT: anti-only n1=1 n2=8: same
// CHECK-NEXT: gauss-seidel n1=5 n2=3: same
// CHECK-NEXT: anti-only n1=5 n2=3: same
// CHECK-NEXT: gauss-seidel n1=60 n2=50: same
// CHECK-NEXT: anti-only n1=60 n2=50: same
// CHECK-NEXT: gauss-seidel n1=200 n2=31: same
// CHECK-NEXT: anti-only n1=200 n2=31: same
// CHECK-NOT: differs
// STATS: lsc: pipeline n2=50 dep_rows=1 skew=0 h=4 (LSC_SYNC=4) blocks={{[1-9][0-9]*}}
// STATS-NEXT: lsc:  rank   blocks       sent   received boundary_wait_s
// STATS-NEXT: {{^lsc: +0 +[1-9][0-9]* +[0-9]+ +[0-9]+ +[0-9.]+$}}
// STATS-NEXT: {{^lsc: +1 +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+$}}
// STATS: lsc: loop gauss-seidel:1 n=60 ranks=2 {{.*}} master=computes
// STATS: lsc: rank 0 computes (LSC_MASTER=compute)
// FIRST: lsc: loop gauss-seidel:1 n=1 ranks=2 {{.*}} master=computes
// FIRST: lsc: rank 0 computes (default: rank 0 computes between requests)
// SERVE: lsc: loop gauss-seidel:1 n=60 ranks=2 {{.*}} master=serves
// SERVE: lsc: rank 0 serves (LSC_MASTER=serve)
// clang-format on
#include "Inputs/site_helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct env {
  double *a;
  const double *b;
  int64_t w;
};

/* Gauss-Seidel: i = k1 + 1, j = k2 + 1 on an (n1 + 2) x (n2 + 2) grid with a fixed border. */
static void gs_cell(double *a, int64_t w, int64_t i, int64_t j) {
  a[i * w + j] = 0.25 * (a[(i - 1) * w + j] + a[(i + 1) * w + j] + a[i * w + j - 1] + a[i * w + j + 1]);
}

static void gs_row(int64_t k1, int64_t lo, int64_t hi, void *envp) {
  struct env *e = envp;
  for (int64_t j = lo; j < hi; j++)
    gs_cell(e->a, e->w, k1 + 1, j + 1);
}

/* Anti only: row i reads row i + 1 as the nest found it, on an (n1 + 1) x n2 grid. */
static void anti_cell(double *a, const double *b, int64_t w, int64_t i, int64_t j) {
  a[i * w + j] = 0.5 * a[(i + 1) * w + j] + b[i * w + j];
}

static void anti_row(int64_t k1, int64_t lo, int64_t hi, void *envp) {
  struct env *e = envp;
  for (int64_t j = lo; j < hi; j++)
    anti_cell(e->a, e->b, e->w, k1, j);
}

static const lsc_pipeline_site gs_site = {.base = {.magic = LSC_PIPELINE_SITE_MAGIC,
                                                   .abi = LSC_ABI_VERSION,
                                                   .file = "gauss-seidel",
                                                   .line = 1,
                                                   .env_size = sizeof(struct env),
                                                   .schedule = "gss"},
                                          .row = gs_row,
                                          .sync = "auto"};
static const lsc_pipeline_site anti_site = {.base = {.magic = LSC_PIPELINE_SITE_MAGIC,
                                                     .abi = LSC_ABI_VERSION,
                                                     .file = "anti-only",
                                                     .line = 1,
                                                     .env_size = sizeof(struct env),
                                                     .schedule = "gss"},
                                            .row = anti_row,
                                            .sync = "auto"};

static void fill(double *a, double *b, int64_t cells) {
  for (int64_t x = 0; x < cells; x++) {
    a[x] = (double)((x * 7919) % 1013) / 1013.0;
    b[x] = (double)((x * 104729) % 997) / 9970.0;
  }
}

static int report(const char *name, int64_t n1, int64_t n2, const double *a, const double *ref,
                  int64_t cells) {
  int same = memcmp(a, ref, (size_t)cells * sizeof *a) == 0;
  printf("%s n1=%lld n2=%lld: %s\n", name, (long long)n1, (long long)n2, same ? "same" : "differs");
  return same;
}

static int run_gs(int64_t n1, int64_t n2) {
  int64_t w = n2 + 2, cells = (n1 + 2) * w;
  double *a = malloc((size_t)cells * sizeof *a), *ref = malloc((size_t)cells * sizeof *ref);
  double *b = malloc((size_t)cells * sizeof *b);
  fill(a, b, cells);
  memcpy(ref, a, (size_t)cells * sizeof *a);
  for (int sweep = 0; sweep < 2; sweep++)
    for (int64_t i = 1; i <= n1; i++)
      for (int64_t j = 1; j <= n2; j++)
        gs_cell(ref, w, i, j);
  struct env e = {a, b, w};
  lsc_var vars[] = {
      /* rows i-1 .. i+1 in, row i's interior out */
      TEST_ARRAY(struct env, a, double, LSC_VAR_READ | LSC_VAR_WRITE, cells, .in = {w, 0, w, 3 * w},
                 .out = {w, w + 1, w, w + 1 + n2}),
      TEST_SCALAR(struct env, w),
  };
  lsc_cell_slice written[] = {{0, w, 1, w + 1, w, 1, w + 2}};
  lsc_nest nest = {n1, n2, 1, 0, written, 1};
  for (int sweep = 0; sweep < 2; sweep++)
    lsc_pipeline_for(&gs_site, &e, vars, TEST_COUNT(vars), &nest);
  int same = report("gauss-seidel", n1, n2, a, ref, cells);
  free(a);
  free(ref);
  free(b);
  return same;
}

static int run_anti(int64_t n1, int64_t n2) {
  int64_t w = n2, cells = (n1 + 1) * w;
  double *a = malloc((size_t)cells * sizeof *a), *ref = malloc((size_t)cells * sizeof *ref);
  double *b = malloc((size_t)cells * sizeof *b);
  fill(a, b, cells);
  memcpy(ref, a, (size_t)cells * sizeof *a);
  for (int sweep = 0; sweep < 2; sweep++)
    for (int64_t i = 0; i < n1; i++)
      for (int64_t j = 0; j < n2; j++)
        anti_cell(ref, b, w, i, j);
  struct env e = {a, b, w};
  lsc_var vars[] = {
      TEST_ARRAY(struct env, a, double, LSC_VAR_READ | LSC_VAR_WRITE, cells, .in = {w, 0, w, 2 * w},
                 .out = {w, 0, w, w}),
      TEST_ARRAY(struct env, b, double, LSC_VAR_READ, cells, .in = {w, 0, w, w}),
      TEST_SCALAR(struct env, w),
  };
  lsc_nest nest = {n1, n2, 0, 0, NULL, 0};
  for (int sweep = 0; sweep < 2; sweep++)
    lsc_pipeline_for(&anti_site, &e, vars, TEST_COUNT(vars), &nest);
  int same = report("anti-only", n1, n2, a, ref, cells);
  free(a);
  free(ref);
  free(b);
  return same;
}

int main(void) {
  static const int64_t sizes[][2] = {{1, 8}, {5, 3}, {60, 50}, {200, 31}};
  int ok = 1;
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    ok &= run_gs(sizes[s][0], sizes[s][1]);
    ok &= run_anti(sizes[s][0], sizes[s][1]);
  }
  return ok ? 0 : 1;
}
