// clang-format off
// Split copies: under the default schedule (gss) a 50x slow or stopped worker holds a large early chunk, and
// the ranks that find nothing left take parts of its tail (rank 0 included, in place), each a chunk of its
// own, while the holder keeps computing the whole chunk. Whichever comes first -- the parts covering the chunk
// or the holder's whole result -- completes it, and every element and reduction block is applied once: rows
// written in place (16 KiB a row, so a chunk's rows travel as in-place spans), an in-place update that reads
// what it writes (a part must get the values before any result), and reductions (a sum and a max, by block:
// parts fall on block boundaries, here blocks of 16 and the default). np 3 and 4, diffed with the sequential
// build; the output does not depend on timing, and only the stopped worker's run makes copies certain. A
// rank only 2x or 3x slow often finishes its whole chunk after some of its parts landed: then only the rest
// of its result is applied (the parts' outputs and blocks stay), which these runs exercise most times.
// Re-issue is named in every run, so a suite run with it off (`lit --param lsc_env=LSC_REISSUE=off`) still
// tests it here.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t > %t.seq
// RUN: env LSC_REISSUE=on LSC_SLOWDOWN=1,50,1 timeout 300 %mpirun -np 3 %t > %t.s3
// RUN: diff %t.seq %t.s3
// RUN: env LSC_REISSUE=on LSC_SLOWDOWN=1,1,50,1 LSC_REPRODUCIBLE=16 timeout 300 %mpirun -np 4 %t > %t.s4
// RUN: diff %t.seq %t.s4
// RUN: env LSC_SLOWDOWN=1,50,1 LSC_REISSUE=3 timeout 300 %mpirun -np 3 %t > %t.s3c
// RUN: diff %t.seq %t.s3c
// RUN: env LSC_REISSUE=on LSC_SLOWDOWN=1,2,1 timeout 300 %mpirun -np 3 %t > %t.m3
// RUN: diff %t.seq %t.m3
// The trace's "chunk" slices still cover each iteration once per loop (parts, rank 0's claims, the rest of a
// whole result after its parts):
// RUN: rm -f %t.json && env LSC_REISSUE=on LSC_SLOWDOWN=1,2,1 LSC_TRACE=%t.json timeout 300 %mpirun -np 3 %t > %t.t3 && python3 %S/Inputs/check_trace.py %t.json 240 3
// RUN: diff %t.seq %t.t3
// RUN: env LSC_REISSUE=on LSC_SLOWDOWN=1,1,3,1 LSC_REPRODUCIBLE=16 timeout 300 %mpirun -np 4 %t > %t.m4
// RUN: diff %t.seq %t.m4
// RUN: rm -f %t.pid && env LSC_REISSUE=on LSC_TEST_STOP_RANK=2 LSC_TEST_PID_FILE=%t.pid LSC_STATS=each timeout 300 %mpirun -np 3 %t > %t.p3 2> %t.err
// RUN: diff %t.seq %t.p3
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// STATS: re-issue: {{[1-9][0-9]*}} chunks re-issued
// RUN: rm -f %t.pid && env LSC_REISSUE=on LSC_TEST_STOP_RANK=1 LSC_TEST_PID_FILE=%t.pid LSC_REPRODUCIBLE=16 timeout 300 %mpirun -np 4 %t > %t.p4
// RUN: diff %t.seq %t.p4
// clang-format on
#define _POSIX_C_SOURCE 200809L
#include "Inputs/site_helpers.h"
#include "Inputs/stopped_rank.h"

#include <stdio.h>
#include <time.h>

#define N 240
#define W 2048

static double rows[N * W];
static double vals[N];

struct env_split {
  double *rows, *vals;
  double sum, top;
};

static void bind_split(void *env) {
  ((struct env_split *)env)->rows = rows;
  ((struct env_split *)env)->vals = vals;
}

/* Half a millisecond an iteration: the loop is still running when the worker stops, whatever the load. */
static void nap(void) {
  nanosleep(&(struct timespec){0, 500 * 1000}, NULL);
}

static void fill_body(int64_t lo, int64_t hi, void *p) {
  struct env_split *e = p;
  for (int64_t k = lo; k < hi; k++) {
    for (int64_t j = 0; j < W; j++)
      e->rows[k * W + j] = (double)k + 0.25 * (double)j;
    e->vals[k] = (double)(5 * k % 17) + 0.5;
    nap();
  }
}

static void update_body(int64_t lo, int64_t hi, void *p) {
  struct env_split *e = p;
  for (int64_t k = lo; k < hi; k++) {
    e->vals[k] = 1.5 * e->vals[k] + (double)k;
    e->sum += e->vals[k]; /* multiples of 1/8: exact in any order, so sequential and block sums agree */
    e->top = e->vals[k] > e->top ? e->vals[k] : e->top;
    nap();
  }
}

static const lsc_site fill_site = TEST_SITE(fill_body, bind_split, struct env_split);
static const lsc_site update_site = TEST_SITE(update_body, bind_split, struct env_split);

static void print(const char *what) {
  double rsum = 0, vsum = 0;
  for (int64_t i = 0; i < (int64_t)N * W; i++)
    rsum += rows[i] * (double)(i % 7 + 1);
  for (int64_t k = 0; k < N; k++)
    vsum += vals[k] * (double)(k % 5 + 1);
  printf("%s: rows %.3f vals %.3f\n", what, rsum, vsum);
  fflush(stdout);
}

int main(void) {
  struct env_split env = {0};
  lsc_var fill_vars[] = {
      TEST_ARRAY(struct env_split, rows, double, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, N * W,
                 .out = TEST_SLICE_ROW(W)),
      TEST_ARRAY(struct env_split, vals, double, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, N,
                 .out = TEST_SLICE_K),
  };
  lsc_parallel_for(&fill_site, &env, fill_vars, TEST_COUNT(fill_vars), N);
  print("fill");
  continue_stopped();
  lsc_var update_vars[] = {
      TEST_ARRAY(struct env_split, vals, double, LSC_VAR_GLOBAL | LSC_VAR_READ | LSC_VAR_WRITE, N,
                 .in = TEST_SLICE_K, .out = TEST_SLICE_K),
      TEST_REDUCTION(struct env_split, sum, LSC_TYPE_DOUBLE, LSC_RED_ADD),
      TEST_REDUCTION(struct env_split, top, LSC_TYPE_DOUBLE, LSC_RED_MAX),
  };
  for (int round = 0; round < 2; round++) {
    env.sum = 0;
    env.top = -1.0;
    lsc_parallel_for(&update_site, &env, update_vars, TEST_COUNT(update_vars), N);
    print("update");
    printf("sum %.17g top %.17g\n", env.sum, env.top);
  }
  return 0;
}
