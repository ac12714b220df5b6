/* master_finish.c - rank 0 after every FINAL arrived: the reductions combined in their documented order,
 * the trace's loop slice and the LSC_STATS table; and the wait for a message that both kinds of loop share.
 */
#include "exec/master.h"

#include "exec/late_ranks.h"
#include "exec/master_auto.h"
#include "exec/master_choice.h"
#include "exec/reduce.h"
#include "exec/region.h"
#include "exec/submaster.h"
#include "fatal.h"
#include "obs/clock.h"
#include "obs/stats.h"
#include "obs/trace.h"
#include "state.h"
#include "transport/transport.h"

#include <stdio.h>
#include <string.h>

/* rank 0's value, then rank 0's partial, then every worker's, in rank order: the documented association. In
 * reproducible mode: rank 0's value, then every block's partial in block order, whoever computed it. */
static void combine_reductions(lsc_master *m) {
  if (m->loop.repro) {
    if (m->table.missing != 0)
      lsc_fatal("%s:%d: internal error: %lld of %lld blocks' partials never arrived", m->loop.site->file,
                m->loop.site->line, (long long)m->table.missing, (long long)m->table.count);
    lsc_env_combine_blocks(m->user_env, &m->loop, &m->table);
    return;
  }
  size_t at = 0;
  for (int i = 0; i < m->loop.nvars; i++) {
    const lsc_var *v = &m->vars[i];
    if (v->kind != LSC_VAR_REDUCTION)
      continue;
    void *acc = lsc_reduction_at(m->user_env, v);
    if (m->participates)
      lsc_reduce_combine(v->type, v->op, acc, lsc_reduction_at(m->loop.env, v));
    for (int r = 1; r < m->size && !m->alone; r++)
      lsc_reduce_combine(v->type, v->op, acc, m->links[r].partials + at);
    at += v->size;
  }
}

/* An instance that ran whole on rank 0 after its leading piece (exec/master_lead.h): reported as any
 * instance run alone is (parallel_for.c), one rank, the reason on the weights line. */
static void report_alone(lsc_master *m, double wall) {
  char repro[96];
  int forced = m->loop.repro && strcmp(m->settings.reproducible_source, "for re-issue") == 0;
  if (m->loop.repro)
    snprintf(repro, sizeof repro, "block=%lld blocks=%lld (%s)", (long long)m->loop.blocks.size,
             (long long)m->loop.blocks.count, m->settings.reproducible_source);
  lsc_loop_report rep = {.file = m->loop.site->file,
                         .line = m->loop.site->line,
                         .n = m->loop.n,
                         .schedule = "local",
                         .weights_source = m->local_why,
                         .swr = -1,
                         .threads = 1,
                         .inner = "static",
                         .master_participates = 1,
                         .wall = wall,
                         .reproducible = m->loop.repro && !forced ? repro : NULL,
                         .local_why = m->local_why};
  lsc_stats_report(lsc_rt.config.stats, &rep, m->stats, 1);
}

static void report(lsc_master *m, double wall) {
  char repro[96], reissue[256];
  /* Blocks turned on for re-issue are said on the re-issue line: the reproducible line is the user's mode. */
  int forced = m->loop.repro && strcmp(m->settings.reproducible_source, "for re-issue") == 0;
  int repro_shown = m->loop.repro && !forced;
  if (m->loop.repro)
    snprintf(repro, sizeof repro, "block=%lld blocks=%lld (%s)", (long long)m->loop.blocks.size,
             (long long)m->loop.blocks.count, m->settings.reproducible_source);
  double weights[m->size];
  for (int r = 0; r < m->size; r++)
    weights[r] = lsc_groups_rank_weight(m, r);
  lsc_loop_report rep = {
      m->loop.site->file, m->loop.site->line, m->loop.n, m->settings.schedule_text, m->alpha,
      m->weights_source, weights, m->swr, m->threads[m->first < m->size ? m->first : 0],
      lsc_inner_schedule_name(m->settings.threads.inner), m->participates, wall, repro_shown ? repro : NULL,
      NULL,
      /* The data path counts the array bytes rank 0 sends (master.h); a pipelined loop's
       * boundaries travel between workers, uncounted. */
      m->loop.site->magic != LSC_PIPELINE_SITE_MAGIC, m->once_bytes + m->chunk_in_bytes + m->chunk_out_bytes,
      m->master_why, m->once_bytes + m->chunk_in_bytes, m->chunk_out_bytes, lsc_region_loop_held(),
      lsc_region_peer_bytes(), m->boss != NULL, m->group_bytes};
  for (int r = 1; r < m->size; r++)
    m->stats[r].late = m->links[r].late;
  lsc_stats_report(lsc_rt.config.stats, &rep, m->stats, m->size);
  if (m->reissue) {
    snprintf(reissue, sizeof reissue, "%s%s", m->settings.reissue_source,
             forced ? "; reductions by block" : "");
    lsc_stats_reissue(lsc_rt.config.stats, reissue, m->reissued, m->dropped);
  }
}

