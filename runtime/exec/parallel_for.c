/* parallel_for.c - the entry point of every parallel loop: local on one rank, master/worker otherwise. A
 * local run is the sequential loop, except in reproducible mode, where it runs the very blocks a distributed
 * run would, so that one rank and many give the same bits. */
#include "config/settings.h"
#include "exec/alias_check.h"
#include "exec/master.h"
#include "exec/master_choice.h"
#include "exec/reduce.h"
#include "exec/region.h"
#include "exec/run_chunk.h"
#include "fatal.h"
#include "obs/clock.h"
#include "obs/stats.h"
#include "obs/trace.h"
#include "state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The checks the master makes of a reduction's descriptor (master_setup.c), for the local blocked run, which
 * reads and writes every reduction through its descriptor too. */
static void check_reductions(const lsc_site *site, void *env, const lsc_var *vars, int nvars) {
  if (nvars < 0 || (nvars > 0 && !vars))
    lsc_fatal("%s:%d: invalid variable list (%d vars)", site->file, site->line, nvars);
  for (int i = 0; i < nvars; i++) {
    const lsc_var *v = &vars[i];
    if (v->kind != LSC_VAR_REDUCTION)
      continue;
    const char *why = NULL;
    size_t field = v->flags & LSC_VAR_INDIRECT ? sizeof(void *) : v->size;
    void *target = NULL;
    if (!lsc_reduce_supported(v->type, v->op))
      why = "this reduction operator does not apply to this type";
    else if (v->size != lsc_type_size(v->type))
      why = "size does not match the reduction type";
    else if (v->offset > site->env_size || field > site->env_size - v->offset)
      why = "offset or size outside the env struct";
    else if ((v->flags & LSC_VAR_INDIRECT) &&
             (memcpy(&target, (char *)env + v->offset, sizeof target), !target))
      why = "INDIRECT field holds a null pointer (did bind set it?)";
    if (why)
      lsc_fatal("%s:%d: variable '%s': %s", site->file, site->line, v->name ? v->name : "?", why);
  }
}

/* Reproducible mode on one rank: the loop's blocks in order on a private env block, each from the
 * identities, then the caller's values combined with the partials in block order (exactly what rank 0 does
 * with the partials of a distributed run, through the same table). */
static void run_blocks_locally(const lsc_site *site, void *env, const lsc_var *vars, int nvars, int64_t n,
                               const lsc_repro_spec *spec) {
  check_reductions(site, env, vars, nvars);
  lsc_loop loop = {.site = site, .vars = vars, .nvars = nvars, .n = n, .threads = 1, .repro = 1};
  loop.blocks = lsc_repro_blocks_of(n, spec->block);
  loop.partial_bytes = lsc_partial_bytes(vars, nvars);
  loop.env_block = lsc_env_block_size(site, vars, nvars);
  lsc_repro_table table;
  if (!(loop.env = malloc(loop.env_block)) ||
      lsc_repro_table_init(&table, loop.blocks.count, loop.partial_bytes) != 0)
    lsc_fatal("%s:%d: out of memory for the partials of %lld blocks of %lld iterations; larger blocks need "
              "fewer",
              site->file, site->line, (long long)loop.blocks.count, (long long)loop.blocks.size);
  lsc_env_block_init(loop.env, env, &loop);
  if (n > 0) {
    lsc_chunk_timing t;
    lsc_run_chunk(&loop, 0, n, 0, NULL, NULL, &t);
    if (lsc_repro_table_store(&table, loop.block_first, loop.block_count, loop.block_partials) != 0 ||
        table.missing != 0)
      lsc_fatal("%s:%d: internal error: the local run left blocks without a partial", site->file, site->line);
  }
  lsc_env_combine_blocks(env, &loop, &table);
  lsc_repro_table_free(&table);
  free(loop.env);
  lsc_loop_release(&loop);
}

/* The threads a loop run alone on rank 0 gets: those asked for by name (LSC_THREADS or the threads clause),
 * as a distributed instance's ranks get them (hierarchical mode, one rank per node: np 1 ran the loop on one
 * thread, 0.098 s against 0.076 s for OpenMP's two on matmul 800). `auto` stays at one: a program run
 * without mpirun keeps the sequential loop's order. 1 when none or on an error (the distributed path reports
 * a bad setting). */
static int threads_asked(const lsc_site *site, lsc_inner_schedule *inner) {
  lsc_threads_spec threads;
  char err[512];
  if (lsc_settings_threads(site, &lsc_rt.config, &threads, err, sizeof err) != 0)
    return 1;
  *inner = threads.inner;
  return threads.count > 1 ? threads.count : 1;
}

/* [0, n) with `threads` OpenMP threads on a private env block, its reductions folded into the caller's in
 * thread order (run_chunk.c), as a rank runs a chunk in hierarchical mode. */
