/* master_lead.c - a site's first instance decided from a leading piece rank 0 runs and the bytes the rest
 * would move (master_lead.h). The piece is rank 0's own work as in any instance it computes: it runs on
 * rank 0's private env block, so reductions and reproducible blocks are filed exactly as for its other
 * chunks, and it never enters the planner or the re-issue table. */
#include "exec/master_lead.h"

#include "exec/chunk_data.h"
#include "exec/master_choice.h"
#include "exec/region.h"
#include "exec/run_chunk.h"
#include "exec/test_hooks.h"
#include "fatal.h"
#include "obs/clock.h"
#include "obs/trace.h"
#include "state.h"

#include <stdio.h>
#include <string.h>

static int eligible(const lsc_master *m, int calibrates) {
  const lsc_site_state *st = m->loop.state;
  return lsc_rt.config.master == LSC_MASTER_AUTO && m->participates && m->loop.threads == 1 && !calibrates &&
         !m->boss && !lsc_region_any() && st && st->bytes_per_iteration < 0 && m->units >= 2 &&
         !lsc_test_hook_faults(); /* a fault test waits for a worker's chunk: none may run alone */
}

/* Rank 0's iterations [lo, hi) (whole units), filed as any own chunk of rank 0 is. */
static double run_piece(lsc_master *m, int64_t lo, int64_t hi) {
  lsc_chunk_timing t;
  lsc_run_chunk(&m->loop, lo, hi, 0, NULL, NULL, &t);
  if (m->loop.repro) {
    int64_t again =
        lsc_repro_table_store(&m->table, m->loop.block_first, m->loop.block_count, m->loop.block_partials);
    if (again != 0)
      lsc_fatal("internal error: rank 0's leading piece filed the partials of blocks [%lld, +%lld) twice",
                (long long)m->loop.block_first, (long long)m->loop.block_count);
  }
  lsc_rank_stats *s = &m->stats[0];
  s->chunks++;
  s->iterations += hi - lo;
  s->busy += t.busy;
  s->idle += t.idle;
  m->done += hi - lo;
  lsc_progress_update(&m->progress, m->done);
  if (lsc_trace_on()) {
    char args[128];
    snprintf(args, sizeof args, "\"start\":%lld,\"size\":%lld,\"busy_us\":%.1f,\"lead\":1", (long long)lo,
             (long long)(hi - lo), t.busy * 1e6);
    lsc_trace_slice(0, "chunk", t.begin, t.end, args);
  }
  return t.busy;
}

/* Body seconds, counted as the lesser of the wall clock's `wall` and the CPU clock's from cpu_from to cpu_to:
 * on a loaded machine the wall clock also counts the time rank 0 waited for a core. A CPU clock reading
 * below 0 (none on this system) leaves the wall clock's. */
static double body_seconds(double wall, double cpu_from, double cpu_to) {
  double cpu = cpu_to - cpu_from;
  return cpu_from >= 0 && cpu_to >= 0 && cpu >= 0 && cpu < wall ? cpu : wall;
}

/* The iteration where unit u begins (the last unit may be short in reproducible mode). */
static int64_t iteration_of(const lsc_master *m, int64_t u) {
  return u >= m->units ? m->loop.n : u * m->unit;
}

/* What a distributed run of iterations [lo, n) would move: the arrays read once, to every worker, and the
 * chunks' spans both ways, of which rank 0's share (1/ranks while it computes) never travels. The spans of
 * [lo, n) as one chunk: the chunks' hulls cover at least that much, so the estimate errs toward
 * distributing. */
static double bytes_to_move(lsc_master *m, int64_t lo) {
  double once = 0;
  int64_t first, end;
  for (int i = 0; i < m->loop.nvars; i++)
    if (!(m->loop.held && m->loop.held[i]) &&
        lsc_var_read_once(&m->vars[i], m->loop.extents[i], &first, &end) && end > first)
      once += (double)(end - first) * (double)m->vars[i].size;
  double chunks = (double)lsc_chunk_bytes(&m->loop, lo, m->loop.n);
  return once * (m->size - 1) + chunks * (double)(m->size - 1) / (double)m->size;
}

