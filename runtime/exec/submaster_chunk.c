/* submaster_chunk.c - one group chunk a sub-master holds (exec/submaster_chunk.h). Its planner counts
 * iterations, or blocks in reproducible mode (as rank 0's does, master_setup.c), and pieces go out as
 * iterations. The time it reports is read by rank 0 as a worker's: for a sample, the time the sub-master's
 * threads would need at the group's mean rate per core, so that rank 0's sample rate (threads x size / time,
 * master.c) is the group's planner weight per core, as a static group weight is (submaster_groups.c); for
 * any other chunk, its members' core-seconds over their number, the time the group takes when its split is
 * balanced, which the adaptive schemes turn into the group's rate. */
#include "exec/submaster_chunk.h"

#include "fatal.h"
#include "obs/clock.h"
#include "state.h"

#include <stdlib.h>
#include <string.h>

static lsc_planner *split_planner(const lsc_assign_head *a, const lsc_group *grp, lsc_loop *loop,
                                  int64_t units) {
  lsc_site_state *st = loop->state;
  lsc_plan_params params = {a->split_schedule, (int)a->split_alpha, grp->workload, units,
                            grp->members,      grp->weights,        grp->cores,    NULL};
  if (loop->repro) {
    lsc_schedule_in_units(&params.schedule, loop->blocks.size);
    lsc_workload_in_units(&params.workload, loop->blocks.size);
  }
  if (a->per_iteration) {
    params.schedule = (lsc_schedule){.scheme = LSC_SCHEME_STATIC};
    params.alpha = 0;
    params.workload = (lsc_workload){0};
    params.weights = NULL;
    params.cores = NULL;
  } else {
    if (grp->weights_measured && st->group_rated == grp->members)
      params.weights = st->group_rates;
    if (!st->group_memory && !(st->group_memory = lsc_sched_memory_new()))
      lsc_fatal("rank %d: out of memory for its group", lsc_rt.rank);
    params.memory = st->group_memory;
  }
  lsc_sched_error err;
  lsc_planner *planner = lsc_planner_new(&params, &err);
  if (!planner)
    lsc_fatal("rank %d: cannot split its group's chunk: %s", lsc_rt.rank, err.message);
  return planner;
}

void lsc_group_rows_begin(lsc_loop *loop) {
  loop->state->group_seen_lo = INT64_MAX;
  loop->state->group_seen_hi = INT64_MIN;
}

void lsc_group_rows_end(lsc_loop *loop) {
  lsc_site_state *st = loop->state;
  st->group_rows_lo = st->group_seen_lo;
  st->group_rows_hi = st->group_seen_hi;
}

/* Member i's block of the group's rows: the last instance's span (or this chunk, when it lies outside) cut
 * by the members' weights in member order; rows of the chunk outside the span go to the first and the last
 * member. The first instance cuts each chunk alone. (The sub-master's block last instead, so that a member
 * starts on the first and largest group chunk rank 0 hands out, measured no faster across the namespace
 * hosts: fdtd_2d 6.3 s against 4.6 s, jacobi_2d and heat_3d within their spread.) */
static void cut_rows(lsc_group_chunk *g, const lsc_group *grp, lsc_loop *loop) {
  lsc_site_state *st = loop->state;
  int n = grp->members;
  int64_t end = g->start + g->size, lo = st->group_rows_lo, hi = st->group_rows_hi;
  if (!(g->cut = malloc((size_t)(n + 1) * sizeof *g->cut)) || !(g->given = calloc((size_t)n, 1)))
    lsc_fatal("rank %d: out of memory for its group's chunks", lsc_rt.rank);
  g->members = n;
  if (hi <= lo || hi <= g->start || lo >= end) {
    lo = g->start;
    hi = end;
  }
  const double *w = grp->weights_measured && st->group_rated == n ? st->group_rates : grp->weights;
  double total = 0, acc = 0;
  for (int i = 0; i < n; i++)
    total += (w && w[i] > 0 ? w[i] : 1.0) * (double)grp->threads[i];
  for (int i = 0; i < n; i++) {
    g->cut[i] = i == 0 ? INT64_MIN : lo + (int64_t)((double)(hi - lo) * acc / total + 0.5);
    acc += (w && w[i] > 0 ? w[i] : 1.0) * (double)grp->threads[i];
  }
  g->cut[n] = INT64_MAX;
  st->group_seen_lo = g->start < st->group_seen_lo ? g->start : st->group_seen_lo;
  st->group_seen_hi = end > st->group_seen_hi ? end : st->group_seen_hi;
}

