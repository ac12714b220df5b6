/* reissue_loops.h - the loops of the stopped- and dead-worker tests (reissue_stopped.c, reissue_killed.c):
 * rows written in place (spans of 160 KiB, so a late copy's spans must go to scratch memory, not into the
 * array), an in-place update that reads what it writes (a copy must get the values before the first result),
 * and a sum (partials by block, applied once). Each iteration sleeps a millisecond so that the loop is still
 * running when the worker stops or dies; the results do not depend on timing. reissue_run() runs them and
 * prints what the sequential program prints; `between` runs after the first loop. */
#ifndef LSC_TEST_REISSUE_LOOPS_H
#define LSC_TEST_REISSUE_LOOPS_H

#include "site_helpers.h"

#include <stdio.h>
#include <time.h>

#define REISSUE_N 600
#define REISSUE_W 2048

static double rows[REISSUE_N * REISSUE_W];
static double vals[REISSUE_N];

struct reissue_env {
  double *rows, *vals;
  double sum;
};

static void reissue_bind(void *env) {
  ((struct reissue_env *)env)->rows = rows;
  ((struct reissue_env *)env)->vals = vals;
}

static void reissue_nap(void) {
  nanosleep(&(struct timespec){0, 1000 * 1000}, NULL);
}

static void fill_body(int64_t lo, int64_t hi, void *p) {
  struct reissue_env *e = p;
  for (int64_t k = lo; k < hi; k++) {
    for (int64_t j = 0; j < REISSUE_W; j++)
      e->rows[k * REISSUE_W + j] = (double)k + 0.5 * (double)j;
    e->vals[k] = (double)(3 * k + 1);
    reissue_nap();
  }
}

static void twice_body(int64_t lo, int64_t hi, void *p) {
  struct reissue_env *e = p;
  for (int64_t k = lo; k < hi; k++) {
    e->vals[k] = 2 * e->vals[k] + 1;
    e->sum += e->vals[k];
    reissue_nap();
  }
}

static const lsc_site fill_site =
    TEST_SITE(fill_body, reissue_bind, struct reissue_env, .schedule = "css(10)");
static const lsc_site twice_site =
    TEST_SITE(twice_body, reissue_bind, struct reissue_env, .schedule = "css(10)");

static void reissue_print(const char *what) {
  double rsum = 0, vsum = 0;
  for (int64_t i = 0; i < (int64_t)REISSUE_N * REISSUE_W; i++)
    rsum += rows[i];
  for (int64_t k = 0; k < REISSUE_N; k++)
    vsum += vals[k];
  printf("%s: rows %.1f vals %.1f\n", what, rsum, vsum);
  fflush(stdout);
}

static void reissue_run(void (*between)(void)) {
  struct reissue_env env = {0};
  lsc_var fill_vars[] = {
      TEST_ARRAY(struct reissue_env, rows, double, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT,
                 REISSUE_N * REISSUE_W, .out = TEST_SLICE_ROW(REISSUE_W)),
      TEST_ARRAY(struct reissue_env, vals, double, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT,
                 REISSUE_N, .out = TEST_SLICE_K),
  };
  lsc_parallel_for(&fill_site, &env, fill_vars, TEST_COUNT(fill_vars), REISSUE_N);
  reissue_print("fill");
  if (between)
    between();
  lsc_var twice_vars[] = {
      TEST_ARRAY(struct reissue_env, vals, double, LSC_VAR_GLOBAL | LSC_VAR_READ | LSC_VAR_WRITE, REISSUE_N,
                 .in = TEST_SLICE_K, .out = TEST_SLICE_K),
      TEST_REDUCTION(struct reissue_env, sum, LSC_TYPE_DOUBLE, LSC_RED_ADD),
  };
  for (int round = 0; round < 3; round++) {
    env.sum = 0;
    lsc_parallel_for(&twice_site, &env, twice_vars, TEST_COUNT(twice_vars), REISSUE_N);
    reissue_print("twice");
    printf("sum %.1f\n", env.sum);
  }
}

#endif