void lsc_master_finish(lsc_master *m) {
  for (int r = 1; r < m->size; r++) {
    lsc_tp_wait(&m->links[r].send);
    lsc_tp_wait(&m->links[r].end);
    lsc_requests_wait(&m->links[r].spans);
  }
  lsc_tp_wait_all(m->startup, m->nstartup);
  combine_reductions(m);
  double end = lsc_now();
  if (m->loop.site->magic != LSC_PIPELINE_SITE_MAGIC) {
    double work = 0, waits = 0;
    for (int r = 0; r < m->size; r++)
      work += m->stats[r].busy;
    for (int r = 1; r < m->size; r++)
      waits += m->stats[r].wait;
    /* Alone: the work and the bytes a distributed run would have moved, counted as exec/master_lead.h did,
     * and no wall time, which says nothing of computing against serving. */
    if (!m->alone && m->participates)
      lsc_master_remember_rate(m, 0); /* a data region's next placement weighs rank 0's rows by it */
    if (m->alone)
      lsc_master_measured(m->loop.state, m->loop.n, m->lead_work, m->lead_bytes, 0, 0, 0, -1);
    else
      lsc_master_measured(m->loop.state, m->loop.n, work,
                          (double)(m->once_bytes + m->chunk_in_bytes + m->chunk_out_bytes), m->participates,
                          waits, m->stats[0].busy, end - m->start);
  }
  if (lsc_trace_on()) {
    char file[128], args[384];
    lsc_trace_escape(m->loop.site->file, file, sizeof file);
    snprintf(args, sizeof args,
             "\"site\":\"%s:%d\",\"n\":%lld,\"schedule\":\"%s\",\"once_bytes\":%lld,\"chunk_in_bytes\":%lld,"
             "\"chunk_out_bytes\":%lld",
             file, m->loop.site->line, (long long)m->loop.n, m->alone ? "local" : m->settings.schedule_text,
             (long long)m->once_bytes, (long long)m->chunk_in_bytes, (long long)m->chunk_out_bytes);
    lsc_trace_slice(LSC_TRACE_INSTANCES, "loop", m->start, end, args);
  }
  lsc_master_auto_after(m, end);
  if (lsc_rt.config.stats && m->alone)
    report_alone(m, end - m->start);
  else if (lsc_rt.config.stats)
    report(m, end - m->start);
}

/* After a long silence: a worker whose process is gone sends nothing more. With re-issue its chunks go to the
 * others (they ask for copies) and the loop does not wait for its FINAL; without, the loop cannot complete,
 * and lsc says so instead of hanging (an MPI job only lives on after a death with mpirun --enable-recovery).
 */
static void look_for_dead(lsc_master *m) {
  for (int r = 1; r < m->size; r++) {
    lsc_link *l = &m->links[r];
    if (l->dead || l->final || l->late || !lsc_late_rank_dead(r))
      continue;
    if (!m->reissue || m->loop.site->magic == LSC_PIPELINE_SITE_MAGIC)
      lsc_fatal(
          "rank %d died during the loop at %s:%d, which cannot complete without it (LSC_REISSUE=on lets "
          "the other ranks take over its chunks in a `parallel for`)",
          r, m->loop.site->file, m->loop.site->line);
    l->dead = l->late = 1;
    lsc_late_report_dead(r, m->loop.site->file, m->loop.site->line,
                         "the other ranks take over its chunks (re-issue)");
    if (m->on_dead)
      m->on_dead(m, r);
  }
}

int lsc_master_receive_within(lsc_master *m, int *from, int *tag, double seconds) {
  static double silent = 0; /* seconds without a message since the last look for dead workers */
  double before = lsc_tp_waited();
  int got = lsc_tp_recv_within(MPI_ANY_SOURCE, MPI_ANY_TAG, &m->inbox, from, tag,
                               lsc_region_pause(LSC_PAUSE_IN_LOOP), seconds);
  m->stats[0].wait += lsc_tp_waited() - before;
  silent = got ? 0 : silent + seconds;
  if (silent >= LSC_DEAD_CHECK_SECONDS) {
    silent = 0;
    look_for_dead(m);
  }
  return got;
}

int lsc_master_receive_by(lsc_master *m, int *from, int *tag, double deadline) {
  double before = lsc_tp_waited(), begin = lsc_trace_on() ? lsc_now() : 0;
  int got;
  for (;;) {
    double within = LSC_DEAD_CHECK_SECONDS;
    if (deadline > 0) {
      double left = deadline - lsc_now();
      if (left <= 0) {
        got = 0;
        break;
      }
      within = left < within ? left : within;
    }
    got = lsc_tp_recv_within(MPI_ANY_SOURCE, MPI_ANY_TAG, &m->inbox, from, tag,
                             lsc_region_pause(LSC_PAUSE_IN_LOOP), within);
    if (got)
      break;
    if (within >= LSC_DEAD_CHECK_SECONDS) /* a long silence, not the deadline */
      look_for_dead(m);
  }
  double waited = lsc_tp_waited() - before;
  m->stats[0].wait += waited;
  /* Only a real wait: a message that was there already costs no slice. */
  if (waited > 0 && lsc_trace_on())
    lsc_trace_slice(0, "wait", begin, lsc_now(), "\"for\":\"a worker's message\"");
  return got;
}

void lsc_master_receive(lsc_master *m, int *from, int *tag) {
  lsc_master_receive_by(m, from, tag, 0);
}
