/* reissue_master.c - re-issue on rank 0 (reissue_master.h). Only workers' chunks enter the table and only
 * workers get copies: rank 0 computes its own chunks in place in the program's arrays, so a copy of them
 * elsewhere could land in the middle of that, and a copy run by rank 0 could read outputs a first result just
 * wrote. Calibration samples stay out (their timing belongs to one rank). A copy's inputs are packed from
 * rank 0's arrays while the chunk is not done, so they are the values the first copy got: no other chunk
 * writes what this one reads (DOALL), and this one's outputs land only with its first result. */
#include "exec/reissue_master.h"

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
  if (!m->reissue || rank == 0 || a->per_iteration)
    return;
  /* A chunk handed ahead starts after the ones the rank holds: their time is part of its wait. */
  int64_t before = lsc_reissue_held(m->reissue, rank);
  a->chunk = lsc_reissue_handed(m->reissue, a->start, a->size, rank);
  if (a->chunk < 0)
    lsc_fatal("out of memory for the re-issue table of loop %s:%d", m->loop.site->file, m->loop.site->line);
  lsc_reissue_timed(m->reissue, a->chunk, lsc_now(), expected_seconds(m, rank, before + a->size));
}

static int copy_of(lsc_master *m, int64_t id, const lsc_chunk *c, lsc_assign_head *a) {
  if (id < 0)
    return 0;
  *a = (lsc_assign_head){.instance = m->instance, .chunk = id, .start = c->start, .size = c->size, .copy = 1};
  m->reissued++;
  return 1;
}

int lsc_reissue_copy(lsc_master *m, int rank, lsc_assign_head *a) {
  lsc_chunk c;
  return m->reissue && copy_of(m, lsc_reissue_pick(m->reissue, rank, &c), &c, a);
}

int lsc_reissue_overdue_copy(lsc_master *m, int rank, lsc_assign_head *a) {
  lsc_chunk c;
  return m->reissue && copy_of(m, lsc_reissue_pick_overdue(m->reissue, rank, lsc_now(), &c), &c, a);
}

int lsc_reissue_first(lsc_master *m, const lsc_result_head *h) {
  if (!m->reissue || h->chunk < 0)
    return 1;
  int first = lsc_reissue_done(m->reissue, h->start);
  if (first < 0)
    lsc_fatal("malformed RESULT message: chunk [%lld, +%lld) was never handed out", (long long)h->start,
              (long long)h->size);
  return first;
}

int lsc_reissue_complete(const lsc_master *m) {
  return m->done == m->loop.n;
}

void lsc_reissue_end(lsc_master *m) {
  for (int r = 1; r < m->size; r++) {
    lsc_link *l = &m->links[r];
    /* A worker always has a request in flight inside a loop, so an END it did not ask for yet is the answer
     * to that one; the request itself is dropped when it comes (the link has ended). */
    if (!l->ended) {
      l->ended = 1;
      l->deferred = 0;
      lsc_tp_isend(NULL, 0, r, LSC_TAG_END, &l->end);
    }
    /* Still computing (a copy now useless, or a chunk whose copy won), or not heard from in this instance
     * (still in an earlier one): its FINAL is not waited for. */
    l->late = !l->final && (!l->heard || l->holding > 0 || l->dead);
  }
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
