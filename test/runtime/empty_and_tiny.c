// clang-format off
// A loop that does not run (trip count 0, also from a reversed range), and loops with fewer iterations than
// workers: reductions keep the user's value, untouched elements keep theirs, and nobody waits forever.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// Reproducible mode: an empty table, blocks of one iteration, a block larger than the loop.
// RUN: env LSC_REPRODUCIBLE=on %mpirun -np 4 %t | FileCheck %s
// RUN: env LSC_REPRODUCIBLE=2 LSC_SCHEDULE=static %mpirun -np 3 %t | FileCheck %s
// RUN: env LSC_REPRODUCIBLE=1000 %mpirun -np 2 %t | FileCheck %s
// RUN: env LSC_REPRODUCIBLE=on %t | FileCheck %s
// CHECK: n=0: sum 42, a[0] -1
// CHECK-NEXT: n=0: sum 42, a[0] -1
// CHECK-NEXT: n=1: sum 43, a[0] 0
// CHECK-NEXT: n=2: sum 45, a[1] 2
// CHECK-NEXT: n=3: sum 48, a[2] 4
// clang-format on
#include "Inputs/site_helpers.h"

#include <stdio.h>

static long a[8];
struct env_t {
  long *a;
  long sum;
};
static void bind_t(void *env) {
  ((struct env_t *)env)->a = a;
}
static void body_t(int64_t lo, int64_t hi, void *env) {
  struct env_t *e = env;
  long sum = e->sum;
  for (int64_t k = lo; k < hi; k++) {
    e->a[k] = 2 * k;
    sum += k + 1;
  }
  e->sum = sum;
}
static const lsc_site site_t = TEST_SITE(body_t, bind_t, struct env_t, .schedule = "static");

static void run(int64_t n, int show) {
  for (int i = 0; i < 8; i++)
    a[i] = -1;
  struct env_t env = {0, 42};
  lsc_var vars[] = {
      TEST_ARRAY(struct env_t, a, long, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, 8,
                 .out = TEST_SLICE_K),
      TEST_REDUCTION(struct env_t, sum, LSC_TYPE_LONG, LSC_RED_ADD),
  };
  lsc_parallel_for(&site_t, &env, vars, TEST_COUNT(vars), n);
  printf("n=%lld: sum %ld, a[%d] %ld\n", (long long)n, env.sum, show, a[show]);
}

int main(void) {
  run(lsc_trip_count(0, 0, 1, LSC_CMP_LT), 0);
  run(lsc_trip_count(5, 0, 1, LSC_CMP_LT), 0);
  run(1, 0);
  run(2, 1);
  run(3, 2);
  return 0;
}
