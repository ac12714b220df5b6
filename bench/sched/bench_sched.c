/* bench-sched - how many chunks per second each scheme's lsc_planner_next computes, planner set-up included.
 * The target is 10 million per second: the master must never be the bottleneck of a run. */
/* clock_gettime(CLOCK_PROCESS_CPUTIME_ID) is POSIX, outside strict C11. The rate is per second of this
 * process's CPU time: on a shared machine (the 2-core development one runs other builds at once) wall time
 * would charge the scheme for the others' work. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "lsc_sched.h"

#define WORKERS 256
#define CALLS_PER_SCHEME 20000000
#define TARGET_PER_SECOND 1e7

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct bench_case {
  const char *label;
  const char *schedule;
  int alpha;
  int with_cores;
  int with_weights;
  int with_feedback; /* report each chunk's time (as the runtime does), for the schemes that learn from it */
} bench_case;

static const bench_case cases[] = {
    {"static", "static", 0, 0, 0, 0},
    {"cyclic", "cyclic", 0, 0, 0, 0},
    {"block_cyclic(4)", "block_cyclic(4)", 0, 0, 0, 0},
    {"pss", "pss", 0, 0, 0, 0},
    {"css(16)", "css(16)", 0, 0, 0, 0},
    {"gss", "gss", 0, 0, 0, 0},
    {"fss", "fss", 0, 0, 0, 0},
    {"fss(1.5)", "fss(1.5)", 0, 0, 0, 0},
    {"tss", "tss", 0, 0, 0, 0},
    {"fiss", "fiss", 0, 0, 0, 0},
    {"tfss", "tfss", 0, 0, 0, 0},
    {"dcss(16)", "dcss(16)", 0, 0, 1, 0},
    {"dgss", "dgss", 0, 0, 1, 0},
    {"dfss", "dfss", 0, 0, 1, 0},
    {"dtss", "dtss", 0, 0, 1, 0},
    {"gss alpha(75)", "gss", 75, 0, 1, 0},
    {"tss cores(4)", "tss", 0, 1, 0, 0},
    {"fsc", "fsc", 0, 0, 0, 0},
    {"mfsc", "mfsc", 0, 0, 0, 0},
    {"fac", "fac", 0, 0, 0, 0},
    {"fac2", "fac2", 0, 0, 0, 0},
    {"wf", "wf", 0, 0, 1, 0},
    {"tap", "tap", 0, 0, 0, 0},
    {"viss", "viss", 0, 0, 0, 0},
    {"pls", "pls", 0, 0, 0, 0},
    {"rnd", "rnd", 0, 0, 0, 0},
    {"static_steal", "static_steal", 0, 0, 0, 0},
    {"awf +feedback", "awf", 0, 0, 0, 1},
    {"awf_b +feedback", "awf_b", 0, 0, 0, 1},
    {"awf_c +feedback", "awf_c", 0, 0, 0, 1},
    {"awf_d +feedback", "awf_d", 0, 0, 0, 1},
    {"awf_e +feedback", "awf_e", 0, 0, 0, 1},
    {"af +feedback", "af", 0, 0, 0, 1},
    {"bold +feedback", "bold", 0, 0, 0, 1},
};

/* Whatever the loop computes must be used, or the compiler may drop it. */
static volatile int64_t sink;

static int run_case(const bench_case *bc, double *rate, int64_t *chunks_out) {
  static double weights[WORKERS];
  static int64_t cores[WORKERS];
  for (int k = 0; k < WORKERS; k++) {
    weights[k] = 1.0 + (double)(k % 7);
    cores[k] = 4;
  }
  lsc_plan_params pp;
  memset(&pp, 0, sizeof pp);
  lsc_sched_error err;
  if (lsc_schedule_parse(bc->schedule, &pp.schedule, &err) != 0) {
    fprintf(stderr, "bench-sched: %s\n", err.message);
    return -1;
  }
  pp.alpha = bc->alpha;
  pp.workers = WORKERS;
  pp.weights = bc->with_weights ? weights : NULL;
  pp.cores = bc->with_cores ? cores : NULL;
  /* large enough that pss and css run for the whole budget; the others restart when a loop is done */
  pp.iterations = INT64_C(1) << 40;
  int64_t calls = 0, chunks = 0, checksum = 0;
  double start = now_seconds();
  while (calls < CALLS_PER_SCHEME) {
    lsc_planner *pl = lsc_planner_new(&pp, &err);
    if (!pl) {
      fprintf(stderr, "bench-sched: %s: %s\n", bc->label, err.message);
      return -1;
    }
    lsc_chunk c;
    int64_t worker = 0;
    while (calls < CALLS_PER_SCHEME && lsc_planner_remaining(pl) > 0) {
      calls++;
      if (lsc_planner_next(pl, worker, &c)) {
        chunks++;
        checksum += c.size;
        /* a worker of speed 1, 2 or 3 units: 1 microsecond per iteration and unit */
        if (bc->with_feedback)
          lsc_planner_feedback(pl, worker, &c, (double)c.size * 1e-6 * (double)(1 + worker % 3));
      }
      worker = worker + 1 == WORKERS ? 0 : worker + 1;
    }
    lsc_planner_free(pl);
  }
  double elapsed = now_seconds() - start;
  sink = checksum;
  *rate = (double)calls / elapsed;
  *chunks_out = chunks;
  return 0;
}

int main(void) {
  printf("bench-sched: lsc_planner_next calls per CPU second, %d workers, loops of 2^40 iterations\n",
         WORKERS);
  printf("%-18s %14s %16s %s\n", "scheme", "chunks", "next()/s", "target 1e7/s");
  int below = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    double rate;
    int64_t chunks;
    if (run_case(&cases[i], &rate, &chunks) != 0)
      return 1;
    below += rate < TARGET_PER_SECOND;
    printf("%-18s %14lld %16.3e %s\n", cases[i].label, (long long)chunks, rate,
           rate >= TARGET_PER_SECOND ? "ok" : "BELOW");
  }
  printf("%d of %zu schemes below the target\n", below, sizeof cases / sizeof cases[0]);
  return 0;
}
