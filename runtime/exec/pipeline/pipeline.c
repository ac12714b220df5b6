/* pipeline.c - lsc_pipeline_for: checks what the rewriter passed, then runs the nest locally in sequential
 * order (one rank, a nested loop, after MPI ended, an empty nest) or as a DMPS pipeline over the workers. */
#include "exec/pipeline/pipeline.h"
#include "exec/alias_check.h"
#include "exec/pipeline/pipeline_sync.h"
#include "exec/region.h"
#include "fatal.h"
#include "obs/clock.h"
#include "obs/stats.h"
#include "obs/trace.h"
#include "state.h"

#include <stdio.h>

/* The workers refuse larger PIPE messages: a real nest has one cell slice per array. */
#define MAX_CELLS (1 << 20)

static const char *file_of(const lsc_pipeline_site *site) {
  return site->base.file ? site->base.file : "?";
}

static void check(const lsc_pipeline_site *site, lsc_var *vars, int nvars, const lsc_nest *nest) {
  if (!site || site->base.magic != LSC_PIPELINE_SITE_MAGIC || site->base.abi != LSC_ABI_VERSION ||
      site->base.body || !site->row)
    lsc_fatal("lsc_pipeline_for: not a valid lsc_pipeline_site (magic, ABI version %d, row function)",
              LSC_ABI_VERSION);
  const char *f = file_of(site);
  int line = site->base.line;
  if (!nest)
    lsc_fatal("%s:%d: lsc_pipeline_for without a nest description", f, line);
  if (nest->n1 < 0 || nest->n2 < 0)
    lsc_fatal("%s:%d: the loop nest would not terminate or runs more than INT64_MAX times (trip counts %lld, "
              "%lld)",
              f, line, (long long)nest->n1, (long long)nest->n2);
  if (nest->dep_rows < 0 || nest->skew < 0 || nest->nboundary < 0 || nest->nboundary > MAX_CELLS ||
      (nest->nboundary > 0 && !nest->boundary))
    lsc_fatal("%s:%d: invalid nest description (dep_rows %lld, skew %lld, %d boundary cells)", f, line,
              (long long)nest->dep_rows, (long long)nest->skew, nest->nboundary);
  if (nvars < 0 || (nvars > 0 && !vars))
    lsc_fatal("%s:%d: invalid variable list (%d vars)", f, line, nvars);
  for (int i = 0; i < nest->nboundary; i++) {
    int v = nest->boundary[i].var;
    if (v < 0 || v >= nvars || vars[v].kind != LSC_VAR_ARRAY)
      lsc_fatal("%s:%d: boundary cell %d names variable %d, which is not an array of the loop", f, line, i,
                v);
  }
  if (lsc_sync_parse(site->sync) < 0)
    lsc_fatal("%s:%d: sync(%s): expected 'auto' or a number of iterations >= 1", f, line,
              site->sync ? site->sync : "(null)");
  if (nest->n1 > 0 && nest->n2 > 0 && lsc_block_width(nest->n1, nest->n2, nest->skew) < 0)
    lsc_fatal("%s:%d: not supported: a skewed width n2 + skew * (n1 - 1) beyond 2^62", f, line);
}

static void report_local(const lsc_pipeline_site *site, const lsc_nest *nest, double start, double end,
                         const char *why) {
  if (lsc_trace_on() && nest->n1 > 0 && nest->n2 > 0) {
    char args[64];
    snprintf(args, sizeof args, "\"start\":0,\"size\":%lld", (long long)nest->n1);
    lsc_trace_slice(0, "chunk", start, end, args);
  }
  if (lsc_trace_on()) {
    char file[128], args[320];
    lsc_trace_escape(file_of(site), file, sizeof file);
    snprintf(args, sizeof args, "\"site\":\"%s:%d\",\"n\":%lld,\"schedule\":\"local\"", file, site->base.line,
             (long long)nest->n1);
    lsc_trace_slice(LSC_TRACE_INSTANCES, "loop", start, end, args);
  }
  if (!lsc_rt.config.stats)
    return;
  lsc_rank_stats row = {
      .executes = 1, .chunks = nest->n1 > 0 && nest->n2 > 0, .iterations = nest->n1, .busy = end - start};
  lsc_loop_report rep = {.file = file_of(site),
                         .line = site->base.line,
                         .n = nest->n1,
                         .schedule = "local",
                         .weights_source = why,
                         .swr = -1,
                         .threads = 1,
                         .inner = "static",
                         .master_participates = 1,
                         .wall = end - start,
                         .local_why = why};
  lsc_stats_report(lsc_rt.config.stats, &rep, &row, 1);
  if (lsc_rt.config.stats != LSC_STATS_EACH)
    return;
  int64_t width = lsc_block_width(nest->n1, nest->n2, nest->skew);
  lsc_pipe_sync sync;
  lsc_pipeline_local_h(site, width > 0 ? width : 1, &sync);
  fprintf(
      stderr, "lsc: pipeline n2=%lld dep_rows=%lld skew=%lld h=%lld (%s) local: rows in sequential order\n",
      (long long)nest->n2, (long long)nest->dep_rows, (long long)nest->skew, (long long)sync.h, sync.source);
  fflush(stderr);
}

/* Row after row over all columns: exactly the sequential nest. */
static void run_local(const lsc_pipeline_site *site, void *env, const lsc_nest *nest, int quiet,
                      const char *why) {
  double start = lsc_now();
  if (nest->n2 > 0)
    for (int64_t k1 = 0; k1 < nest->n1; k1++)
      site->row(k1, 0, nest->n2, env);
  double end = lsc_now();
  if (!quiet)
    report_local(site, nest, start, end, why);
}

int lsc_pipeline_for(const lsc_pipeline_site *site, void *env, lsc_var *vars, int nvars,
                     const lsc_nest *nest) {
  check(site, vars, nvars, nest);
  if (site->base.bind)
    site->base.bind(env);
  int nested = lsc_rt.loop_depth > 0;
  int local = lsc_rt.size <= 1 || lsc_rt.rank != 0 || nested || lsc_rt.finished;
  lsc_rt.loop_depth++;
  /* An empty nest has nothing to pipeline: the workers are not bothered with it. */
  char why[160] = "none (one rank)";
  /* A local run reads rank 0's memory: inside a data region the newest bytes come home first. */
  if (!nested && lsc_rt.rank == 0)
    lsc_region_local(env, vars, nvars);
  if (!local && (nest->n1 == 0 || nest->n2 == 0))
    snprintf(why, sizeof why, "none (an empty nest)");
  if (local || nest->n1 == 0 || nest->n2 == 0)
    run_local(site, env, nest, nested || lsc_rt.rank != 0, why);
  else if (lsc_instance_overlaps(site, file_of(site), site->base.line, vars, nvars, env, nest->n1, why,
                                 sizeof why))
    run_local(site, env, nest, 0, why);
  else
    lsc_pipeline_master_run(site, env, vars, nvars, nest);
  lsc_rt.loop_depth--;
  return 0;
}
