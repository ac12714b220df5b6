/* The loop of user_mpi_init.c's program, in a file of its own: main's file has no lsc code at all. */
#include "lsc.h"

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
      {"squares",
       LSC_VAR_ARRAY,
       LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT,
       offsetof(struct env_sq, squares),
       sizeof(long),
       0,
       0,
       100,
       {0, 0, 0, 0},
       {1, 0, 1, 1}},
      {"total",
       LSC_VAR_REDUCTION,
       0,
       offsetof(struct env_sq, total),
       sizeof(long),
       LSC_TYPE_LONG,
       LSC_RED_ADD,
       0,
       {0, 0, 0, 0},
       {0, 0, 0, 0}},
  };
  lsc_parallel_for(&site_sq, &env, vars, 2, n);
  return env.total + squares[n - 1] - (long)(n - 1) * (n - 1);
}
