/* reissue_master.c - re-issue on rank 0 (reissue_master.h). Only workers' chunks enter the table (with
 * LSC_SUBMASTERS: those of the ranks rank 0 serves, sub-masters' whole group chunks among them): rank 0
 * computes its own first-hand chunks in place in the program's arrays, so a copy of them elsewhere could
 * land in the middle of that. A rank that asks when nothing is left gets a split part of an outstanding
 * chunk (sched/reissue_split.c), rank 0 included: rank 0 claims its part before it starts, so from then on
 * no result is unpacked over the part's outputs (a whole result that comes meanwhile has them saved and put
 * back, lsc_reissue_keep_parts). Calibration samples enter withheld (never copied or split while the
 * calibration waits for their timing, which belongs to one rank) and become ordinary chunks when it
 * finishes (lsc_reissue_calibrated), so a stopped rank's sample is re-issued as a chunk. A copy's
 * inputs are packed from rank 0's arrays while its iterations are not applied, so they are the values the
 * first copy got: no other chunk writes what this one reads (DOALL), and these iterations' outputs land
 * only with their first result. */
#include "exec/reissue_master.h"

#include "exec/chunk_data.h"
#include "exec/chunk_data_io.h"
#include "exec/late_ranks.h"
#include "fatal.h"
#include "obs/clock.h"
#include "transport/transport.h"

#include <stdlib.h>

void lsc_reissue_start(lsc_master *m) {
  if (m->settings.reissue <= 1)
    return;
  if (!(m->reissue = lsc_reissue_create(m->settings.reissue)))
    lsc_fatal("out of memory for the re-issue table of loop %s:%d", m->loop.site->file, m->loop.site->line);
}

/* Seconds `rank` needs for `iterations`, at the rate its results of this instance measured (their busy and
 * LSC_SLOWDOWN idle time); -1 before its first result. */
static double expected_seconds(const lsc_master *m, int rank, int64_t iterations) {
  const lsc_rank_stats *s = &m->stats[rank];
  double took = s->busy + s->idle;
  return s->iterations > 0 && took > 0 ? (double)iterations * took / (double)s->iterations : -1.0;
}

void lsc_reissue_record(lsc_master *m, int rank, lsc_assign_head *a) {
  a->chunk = -1;
  a->copy = 0;
  /* Grouped, the table holds what rank 0 hands out itself: the chunks of the ranks it serves directly and
   * whole group chunks (a sub-master re-issues the pieces inside its group, exec/submaster.c), so a stopped
   * or slow sub-master's group chunk is copied or split as a worker's chunk is. A grouped loop's calibration
   * samples stay out: a group's sample is timed per member, and its calibration waits for it. */
  if (!m->reissue || rank == 0 || (m->boss && a->per_iteration))
    return;
  /* A chunk handed ahead starts after the ones the rank holds: their time is part of its wait. */
  int64_t before = lsc_reissue_held(m->reissue, rank);
  a->chunk = lsc_reissue_handed(m->reissue, a->start, a->size, rank);
  if (a->chunk < 0)
    lsc_fatal("out of memory for the re-issue table of loop %s:%d", m->loop.site->file, m->loop.site->line);
  /* A calibration sample: withheld until the calibration no longer waits for it (lsc_reissue_calibrated) */
  double expected = a->per_iteration ? -1.0 : expected_seconds(m, rank, before + a->size);
  lsc_reissue_paced(m->reissue, a->chunk, lsc_now(), expected, before);
  if (a->per_iteration)
    lsc_reissue_withhold(m->reissue, a->chunk);
}

void lsc_reissue_calibrated(lsc_master *m, double slowest) {
  if (!m->reissue)
    return;
  /* Expected: the slowest sample's time, so that one out twice as long (and LSC_SAMPLE_WAIT_MIN) is overdue
   */
  double floor = LSC_SAMPLE_WAIT_MIN / LSC_REISSUE_OVERDUE;
  lsc_reissue_release_withheld(m->reissue, slowest > floor ? slowest : floor);
}

void lsc_reissue_sent_in_place(lsc_master *m, int rank, int64_t id) {
  lsc_link *l = &m->links[rank];
  if (!m->reissue || id < 0)
    return;
  lsc_reissue_inputs_in(m, rank);
  lsc_reissue_receiving(m->reissue, id, 1);
  l->receiving = id;
  m->receiving++;
}

void lsc_reissue_inputs_in(lsc_master *m, int rank) {
  lsc_link *l = &m->links[rank];
  if (!m->reissue || l->receiving < 0)
    return;
  lsc_reissue_receiving(m->reissue, l->receiving, 0);
  l->receiving = -1;
  m->receiving--;
}

/* Before a copy or a part is picked: the chunks whose in-place spans have arrived since become eligible.
 * Nothing to test in the common case (no link waits), so a request costs no scan of the links. */