int lsc_master_lead(lsc_master *m, int calibrates) {
  if (!eligible(m, calibrates))
    return 0;
  /* Nothing to decide when even the whole loop moves little (master_lead.h). */
  double all = bytes_to_move(m, 0);
  if (all < lsc_test_hook_lead_bytes((double)LSC_LEAD_MIN_BYTES))
    return 0;
  int64_t cap = m->units / LSC_LEAD_SHARE > 0 ? m->units / LSC_LEAD_SHARE : 1;
  int64_t units = 0, piece = 1, timed_from = 0;
  /* Pieces that double, so a loop of slow iterations is timed on few of them and one of fast iterations on
   * enough to rise above the clock. The first piece warms up (caches, first touches: atax's first block
   * cost 10x the next ones) and is timed only when the cap leaves no other. The body time counted is the
   * lesser of the wall clock's and the CPU clock's: on a loaded machine the wall clock also counts the time
   * rank 0 waited for a core (LSC_SLOWDOWN's idling is outside both). */
  double busy = 0, cpu_from = lsc_cpu_now(), cpu_all = cpu_from;
  while (units < cap && busy < LSC_LEAD_SECONDS) {
    int64_t size = piece < cap - units ? piece : cap - units;
    double wall = run_piece(m, iteration_of(m, units), iteration_of(m, units + size));
    busy = body_seconds(busy + wall, cpu_from, lsc_cpu_now());
    units += size;
    piece *= 2;
    if (timed_from == 0 && units < cap) { /* that was the warm-up: the timing starts here */
      timed_from = units;
      busy = 0;
      cpu_from = lsc_cpu_now();
    }
  }
  int64_t timed = iteration_of(m, units) - iteration_of(m, timed_from);
  int64_t led = iteration_of(m, units);
  double work = lsc_test_hook_lead_work(busy / (double)timed, 0) * (double)m->loop.n;
  double bytes = bytes_to_move(m, led);
  m->plan_offset = units;
  char why[256];
  if (!lsc_master_choose_alone_first(work, bytes, led, m->size, why, sizeof why)) {
    size_t at = strlen(m->master_why);
    snprintf(m->master_why + at, sizeof m->master_why - at, "; first instance distributed: %s", why);
    return 0;
  }
  /* Alone, checked as it goes: the rest runs in pieces as large as all that ran before, each followed by the
   * same rule on the rest, with the pace of the piece just run (the lesser of wall and CPU time, as above).
   * A loop whose iterations grow looked cheap on its first ones (syrk's triangle: row i costs i + 1, so its
   * first eighth measured a tenth of the loop's work); it turns distributed for the rest once the rule says
   * so. A loop of even iterations pays only a few comparisons: the pieces double, so there are log2 of
   * the loop over the leading piece. */
  for (int check = 1; units < m->units; check++) {
    int64_t size = units < m->units - units ? units : m->units - units;
    double cpu = lsc_cpu_now(), wall = run_piece(m, iteration_of(m, units), iteration_of(m, units + size));
    double piece = body_seconds(wall, cpu, lsc_cpu_now());
    units += size;
    led = iteration_of(m, units);
    if (units >= m->units)
      break;
    double pace = lsc_test_hook_lead_work(piece / (double)(led - iteration_of(m, units - size)), check);
    bytes = bytes_to_move(m, led);
    char again[256];
    if (!lsc_master_choose_alone_first(pace * (double)(m->loop.n - led), bytes, led, m->size, again,
                                       sizeof again)) {
      m->plan_offset = units;
      size_t at = strlen(m->master_why);
      snprintf(m->master_why + at, sizeof m->master_why - at,
               "; first instance distributed after %lld iterations alone, for the rest: %s", (long long)led,
               again);
      return 0;
    }
  }
  m->alone = 1;
  /* The work the site's next instance weighs, counted as the piece's was (the lesser of wall and CPU time) */
  m->lead_work = body_seconds(m->stats[0].busy, cpu_all, lsc_cpu_now());
  m->lead_bytes = all; /* the site's next instances weigh the whole loop's bytes (master_choice.h) */
  snprintf(m->local_why, sizeof m->local_why, "%s", why);
  return 1;
}