void lsc_group_chunk_open(lsc_group_chunk *g, const lsc_assign_head *a, const lsc_group *grp,
                          lsc_loop *loop) {
  *g = (lsc_group_chunk){.start = a->start,
                         .size = a->size,
                         .chunk = a->chunk,
                         .copy = a->copy,
                         .sample = a->per_iteration != 0,
                         .arrived = lsc_now(),
                         .swr = 1.0};
  if (loop->repro) {
    g->blocks = lsc_repro_blocks_in(&loop->blocks, a->start, a->start + a->size, &g->first_block);
    if (!(g->partials = malloc((size_t)g->blocks * loop->partial_bytes + 1)))
      lsc_fatal("rank %d: out of memory for its group's block partials", lsc_rt.rank);
  }
  g->planner = split_planner(a, grp, loop, loop->repro ? g->blocks : a->size);
  if (loop->held && !g->sample && !loop->repro)
    cut_rows(g, grp, loop);
  size_t n = (size_t)grp->members;
  if (g->sample && (!(g->iters = calloc(n, sizeof *g->iters)) || !(g->secs = calloc(n, sizeof *g->secs))))
    lsc_fatal("rank %d: out of memory for its group's sample", lsc_rt.rank);
  if (!g->sample && a->split_alpha > 0) {
    if (!(g->had = calloc(n, 1)))
      lsc_fatal("rank %d: out of memory for its group's chunks", lsc_rt.rank);
    g->waiting = grp->members;
  }
}

static void first_taken(lsc_group_chunk *g, int index) {
  if (g->had && !g->had[index]) {
    g->had[index] = 1;
    g->waiting--;
  }
}

int lsc_group_chunk_next(lsc_group_chunk *g, int index, const lsc_loop *loop, int64_t *lo, int64_t *hi) {
  if (g->had && g->had[index] && g->waiting > 0)
    return 0;
  if (g->cut) {
    int64_t end = g->start + g->size;
    *lo = g->cut[index] > g->start ? g->cut[index] : g->start;
    *hi = g->cut[index + 1] < end ? g->cut[index + 1] : end;
    int fresh = !g->given[index] && *lo < *hi;
    g->given[index] = 1;
    first_taken(g, index);
    g->handed += fresh ? *hi - *lo : 0;
    return fresh;
  }
  lsc_chunk c;
  if (lsc_planner_remaining(g->planner) <= 0 || !lsc_planner_next(g->planner, index, &c)) {
    first_taken(g, index); /* nothing here for it: the others must not wait for its first piece */
    return 0;
  }
  if (loop->repro) { /* blocks to iterations, as rank 0's assignment() */
    const lsc_repro_blocks *bl = &loop->blocks;
    int64_t end = g->first_block + c.start + c.size;
    *lo = (g->first_block + c.start) * bl->size;
    *hi = end >= bl->count ? bl->n : end * bl->size;
  } else {
    *lo = g->start + c.start;
    *hi = *lo + c.size;
  }
  first_taken(g, index);
  return 1;
}

void lsc_group_chunk_end_first_round(lsc_group_chunk *g) {
  g->waiting = 0;
}

int lsc_group_chunk_half_out(const lsc_group_chunk *g) {
  if (g->cut)
    return 2 * (g->size - g->handed) <= g->size;
  return 2 * lsc_planner_remaining(g->planner) <= (g->partials ? g->blocks : g->size);
}