static void refresh_receiving(lsc_master *m) {
  for (int r = 1; m->receiving > 0 && r < m->size; r++) {
    lsc_link *l = &m->links[r];
    if (l->receiving < 0)
      continue;
    if (lsc_requests_done(&l->spans, r))
      lsc_reissue_inputs_in(m, r);
  }
}

/* Seconds per iteration of the median rank with results in this instance: the expected time of a chunk
 * whose rank has none yet (sched/reissue_split.c). Recomputed when results came in since the last call. */
static double median_pace(const lsc_master *m) {
  static int64_t instance = -1, done = -1;
  static double pace = -1;
  if (instance == m->instance && done == m->done)
    return pace;
  int64_t iterations[m->size];
  double seconds[m->size];
  for (int r = 0; r < m->size; r++) {
    iterations[r] = m->stats[r].iterations;
    seconds[r] = m->stats[r].busy + m->stats[r].idle;
  }
  instance = m->instance;
  done = m->done;
  pace = lsc_reissue_median_pace(iterations, seconds, m->size);
  return pace;
}

/* A part of another rank's chunk for `rank` (sched/reissue_split.c): rank 0 claims it (runs it in place),
 * a worker gets it as a copy. */
static int64_t split_for(lsc_master *m, int rank, int overdue_only, lsc_chunk *part) {
  refresh_receiving(m);
  lsc_reissue_ask ask = {.worker = rank,
                         .claim = rank == 0,
                         .overdue_only = overdue_only,
                         .patient = rank == 0,
                         .sharers = m->executing,
                         .min = m->unit,
                         .unit = m->unit,
                         .now = lsc_now(),
                         .pace = median_pace(m)};
  int64_t id = lsc_reissue_split_pick(m->reissue, &ask, part);
  if (id == -2)
    lsc_fatal("out of memory for the re-issue table of loop %s:%d", m->loop.site->file, m->loop.site->line);
  return id;
}

int lsc_reissue_own_part(lsc_master *m, lsc_chunk *part) {
  if (!m->reissue || split_for(m, 0, 0, part) < 0)
    return 0;
  m->reissued++;
  return 1;
}

static int copy_of(lsc_master *m, int64_t id, const lsc_chunk *c, lsc_assign_head *a) {
  if (id < 0)
    return 0;
  *a = (lsc_assign_head){.instance = m->instance, .chunk = id, .start = c->start, .size = c->size, .copy = 1};
  m->reissued++;
  return 1;
}

/* A part first; a whole copy (of a part, or of a chunk that cannot be split) when no chunk has one. */
int lsc_reissue_copy(lsc_master *m, int rank, lsc_assign_head *a) {
  lsc_chunk c;
  if (!m->reissue)
    return 0;
  int64_t id = split_for(m, rank, 0, &c);
  return copy_of(m, id >= 0 ? id : lsc_reissue_pick(m->reissue, rank, &c), &c, a);
}

int lsc_reissue_overdue_copy(lsc_master *m, int rank, lsc_assign_head *a) {
  lsc_chunk c;
  if (!m->reissue)
    return 0;
  int64_t id = split_for(m, rank, 1, &c);
  return copy_of(m, id >= 0 ? id : lsc_reissue_pick_overdue(m->reissue, rank, lsc_now(), &c), &c, a);
}

int lsc_reissue_first(lsc_master *m, const lsc_result_head *h, int64_t *fresh) {
  *fresh = h->size;
  if (!m->reissue || h->chunk < 0)
    return 1;
  int first = lsc_reissue_result(m->reissue, h->chunk, h->start, h->size, fresh);
  if (first < 0)
    lsc_fatal("malformed RESULT message: chunk %lld [%lld, +%lld) was never handed out", (long long)h->chunk,
              (long long)h->start, (long long)h->size);
  return first;
}

void lsc_reissue_keep_parts(lsc_master *m, int64_t id, lsc_buffer *kept) {
  lsc_chunk c;
  kept->len = 0;
  for (int64_t j = lsc_reissue_covered_part(m->reissue, id, -1, &c); j >= 0;
       j = lsc_reissue_covered_part(m->reissue, id, j, &c))
    lsc_chunk_pack_outputs(&m->loop, c.start, c.start + c.size, kept, NULL);
}

void lsc_reissue_restore_parts(lsc_master *m, int64_t id, const lsc_buffer *kept) {
  lsc_reader r = lsc_reader_of(kept->data, kept->len);
  lsc_chunk c;
  for (int64_t j = lsc_reissue_covered_part(m->reissue, id, -1, &c); j >= 0;
       j = lsc_reissue_covered_part(m->reissue, id, j, &c))
    if (lsc_chunk_unpack_outputs(&m->loop, c.start, c.start + c.size, &r, NULL) != 0)
      lsc_fatal("internal error: restoring the outputs of a re-issued part of loop %s:%d", m->loop.site->file,
                m->loop.site->line);
}

