// clang-format off
// A worker that dies in the middle of a loop must not leave the others waiting: the run ends, non-zero,
// well before the timeout (124). Re-issue is off here, so the loop cannot complete without the dead rank
// (with it on, the loop may complete first: reissue_killed.c).
// RUN: %lsc-build %t %s %lsc-libs
// RUN: env LSC_REISSUE=off timeout 30 %mpirun -np 3 %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// CHECK-NOT: finished
// CHECK: exit={{[1-9][0-9]?$}}
// CHECK-NOT: exit=124
// clang-format on
#include "Inputs/site_helpers.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

static int data[1000];
struct env_x {
  int *data;
};
static void bind_x(void *env) {
  ((struct env_x *)env)->data = data;
}
static void body_x(int64_t lo, int64_t hi, void *env) {
  for (int64_t k = lo; k < hi; k++) {
    if (lsc_rank() == 2)
      _exit(3);
    ((struct env_x *)env)->data[k] = 1;
    nanosleep(&(struct timespec){0, 1000 * 1000}, NULL);
  }
}
static const lsc_site site_x =
    TEST_SITE(body_x, bind_x, struct env_x, .schedule = "css(10)", .reissue = "off");

int main(void) {
  struct env_x env;
  lsc_var vars[] = {
      TEST_ARRAY(struct env_x, data, int, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, 1000,
                 .out = TEST_SLICE_K),
  };
  lsc_parallel_for(&site_x, &env, vars, TEST_COUNT(vars), 1000);
  printf("finished\n");
  return 0;
}