static void run_threads_locally(const lsc_site *site, void *env, const lsc_var *vars, int nvars, int64_t n,
                                int threads, lsc_inner_schedule inner) {
  check_reductions(site, env, vars, nvars);
  lsc_loop loop = {.site = site, .vars = vars, .nvars = nvars, .n = n, .threads = threads, .inner = inner};
  loop.env_block = lsc_env_block_size(site, vars, nvars);
  if (!(loop.env = malloc(loop.env_block)))
    lsc_fatal("%s:%d: out of memory for an env block", site->file, site->line);
  lsc_env_block_init(loop.env, env, &loop);
  lsc_chunk_timing t;
  lsc_run_chunk(&loop, 0, n, 0, NULL, NULL, &t);
  lsc_env_fold(env, loop.env, &loop);
  free(loop.env);
  loop.env = NULL;
  lsc_loop_release(&loop);
}

/* One rank, a nested loop, after MPI ended, arrays that overlap or an induction variable that wraps: the
 * body over [0, n) on the caller's env, exactly the sequential loop (bit-identical results, reductions
 * included). In reproducible mode a loop
 * of rank 0 that is not nested runs its blocks instead; a nested loop stays sequential, which is as
 * reproducible, since it runs whole wherever it runs. */
static void run_local(const lsc_site *site, void *env, const lsc_var *vars, int nvars, int64_t n, int nested,
                      const char *why) {
  lsc_repro_spec repro = {0, 0};
  char source[48] = "", err[512], text[96];
  if (!nested && lsc_rt.rank == 0 &&
      lsc_settings_reproducible(site, &lsc_rt.config, &repro, source, sizeof source, err, sizeof err) != 0)
    lsc_fatal("%s", err);
  /* Inside a data region the ranks may hold newer bytes of the arrays: home first (exec/region.h). */
  if (!nested && lsc_rt.rank == 0) {
    if (vars)
      lsc_region_local_loop(env, vars, nvars, n);
    else
      lsc_region_local(env, NULL, 0);
  }
  lsc_inner_schedule inner = LSC_INNER_STATIC;
  int threads = !nested && lsc_rt.rank == 0 && !repro.on && vars && n > 1 ? threads_asked(site, &inner) : 1;
  double start = lsc_now(), cpu_start = lsc_cpu_now();
  if (repro.on)
    run_blocks_locally(site, env, vars, nvars, n, &repro);
  else if (threads > 1)
    run_threads_locally(site, env, vars, nvars, n, threads, inner);
  else if (n > 0)
    site->body(0, n, env);
  double end = lsc_now(), cpu = lsc_cpu_now() - cpu_start;
  if (nested || lsc_rt.rank != 0)
    return;
  /* The work measured alone decides whether the next instance goes back to the workers (master_choice.h):
   * the lesser of the wall and CPU clocks' time, since on a loaded machine the wall clock also counts rank
   * 0's waits for a core (atax, load 17: instances measured alone at several times their work went back to
   * the workers and shipped 26 MB each). The trace's slice shows the same. */
  double busy = cpu_start >= 0 && cpu >= 0 && cpu < end - start ? cpu : end - start;
  if (lsc_rt.size > 1)
    lsc_master_measured(lsc_site_state_of(site), n, busy, -1, 0, 0, 0, -1);
  if (lsc_trace_on() && n > 0) {
    char args[96];
    snprintf(args, sizeof args, "\"start\":0,\"size\":%lld,\"busy_us\":%.1f", (long long)n, busy * 1e6);
    lsc_trace_slice(0, "chunk", start, end, args);
  }
  if (lsc_trace_on()) {
    char file[128], args[320];
    lsc_trace_escape(site->file, file, sizeof file);
    snprintf(args, sizeof args, "\"site\":\"%s:%d\",\"n\":%lld,\"schedule\":\"local\"", file, site->line,
             (long long)n);
    lsc_trace_slice(LSC_TRACE_INSTANCES, "loop", start, end, args);
  }
  if (lsc_rt.config.stats) {
    lsc_repro_blocks bl = lsc_repro_blocks_of(n, repro.block);
    snprintf(text, sizeof text, "block=%lld blocks=%lld (%s)", (long long)bl.size, (long long)bl.count,
             source);
    lsc_rank_stats row = {.executes = 1, .chunks = n > 0, .iterations = n, .busy = end - start};
    lsc_loop_report rep = {.file = site->file,
                           .line = site->line,
                           .n = n,
                           .schedule = "local",
                           .weights_source = why,
                           .swr = -1,
                           .threads = threads,
                           .inner = lsc_inner_schedule_name(inner),
                           .master_participates = 1,
                           .wall = end - start,
                           .reproducible = repro.on ? text : NULL,
                           .local_why = why};
    lsc_stats_report(lsc_rt.config.stats, &rep, &row, 1);
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
    run_local(site, env, vars, nvars, n, nested, "none (one rank)");
    lsc_rt.loop_depth--;
    return 0;
  }
  char why[256];
  if (lsc_instance_overlaps(site, site->file, site->line, vars, nvars, env, n, why, sizeof why) ||
      lsc_master_choose_alone(lsc_site_state_of(site), n, lsc_rt.size, why, sizeof why)) {
    lsc_rt.loop_depth++;
    run_local(site, env, vars, nvars, n, 0, why);
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
  /* No descriptors here: a reproducible loop whose variable wraps runs plainly in order (correct, but not
   * the blocked order of its other instances). */
  run_local(site, env, NULL, 0, n, nested, "none (the induction variable wraps around)");
  lsc_rt.loop_depth--;
  return 0;
}
