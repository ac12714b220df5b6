/* parallel_for.c - the entry point of every parallel loop: local on one rank, master/worker otherwise. */
#include "exec/alias_check.h"
#include "exec/master.h"
#include "fatal.h"
#include "obs/clock.h"
#include "obs/stats.h"
#include "obs/trace.h"
#include "state.h"

#include <stdio.h>

/* One rank, a nested loop, after MPI ended, arrays that overlap or an induction variable that wraps: the
 * body over [0, n) on the caller's env, exactly the sequential loop (bit-identical results, reductions
 * included). */
static void run_local(const lsc_site *site, void *env, int64_t n, int nested, const char *why) {
  double start = lsc_now();
  if (n > 0)
    site->body(0, n, env);
  double end = lsc_now();
  if (nested || lsc_rt.rank != 0)
    return;
  if (lsc_trace_on() && n > 0) {
    char args[64];
    snprintf(args, sizeof args, "\"start\":0,\"size\":%lld", (long long)n);
    lsc_trace_slice(0, "chunk", start, end, args);
  }
  if (lsc_rt.config.stats) {
    lsc_rank_stats row = {1, n > 0, n, end - start, 0, 0};
    lsc_loop_report rep = {site->file, site->line, n, "local", 0, why, NULL, -1, 1, "static", 1, end - start};
    lsc_stats_print(stderr, &rep, &row, 1);
  }
}

/* The checks every entry point makes before running anything. */
static void check_site(const lsc_site *site, int64_t n) {
  if (!site || site->magic != LSC_SITE_MAGIC || site->abi != LSC_ABI_VERSION || !site->body)
    lsc_fatal("lsc_parallel_for: not a valid lsc_site (magic, ABI version %d or body missing)",
              LSC_ABI_VERSION);
  const char *file = site->file ? site->file : "?";
  if (n == LSC_TRIP_FOREVER)
    lsc_fatal("%s:%d: the loop would not terminate: its condition stays true for every value its induction "
              "variable takes",
              file, site->line);
  if (n == LSC_TRIP_TOO_MANY)
    lsc_fatal("%s:%d: the loop runs more than INT64_MAX times", file, site->line);
  if (n < 0)
    lsc_fatal("%s:%d: invalid trip count %lld", file, site->line, (long long)n);
}

int lsc_parallel_for(const lsc_site *site, void *env, lsc_var *vars, int nvars, int64_t n) {
  check_site(site, n);
  if (site->bind)
    site->bind(env);
  int nested = lsc_rt.loop_depth > 0;
  if (lsc_rt.size <= 1 || lsc_rt.rank != 0 || nested || lsc_rt.finished) {
    lsc_rt.loop_depth++;
    run_local(site, env, n, nested, "none (one rank)");
    lsc_rt.loop_depth--;
    return 0;
  }
  char why[160];
  if (lsc_instance_overlaps(site, site->file, site->line, vars, nvars, env, n, why, sizeof why)) {
    lsc_rt.loop_depth++;
    run_local(site, env, n, 0, why);
    lsc_rt.loop_depth--;
    return 0;
  }
  lsc_rt.loop_depth++;
  lsc_master_run(site, env, vars, nvars, n);
  lsc_rt.loop_depth--;
  return 0;
}

int lsc_parallel_for_local(const lsc_site *site, void *env, int64_t n) {
  check_site(site, n);
  if (site->bind)
    site->bind(env);
  int nested = lsc_rt.loop_depth > 0;
  lsc_rt.loop_depth++;
  run_local(site, env, n, nested, "none (the induction variable wraps around)");
  lsc_rt.loop_depth--;
  return 0;
}
