// clang-format off
// Bad input to lsc_pipeline_for: one line naming the problem (and the site), exit status 1 on every rank,
// no hang (timeout would give 124). argv[1] picks the fault; "ok" runs a valid nest.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t magic > %t.1 2>&1; echo "exit=$?" >> %t.1
// RUN: FileCheck %s --check-prefix=MAGIC < %t.1
// MAGIC: lsc: error: lsc_pipeline_for: not a valid lsc_pipeline_site (magic, ABI version {{[0-9]+}}, row function)
// MAGIC: exit=1
// RUN: %t body > %t.2 2>&1; echo "exit=$?" >> %t.2
// RUN: FileCheck %s --check-prefix=MAGIC < %t.2
// RUN: not %t nonest 2>&1 | FileCheck %s --check-prefix=NONEST
// NONEST: lsc: error: errors.c:7: lsc_pipeline_for without a nest description
// RUN: env timeout 20 %mpirun -np 2 %t trip > %t.3 2>&1; echo "exit=$?" >> %t.3
// RUN: FileCheck %s --check-prefix=TRIP < %t.3
// TRIP: lsc: error: errors.c:7: the loop nest would not terminate or runs more than INT64_MAX times (trip counts -1, 5)
// TRIP: exit=1
// RUN: not %t dep 2>&1 | FileCheck %s --check-prefix=DEP
// DEP: lsc: error: errors.c:7: invalid nest description (dep_rows -1, skew 0, 1 boundary cells)
// RUN: not %t cells 2>&1 | FileCheck %s --check-prefix=CELLS
// CELLS: lsc: error: errors.c:7: invalid nest description (dep_rows 1, skew 0, 2 boundary cells)
// RUN: not %t manycells 2>&1 | FileCheck %s --check-prefix=MANY
// MANY: lsc: error: errors.c:7: invalid nest description (dep_rows 1, skew 0, 2000000 boundary cells)
// RUN: not %t cellvar 2>&1 | FileCheck %s --check-prefix=CELLVAR
// CELLVAR: lsc: error: errors.c:7: boundary cell 0 names variable 1, which is not an array of the loop
// RUN: not %t vars 2>&1 | FileCheck %s --check-prefix=VARS
// VARS: lsc: error: errors.c:7: invalid variable list (-1 vars)
// RUN: env timeout 20 %mpirun -np 3 %t sync > %t.4 2>&1; echo "exit=$?" >> %t.4
// RUN: FileCheck %s --check-prefix=SYNC < %t.4
// SYNC: lsc: error: errors.c:7: sync(0): expected 'auto' or a number of iterations >= 1
// SYNC: exit=1
// RUN: not %t width 2>&1 | FileCheck %s --check-prefix=WIDTH
// WIDTH: lsc: error: errors.c:7: not supported: a skewed width n2 + skew * (n1 - 1) beyond 2^62
// RUN: env LSC_SYNC=abc timeout 20 %mpirun -np 2 %t ok > %t.5 2>&1; echo "exit=$?" >> %t.5
// RUN: FileCheck %s --check-prefix=ENVSYNC < %t.5
// ENVSYNC: lsc: error: LSC_SYNC='abc': expected 'auto' or a number of iterations >= 1
// ENVSYNC-NOT: result
// ENVSYNC: exit=1
// RUN: env LSC_SYNC=0 not %t ok 2>&1 | FileCheck %s --check-prefix=ENVZERO
// ENVZERO: lsc: error: LSC_SYNC='0': expected 'auto' or a number of iterations >= 1
// RUN: env LSC_SYNC=-3 timeout 20 %mpirun -np 3 %t ok > %t.6 2>&1; echo "exit=$?" >> %t.6
// RUN: FileCheck %s --check-prefix=ENVNEG < %t.6
// ENVNEG: lsc: error: LSC_SYNC='-3': expected 'auto' or a number of iterations >= 1
// ENVNEG: exit=1
// RUN: env timeout 20 %mpirun -np 3 %t ok | FileCheck %s --check-prefix=OK
// OK: result 1 2 3 4 5 6 7 8 9 10
// clang-format on
#include "Inputs/site_helpers.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct env {
  double *a;
  int64_t unused;
};

static double data[10];

static void row(int64_t k1, int64_t lo, int64_t hi, void *envp) {
  struct env *e = envp;
  for (int64_t k2 = lo; k2 < hi; k2++)
    e->a[k1 * 5 + k2] = (double)(k1 * 5 + k2 + 1);
}

static void body(int64_t lo, int64_t hi, void *env) {
  (void)lo;
  (void)hi;
  (void)env;
}

#define SITE(magic_, body_, sync_)                                                                           \
  {                                                                                                          \
    .base = {.magic = (magic_),                                                                              \
             .abi = LSC_ABI_VERSION,                                                                         \
             .file = "errors.c",                                                                             \
             .line = 7,                                                                                      \
             .body = (body_),                                                                                \
             .env_size = sizeof(struct env)},                                                                \
    .row = row, .sync = (sync_)                                                                              \
  }

static const lsc_pipeline_site good = SITE(LSC_PIPELINE_SITE_MAGIC, 0, "2");
static const lsc_pipeline_site wrong_magic = SITE(LSC_SITE_MAGIC, 0, "2");
static const lsc_pipeline_site with_body = SITE(LSC_PIPELINE_SITE_MAGIC, body, "2");
static const lsc_pipeline_site bad_sync = SITE(LSC_PIPELINE_SITE_MAGIC, 0, "0");

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "ok";
  struct env e = {data, 0};
  lsc_var vars[] = {
      TEST_ARRAY(struct env, a, double, LSC_VAR_WRITE, 10, .out = TEST_SLICE_ROW(5)),
      TEST_SCALAR(struct env, unused),
  };
  lsc_cell_slice cell[] = {{0, 5, 1, 0, 5, 1, 1}};
  lsc_nest nest = {2, 5, 1, 0, cell, 1};
  const lsc_pipeline_site *site = &good;
  int nvars = TEST_COUNT(vars);
  if (!strcmp(mode, "magic"))
    site = &wrong_magic;
  else if (!strcmp(mode, "body"))
    site = &with_body;
  else if (!strcmp(mode, "sync"))
    site = &bad_sync;
  else if (!strcmp(mode, "trip"))
    nest.n1 = -1;
  else if (!strcmp(mode, "dep"))
    nest.dep_rows = -1;
  else if (!strcmp(mode, "cells"))
    nest.nboundary = 2, nest.boundary = NULL;
  else if (!strcmp(mode, "manycells"))
    nest.nboundary = 2000000;
  else if (!strcmp(mode, "cellvar"))
    cell[0].var = 1;
  else if (!strcmp(mode, "vars"))
    nvars = -1;
  else if (!strcmp(mode, "width"))
    nest.skew = INT64_MAX / 2;
  lsc_pipeline_for(site, &e, vars, nvars, strcmp(mode, "nonest") ? &nest : NULL);
  printf("result");
  for (int i = 0; i < 10; i++)
    printf(" %g", data[i]);
  printf("\n");
  return 0;
}