int lsc_group_chunk_holds(const lsc_group_chunk *g, int64_t lo, int64_t hi) {
  return lo >= g->start && hi <= g->start + g->size;
}

int lsc_group_chunk_done(lsc_group_chunk *g, int index, int copy, const lsc_loop *loop, int64_t lo,
                         int64_t hi, const lsc_chunk_timing *t) {
  g->returned += hi - lo;
  g->busy += t->busy;
  g->idle += t->idle;
  lsc_chunk piece = {lo - g->start, hi - lo};
  if (loop->repro) {
    piece.size = lsc_repro_blocks_in(&loop->blocks, lo, hi, &piece.start);
    piece.start -= g->first_block;
  }
  if (!copy) /* the planner learns from the pieces it gave each member, not from re-issued copies */
    lsc_planner_feedback(g->planner, index, &piece, t->busy + t->idle);
  if (g->sample) {
    g->iters[index] += hi - lo;
    g->secs[index] += t->busy + t->idle; /* LSC_SLOWDOWN's idling included, as rank 0 times samples */
    double swr = t->it_max > 0 ? t->it_min / t->it_max : 1.0;
    g->swr = swr < g->swr ? swr : g->swr;
  }
  return g->returned >= g->size;
}

int lsc_group_chunk_partials(lsc_group_chunk *g, const lsc_loop *loop, int64_t first, int64_t count,
                             const void *partials) {
  if (!g->partials || !partials || first < g->first_block || first + count > g->first_block + g->blocks)
    return -1;
  memcpy(g->partials + (size_t)(first - g->first_block) * loop->partial_bytes, partials,
         (size_t)count * loop->partial_bytes);
  return 0;
}

/* A sample's members' rates per core, kept for this site's later splits; a member the sample gave no piece
 * (fewer iterations than members) counts as fast as the mean of the others. Returns the group's summed rate
 * and its summed cores. */
static void rate_members(const lsc_group_chunk *g, const lsc_group *grp, lsc_loop *loop, double *rate,
                         double *cores) {
  lsc_site_state *st = loop->state;
  int n = grp->members;
  if (st->group_rated != n) {
    double *grown = realloc(st->group_rates, (size_t)n * sizeof *grown);
    if (!grown)
      lsc_fatal("rank %d: out of memory for its group's rates", lsc_rt.rank);
    st->group_rates = grown;
  }
  double sum = 0;
  int timed = 0;
  for (int i = 0; i < n; i++)
    if (g->iters[i] > 0) {
      sum += (double)g->iters[i] / (g->secs[i] > 1e-9 ? g->secs[i] : 1e-9);
      timed++;
    }
  *rate = 0;
  *cores = 0;
  for (int i = 0; i < n; i++) {
    double r = g->iters[i] > 0 ? (double)g->iters[i] / (g->secs[i] > 1e-9 ? g->secs[i] : 1e-9)
               : timed         ? sum / timed
                               : 1.0;
    st->group_rates[i] = r;
    *rate += r * (double)grp->threads[i];
    *cores += (double)grp->threads[i];
  }
  st->group_rated = n;
}

lsc_chunk_timing lsc_group_chunk_timing(const lsc_group_chunk *g, const lsc_group *grp, lsc_loop *loop,
                                        double now) {
  lsc_chunk_timing t = {.begin = g->arrived, .end = now};
  if (g->sample) {
    double rate, cores;
    rate_members(g, grp, loop, &rate, &cores);
    t.busy = (double)grp->threads[0] * (double)g->size * cores / (rate > 0 ? rate : 1e-9);
    t.it_min = g->swr;
    t.it_max = 1.0;
    return t;
  }
  t.busy = g->busy / grp->members;
  t.idle = g->idle / grp->members;
  return t;
}

void lsc_group_chunk_free(lsc_group_chunk *g) {
  lsc_planner_free(g->planner);
  free(g->cut);
  free(g->given);
  free(g->iters);
  free(g->secs);
  free(g->had);
  free(g->partials);
  lsc_buffer_free(&g->traced);
}