void lsc_reissue_each_fresh(const lsc_master *m, int64_t id, int64_t start, int64_t size,
                            void (*fn)(void *ctx, int64_t start, int64_t size), void *ctx) {
  lsc_chunk c;
  int64_t at = start;
  /* Parts are carved from the tail down, so newest first is lowest start first. */
  for (int64_t j = lsc_reissue_covered_part(m->reissue, id, -1, &c); j >= 0;
       j = lsc_reissue_covered_part(m->reissue, id, j, &c)) {
    if (c.start > at)
      fn(ctx, at, c.start - at);
    at = c.start + c.size;
  }
  if (start + size > at)
    fn(ctx, at, start + size - at);
}

int lsc_reissue_part_covered(const lsc_master *m, int64_t id, int64_t at) {
  lsc_chunk c;
  for (int64_t j = lsc_reissue_covered_part(m->reissue, id, -1, &c); j >= 0;
       j = lsc_reissue_covered_part(m->reissue, id, j, &c))
    if (at >= c.start && at < c.start + c.size)
      return 1;
  return 0;
}

int lsc_reissue_complete(const lsc_master *m) {
  return m->done == m->loop.n;
}

void lsc_reissue_end(lsc_master *m) {
  m->deferring = 0; /* every link ends here, its deferred requests dropped */
  for (int r = 1; r < m->size; r++) {
    lsc_link *l = &m->links[r];
    /* A worker always has a request in flight inside a loop, so an END it did not ask for yet is the answer
     * to that one; the request itself is dropped when it comes (the link has ended). */
    /* A sub-master's member: its END comes from its sub-master, whose FINAL says whether it is late. */
    if (m->boss && m->boss[r] != 0) {
      l->ended = 1;
      continue;
    }
    if (!l->ended) {
      l->ended = 1;
      l->deferred = 0;
      lsc_tp_isend(NULL, 0, r, LSC_TAG_END, &l->end);
    }
    /* Still computing (a copy now useless, or a chunk whose copy won), or not heard from in this instance
     * (still in an earlier one): its FINAL is not waited for. */
    l->late = !l->final && (!l->heard || l->holding > 0 || l->dead);
  }
  /* A late sub-master's members wait for its END, so their FINALs come after its own: late too. */
  for (int r = 1; m->boss && r < m->size; r++)
    if (m->boss[r] != 0 && m->links[m->boss[r]].late && !m->links[r].final)
      m->links[r].late = 1;
}

int lsc_reissue_finals_in(const lsc_master *m) {
  for (int r = 1; r < m->size; r++)
    if (!m->links[r].late && !m->links[r].final)
      return 0;
  return 1;
}

void lsc_reissue_leave_late(lsc_master *m) {
  size_t per_worker = m->size > 1 ? m->nstartup / (size_t)(m->size - 1) : 0;
  MPI_Request *startup = calloc(m->nstartup + 1, sizeof *startup);
  size_t nstartup = 0;
  int last_late = 0;
  if (!startup)
    lsc_fatal("out of memory ending loop %s:%d", m->loop.site->file, m->loop.site->line);
  for (int r = 1; r < m->size; r++) {
    lsc_link *l = &m->links[r];
    if (!l->late || l->final)
      continue;
    last_late = r;
    size_t count = 2 + l->spans.count;
    MPI_Request *reqs = malloc(count * sizeof *reqs);
    if (!reqs)
      lsc_fatal("out of memory ending loop %s:%d", m->loop.site->file, m->loop.site->line);
    reqs[0] = l->send;
    reqs[1] = l->end;
    for (size_t i = 0; i < l->spans.count; i++)
      reqs[2 + i] = l->spans.reqs[i];
    /* The ASSIGN's buffer goes with its sends; its large spans are the program's arrays (docs/runtime.md). */
    lsc_late_keep(r, m->instance, m->loop.site->file, m->loop.site->line, reqs, count, l->out.data);
    free(reqs);
    l->send = l->end = MPI_REQUEST_NULL;
    l->spans.count = 0;
    l->out = (lsc_buffer){0};
    for (size_t i = 0; i < per_worker; i++) {
      startup[nstartup++] = m->startup[(size_t)(r - 1) * per_worker + i];
      m->startup[(size_t)(r - 1) * per_worker + i] = MPI_REQUEST_NULL;
    }
  }
  /* The LOOP message is one buffer for every worker: it lives until the last late worker's copy is out. */
  if (last_late > 0) {
    lsc_late_keep(last_late, m->instance, m->loop.site->file, m->loop.site->line, startup, nstartup,
                  m->loop_msg.data);
    m->loop_msg = (lsc_buffer){0};
  }
  free(startup);
}

void lsc_reissue_release(lsc_master *m) {
  lsc_reissue_free(m->reissue);
  m->reissue = NULL;
}
