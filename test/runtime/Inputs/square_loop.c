/* The loop of user_mpi_init.c's program, in a file of its own: main's file has no lsc code at all. */
#include "site_helpers.h"

static long squares[100];
struct env_sq {
  long *squares;
  long total;
};
static void bind_sq(void *env) {
  ((struct env_sq *)env)->squares = squares;
}
static void body_sq(int64_t lo, int64_t hi, void *env) {
  struct env_sq *e = env;
  long total = e->total;
  for (int64_t k = lo; k < hi; k++) {
    e->squares[k] = k * k;
    total += k * k;
  }
  e->total = total;
}
static const lsc_site site_sq = LSC_SITE_INIT(__FILE__, __LINE__, body_sq, bind_sq, struct env_sq);

long sum_of_squares(int n) {
  struct env_sq env = {0, 0};
  lsc_var vars[] = {
      TEST_ARRAY(struct env_sq, squares, long, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, 100,
                 .out = TEST_SLICE_K),
      TEST_REDUCTION(struct env_sq, total, LSC_TYPE_LONG, LSC_RED_ADD),
  };
  lsc_parallel_for(&site_sq, &env, vars, TEST_COUNT(vars), n);
  return env.total + squares[n - 1] - (long)(n - 1) * (n - 1);
}
