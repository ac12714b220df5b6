/* master.c - rank 0 running a `parallel for` over the workers: it answers requests with the planner's chunks
 * (calibration samples first when the weights are measured), takes RESULTs into rank 0's memory, and may
 * compute chunks itself in pieces, answering in between. The planner counts units (master.h): a chunk of
 * units is turned into iterations when it goes out and back into units for the planner's feedback, so in
 * reproducible mode every chunk is whole blocks and each block's partial is filed by block index. */
#include "exec/master.h"

#include "exec/chunk_data.h"
#include "exec/late_ranks.h"
#include "exec/master_auto.h"
#include "exec/master_lead.h"
#include "exec/protocol.h"
#include "exec/region.h"
#include "exec/reissue_master.h"
#include "exec/run_chunk.h"
#include "exec/submaster.h"
#include "fatal.h"
#include "obs/clock.h"
#include "obs/trace.h"
#include "state.h"
#include "transport/transport.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int worker_index(const lsc_master *m, int rank) {
  return lsc_groups_worker_index(m, rank);
}

/* A chunk's slice on the rank that ran it: "chunk" for the result that counted (a re-issued copy that won
 * says so in its args, so the "chunk" slices still cover every iteration once), "dropped copy" for a result
 * that came after another copy's. */
static void trace_chunk(int rank, int64_t start, int64_t size, const lsc_chunk_timing *t, int sample,
                        int copy, int dropped) {
  if (!lsc_trace_on())
    return;
  char args[160];
  snprintf(args, sizeof args, "\"start\":%lld,\"size\":%lld,\"busy_us\":%.1f%s", (long long)start,
           (long long)size, t->busy * 1e6, copy ? ",\"reissued\":1" : "");
  const char *name = dropped ? "dropped copy" : sample ? "calibration chunk" : "chunk";
  lsc_trace_slice(rank, name, t->begin, t->end, args);
}

/* The small spans go in the message, the large ones after it straight from rank 0's arrays: a DOALL chunk
 * reads nothing another chunk writes, so the elements it reads keep their values while the send is under way,
 * whatever rank 0 computes or receives meanwhile. With re-issue, an ASSIGN that may still be on its way
 * when the loop returns -- one handed ahead to a worker that holds another chunk, or a copy -- has every span
 * in the message: the program may free its arrays then, while the message buffer is kept with the late rank
 * (exec/late_ranks.h). A worker that holds nothing waits for its answer and takes it at once, so its spans
 * still go in place: packing 64 MiB cost 10x the in-place send (bench-runtime's bandwidth row, 0.8-1.3 s
 * against 0.06-0.14 s). */
static void send_to(lsc_master *m, int rank, int tag, lsc_assign_head *a) {
  lsc_link *l = &m->links[rank];
  if (a) {
    a->instance = m->instance;
    l->holding++;
    /* Request-ahead timing (sched/ahead.c): an idle worker begins this chunk now; a chunk handed ahead, or
     * answering an ahead request kept past the worker's RESULT (it waits now), is watched: its RESULT says
     * whether the worker still waited for it. */
    if (l->held == 0)
      l->started = lsc_now();
    if (l->held > 0 || l->watch)
      l->timed = a->start;
    l->held += a->size;
  }
  if (l->send != MPI_REQUEST_NULL && m->reissue) {
    /* The last ASSIGN may still be on its way to a stopped or slow worker: kept with its buffer, not waited
     * for, so that rank 0 goes on serving the others (exec/late_ranks.h). */
    int done = 0;
    lsc_tp_check(MPI_Test(&l->send, &done, MPI_STATUS_IGNORE), "MPI_Test", rank);
    if (!done) {
      lsc_late_keep_sends(&l->send, 1, l->out.data);
      l->out = (lsc_buffer){0};
    }
  }
  if (l->send != MPI_REQUEST_NULL)
    lsc_tp_wait(&l->send);
  lsc_requests_wait(&l->spans);
  lsc_reissue_inputs_in(m, rank);
  l->out.len = 0;
  m->pieces.count = 0;
  if (a) {
    a->packed = m->reissue && (a->copy || l->holding > 1);
    a->split_schedule = m->settings.schedule; /* for a sub-master (exec/submaster.h) */
    a->split_alpha = m->alpha;
    if (lsc_buffer_put(&l->out, a, sizeof *a) != 0)
      lsc_fatal("out of memory for an ASSIGN message");
    lsc_chunk_pack_inputs(&m->loop, a->start, a->start + a->size, &l->out, a->packed ? NULL : &m->pieces);
    lsc_region_assign(m, rank, a->start, a->start + a->size, &l->out);
    m->chunk_in_bytes += (int64_t)(l->out.len - sizeof *a);
  }
  lsc_tp_isend(l->out.data, l->out.len, rank, tag, &l->send);
  m->chunk_in_bytes += lsc_pieces_isend(&m->pieces, rank, &l->spans);
  if (a && l->spans.count > 0)
    lsc_reissue_sent_in_place(m, rank, a->chunk);
  lsc_region_assign_sent(m, rank);
}

/* The iterations of units [start, start + size). */
static lsc_assign_head assignment(const lsc_master *m, int64_t start, int64_t size, int sample) {
  int64_t end = start + size;
  int64_t first = start * m->unit, last = end == m->units ? m->loop.n : end * m->unit;
  return (lsc_assign_head){.chunk = -1, .start = first, .size = last - first, .per_iteration = sample};
}

/* The units of iterations [start, start + size), which assignment gave. */
static lsc_chunk units_of(const lsc_master *m, int64_t start, int64_t size) {
  if (!m->loop.repro)
    return (lsc_chunk){start, size};
  lsc_chunk c;
  c.size = lsc_repro_blocks_in(&m->loop.blocks, start, start + size, &c.start);
  return c;
}

/* Units per calibration sample: LSC_CALIBRATION_SAMPLES iterations (schedule(auto): fewer on a short
 * loop, master_auto.h), or one block. */
static int64_t sample_units(const lsc_master *m) {
  return m->loop.repro ? 1 : lsc_master_auto_sample_units(m, LSC_CALIBRATION_SAMPLES);
}

/* The calibration sample of planner worker i: leading units of its own. */
static lsc_assign_head sample_of(const lsc_master *m, int index) {
  return assignment(m, (int64_t)index * sample_units(m), sample_units(m), 1);
}

/* schedule(auto)'s next calibration piece for a rank whose sample is in (master_auto.h): the sample's size,
 * from the units before the planner's part, which then starts after it. */
static lsc_assign_head next_piece(lsc_master *m) {
  lsc_assign_head a = assignment(m, m->plan_offset, sample_units(m), 1);
  m->plan_offset += sample_units(m);
  return a;
}

/* What planner worker i's calibration measured: iterations per second, times the threads a hierarchical
 * rank runs chunks with (samples run on one). */
static double sample_rate(const lsc_master *m, int i) {
  double busy = m->sample_busy[i] > 1e-9 ? m->sample_busy[i] : 1e-9;
  int rank = lsc_groups_worker_rank(m, i); /* a sub-master times its group per core */
  return m->threads[rank] * (double)sample_of(m, i).size / busy;
}

/* Files the partials of blocks [first, first + count) in rank 0's table. Only a chunk's first result gets
 * here (a later copy's is dropped before, reissue_master.c), so a block that arrives again is a broken
 * protocol and stops the run. */
static void store_blocks(lsc_master *m, int rank, int64_t first, int64_t count, const void *partials) {
  int64_t again = lsc_repro_table_store(&m->table, first, count, partials);
  if (again < 0)
    lsc_fatal("malformed RESULT message from rank %d: blocks [%lld, %lld) outside the loop's %lld", rank,
              (long long)first, (long long)(first + count), (long long)m->table.count);
  if (again > 0)
    lsc_fatal("internal error: rank %d sent the partials of %lld blocks that had already arrived", rank,
              (long long)again);
}

static void release_deferred(lsc_master *m);

static void first_round_done(lsc_master *m) {
  if (--m->first_round == 0)
    release_deferred(m);
}

/* How early `rank`'s ahead requests are answered: this instance's lead, else the last instance's. */
static double ahead_lead(const lsc_master *m, int rank) {
  const lsc_site_state *st = m->loop.state;
  if (m->links[rank].lead > 0)
    return m->links[rank].lead;
  return rank < st->ahead_ranks && st->ahead_lead[rank] > 0 ? st->ahead_lead[rank] : LSC_AHEAD_LEAD;
}

void lsc_master_remember_rate(lsc_master *m, int rank) {
  lsc_site_state *st = m->loop.state;
  if (st->ahead_ranks < m->size) {
    double *rate = realloc(st->ahead_rate, (size_t)m->size * sizeof *rate);
    if (rate)
      st->ahead_rate = rate;
    double *lead = rate ? realloc(st->ahead_lead, (size_t)m->size * sizeof *lead) : NULL;
    if (lead)
      st->ahead_lead = lead;
    if (!rate || !lead)
      return; /* out of memory: the next instance waits for first RESULTs */
    for (int r = st->ahead_ranks; r < m->size; r++)
      st->ahead_rate[r] = st->ahead_lead[r] = 0;
    st->ahead_ranks = m->size;
  }
  const lsc_rank_stats *s = &m->stats[rank];
  if (s->iterations > 0)
    st->ahead_rate[rank] = (s->busy + s->idle) / (double)s->iterations;
  st->ahead_lead[rank] = ahead_lead(m, rank);
}

/* When rank 0 answers a request of `rank` that holds work (request-ahead): lead seconds before that work is
 * expected to end, so the chunk is sized about when the worker becomes free, as the scheme's formula says,
 * and a slow worker does not sit on a chunk a faster one could run (sched/ahead.c); -1 when it waits for the
 * worker's next RESULT. Not for groups: a sub-master asks ahead by its own rule (exec/submaster.c). */
static double ahead_due(const lsc_master *m, int rank) {
  const lsc_link *l = &m->links[rank];
  if (m->boss)
    return l->started;
  const lsc_rank_stats *s = &m->stats[rank];
  const lsc_site_state *st = m->loop.state;
  /* No result of this instance yet: its rate in the last one (0: none, wait for its RESULT) */
  if (s->iterations == 0 && rank < st->ahead_ranks && st->ahead_rate[rank] > 0)
    return lsc_ahead_due(l->started, l->held, st->ahead_rate[rank], 1, ahead_lead(m, rank));
  return lsc_ahead_due(l->started, l->held, s->busy + s->idle, s->iterations, ahead_lead(m, rank));
}

/* Whether `l`'s requests wait for the planner: it is not ready (calibration runs), or after this rank's
 * first chunk some computing rank has not had its first. */
static int waits_for_planner(const lsc_master *m, const lsc_link *l) {
  return !m->planner || (l->planned > 0 && m->first_round > 0);
}

/* A request is deferred while it waits for the planner, or while it is an ahead request not due yet. */
static int must_defer(const lsc_master *m, int rank) {
  const lsc_link *l = &m->links[rank];
  if (m->calibrating && (!l->sampled || lsc_master_auto_more(m)))
    return 0;
  if (waits_for_planner(m, l))
    return 1;
  if (l->held == 0)
    return 0;
  double due = ahead_due(m, rank);
  return due < 0 || due > lsc_now();
}

/* The deferred requests of a link, counted by links (m->deferring) so that rank 0's polls and receives skip
 * the scan of every link when none is deferred, as is the case most of the time. */
static void defer_one(lsc_master *m, lsc_link *l) {
  if (l->deferred++ == 0)
    m->deferring++;
}
static void undefer(lsc_master *m, lsc_link *l, int all) {
  if (l->deferred == 0)
    return;
  l->deferred = all ? 0 : l->deferred - 1;
  if (l->deferred == 0)
    m->deferring--;
}

/* Serves one request of `rank` now: its calibration sample, a chunk, or END. */
static void serve_request(lsc_master *m, int rank) {
  lsc_link *l = &m->links[rank];
  if (m->calibrating && (!l->sampled || lsc_master_auto_more(m))) {
    lsc_assign_head a = l->sampled ? next_piece(m) : sample_of(m, worker_index(m, rank));
    if (!l->sampled) {
      lsc_master_auto_sent(m, worker_index(m, rank));
      m->sample_sent[worker_index(m, rank)] = lsc_now();
    }
    l->sampled = 1;
    lsc_reissue_record(m, rank, &a);
    send_to(m, rank, LSC_TAG_ASSIGN, &a);
    return;
  }
  lsc_chunk c;
  lsc_assign_head a;
  if (lsc_reissue_overdue_copy(m, rank, &a)) {
    send_to(m, rank, LSC_TAG_ASSIGN, &a);
  } else if (lsc_region_next(m, worker_index(m, rank), &c)) {
    a = assignment(m, c.start + m->plan_offset, c.size, 0);
    lsc_reissue_record(m, rank, &a);
    send_to(m, rank, LSC_TAG_ASSIGN, &a);
  } else if (lsc_reissue_copy(m, rank, &a)) {
    send_to(m, rank, LSC_TAG_ASSIGN, &a);
  } else {
    l->ended = 1;
    undefer(m, l, 1);
    send_to(m, rank, LSC_TAG_END, NULL);
  }
  /* After this rank's own answer: the deferred requests it releases must not take its share. */
  if (l->planned++ == 0)
    first_round_done(m);
}

/* A dead worker will not ask for its first chunk: the others must not wait for that (first_round). */
static void worker_died(lsc_master *m, int rank) {
  lsc_link *l = &m->links[rank];
  l->ended = 1;
  if (m->boss && m->boss[rank] != 0) /* a sub-master's member: not one of rank 0's planner workers */
    return;
  undefer(m, l, 1);
  lsc_reissue_inputs_in(m, rank); /* nobody will receive them: its chunk may be copied */
  if (l->planned++ == 0 && m->planner)
    first_round_done(m);
}

/* A REQUEST, or a RESULT that carries one. */
static void answer(lsc_master *m, int rank) {
  lsc_link *l = &m->links[rank];
  if (l->ended) /* the request riding on the last RESULT after END: nothing to answer */
    return;
  if (must_defer(m, rank))
    defer_one(m, l);
  else
    serve_request(m, rank);
}

static void release_deferred(lsc_master *m) {
  for (int r = 1; m->deferring > 0 && r < m->size; r++) {
    lsc_link *l = &m->links[r];
    while (l->deferred > 0 && !l->ended && !must_defer(m, r)) {
      undefer(m, l, 0);
      l->watch = 1;
      serve_request(m, r);
      l->watch = 0;
    }
  }
}

/* Seconds from hand-out to result of the slowest sample in; -1 when none is. */
static double slowest_sample(const lsc_master *m) {
  double slowest = -1.0;
  for (int i = 0; i < m->executing; i++)
    slowest = m->sample_took[i] > slowest ? m->sample_took[i] : slowest;
  return slowest;
}

/* All samples are in (or those still out given up): weights from the measured speed, SWR from the spread of
 * iteration times. */
static void finish_calibration(lsc_master *m) {
  lsc_site_state *st = m->loop.state;
  double *kept = realloc(st->measured_weights, (size_t)m->executing * sizeof *kept);
  if (!kept)
    lsc_fatal("out of memory for calibration results");
  st->measured_weights = kept;
  st->swr = 1.0;
  for (int i = 0; i < m->executing; i++) {
    kept[i] = sample_rate(m, i);
    st->swr = m->sample_swr[i] < st->swr ? m->sample_swr[i] : st->swr;
  }
  st->measured = 1;
  st->measured_ranks = m->executing;
  m->swr = st->swr;
  m->calibrating = 0;
  if (m->settings.weights.source == LSC_WEIGHTS_MEASURED) {
    memcpy(m->weights, kept, (size_t)m->executing * sizeof *kept);
    m->weights_source = "measured";
  }
  lsc_master_make_planner(m);
  /* schedule(auto) may decide before every sample is in, and with re-issue a sample far later than the
   * others is given up (give_up_samples): a rank still on its sample is not waited for, and its sample
   * becomes an ordinary chunk that others may run (reissue_master.h) */
  m->first_round -= m->executing - m->samples_done;
  lsc_reissue_calibrated(m, slowest_sample(m));
  if (lsc_trace_on())
    lsc_trace_slice(0, "calibration", m->start, lsc_now(), NULL);
  release_deferred(m);
}

static void record_sample(lsc_master *m, int index, int64_t start, int64_t size, const lsc_chunk_timing *t) {
  double seconds = t->busy + t->idle; /* idle: LSC_SLOWDOWN makes the rank look slower, as intended */
  double swr = t->it_max > 0 ? t->it_min / t->it_max : 1.0;
  if (m->sample_took[index] < 0 && m->sample_sent[index] >= 0)
    m->sample_took[index] = lsc_now() - m->sample_sent[index];
  if (m->auto_cal) {
    /* schedule(auto): several pieces per rank, and the choice may come before every sample is in */
    int decide = lsc_master_auto_sample(m, index, start, size, seconds, swr);
    if (decide)
      finish_calibration(m);
    else if (!m->calibrating) /* a sample that came after the choice: its rate for the site's next uses */
      m->loop.state->measured_weights[index] = sample_rate(m, index);
    return;
  }
  m->sample_busy[index] = seconds;
  m->sample_swr[index] = swr;
  if (!m->calibrating) { /* a sample given up that came first after all: its rate for the site's next uses */
    m->loop.state->measured_weights[index] = sample_rate(m, index);
    return;
  }
  if (++m->samples_done == m->executing)
    finish_calibration(m);
}

/* With re-issue, outside schedule(auto) (whose calibration decides early by its own rule, master_auto.h): the
 * time at which the calibration stops waiting for the samples still out -- the latest of their deadlines
 * (lsc_reissue_sample_deadline: at least half in, LSC_REISSUE_OVERDUE x the slowest that came) -- or 0
 * when it waits on (also while a sample has not gone out: its rank has not asked, and nobody else may run
 * its iterations before the planner starts after them; and while rank 0's own is out). */
static double samples_due(const lsc_master *m) {
  /* grouped, rank 0's table holds no sample (lsc_reissue_record): a given-up one would have nobody to re-run
   * it */
  if (!m->reissue || !m->calibrating || m->auto_cal || m->boss)
    return 0;
  double slowest = slowest_sample(m), last = 0;
  for (int i = 0; i < m->executing; i++) {
    if (m->sample_took[i] >= 0)
      continue;
    /* rank 0's own sample is not given up: rank 0 computes it now, and only a worker's can be re-issued */
    double due = m->sample_sent[i] < 0 || (i == 0 && m->first == 0)
                     ? -1.0
                     : lsc_reissue_sample_deadline(m->sample_sent[i], m->samples_done, m->executing, slowest);
    if (due < 0)
      return 0;
    last = due > last ? due : last;
  }
  return last;
}

/* The samples still out are past their deadline: the calibration finishes without them. Such a rank is at
 * most as fast as one sample in the time it has had (an upper bound on its rate, as schedule(auto)'s early
 * choice takes it); its sample is re-issued as an ordinary chunk (lsc_reissue_calibrated). */
static void give_up_samples(lsc_master *m) {
  double due = samples_due(m), now = lsc_now();
  if (due <= 0 || now < due)
    return;
  for (int i = 0; i < m->executing; i++)
    if (m->sample_took[i] < 0) {
      m->sample_busy[i] = now - m->sample_sent[i];
      m->sample_swr[i] = 1.0;
    }
  finish_calibration(m);
}

/* fresh: the iterations no earlier result brought (a whole chunk after some of its split parts). */
static void account(lsc_master *m, int rank, int64_t start, int64_t size, int64_t fresh,
                    const lsc_chunk_timing *t, int sample, int copy) {
  lsc_rank_stats *s = &m->stats[rank];
  s->chunks++;
  s->iterations += fresh;
  s->busy += t->busy;
  s->idle += t->idle;
  m->done += fresh;
  lsc_progress_update(&m->progress, m->done);
  if (fresh == size)
    trace_chunk(rank, start, size, t, sample, copy, 0);
  if (sample) {
    record_sample(m, worker_index(m, rank), start, size, t);
    return;
  }
  /* schedule(auto)'s instance on the weights' pick times every chunk, copies too (master_auto.h) */
  lsc_master_auto_chunk(m, worker_index(m, rank), start, size, t->busy + t->idle);
  if (copy)
    return; /* the planner gave that chunk to another rank */
  /* The planner's feedback: its own chunk (before the calibration samples moved it) and the time it took,
   * LSC_SLOWDOWN's idling included, as for the samples. */
  lsc_chunk planned = units_of(m, start, size);
  planned.start -= m->plan_offset;
  lsc_planner_feedback(m->planner, worker_index(m, rank), &planned, t->busy + t->idle);
}

void lsc_master_unpack_result(lsc_master *m, int rank, lsc_reader *r, int64_t start, int64_t size,
                              int64_t in_place) {
  size_t left = r->left;
  if (r->short_read || start < 0 || size <= 0 || start > m->loop.n - size ||
      lsc_chunk_unpack_outputs(&m->loop, start, start + size, r, in_place >= 0 ? &m->pieces : NULL) != 0)
    lsc_fatal("malformed RESULT message from rank %d", rank);
  m->chunk_out_bytes += (int64_t)(left - r->left);
  if (in_place < 0)
    return;
  int64_t expected = 0;
  for (size_t i = 0; i < m->pieces.count; i++)
    expected += (int64_t)m->pieces.items[i].bytes;
  if (expected != in_place)
    lsc_fatal(
        "malformed RESULT message from rank %d: chunk [%lld, +%lld) announces %lld bytes in place, rank 0 "
        "expects %lld",
        rank, (long long)start, (long long)size, (long long)in_place, (long long)expected);
  /* The large spans follow the message: received straight into rank 0's arrays, now, since the worker sent
   * them with it. */
  double begin = lsc_trace_on() ? lsc_now() : 0;
  m->chunk_out_bytes += lsc_pieces_irecv(&m->pieces, rank, &m->recvs);
  lsc_requests_wait(&m->recvs);
  if (m->pieces.count > 0 && lsc_trace_on())
    lsc_trace_slice(0, "receive", begin, lsc_now(), "\"for\":\"a chunk's outputs\"");
}

/* Reproducible mode: the chunk is whole blocks and the message holds exactly their partials, filed by block;
 * with fresh < size, only the blocks its split parts did not bring already (reissue_master.h). */
static void take_partials(lsc_master *m, int rank, lsc_reader *r, const lsc_result_head *h, int64_t fresh) {
  if (!m->loop.repro) {
    if (h->blocks != 0 || h->first_block != 0)
      lsc_fatal("malformed RESULT message from rank %d: block partials outside reproducible mode", rank);
    return;
  }
  lsc_chunk blocks = units_of(m, h->start, h->size);
  if (r->short_read || !lsc_repro_whole_blocks(&m->loop.blocks, h->start, h->start + h->size) ||
      h->first_block != blocks.start || h->blocks != blocks.size)
    lsc_fatal("malformed RESULT message from rank %d: chunk [%lld, +%lld) does not match its blocks", rank,
              (long long)h->start, (long long)h->size);
  const void *partials = lsc_read_skip(r, (size_t)h->blocks * m->loop.partial_bytes);
  if (!partials)
    lsc_fatal("malformed RESULT message from rank %d: truncated block partials", rank);
  if (fresh == h->size) {
    store_blocks(m, rank, h->first_block, h->blocks, partials);
    return;
  }
  /* Parts are whole blocks: a block is in a covered part when its first iteration is. */
  for (int64_t b = 0; b < h->blocks; b++)
    if (!lsc_reissue_part_covered(m, h->chunk, (h->first_block + b) * m->unit))
      store_blocks(m, rank, h->first_block + b, 1,
                   (const char *)partials + (size_t)b * m->loop.partial_bytes);
}

/* The worker's side of a chunk in the trace: its wait for the chunk and the arrow from its request. */
static void trace_worker(int rank, const lsc_result_head *h) {
  if (!lsc_trace_on())
    return;
  if (h->wait_end > h->wait_begin)
    lsc_trace_slice(rank, "wait", h->wait_begin, h->wait_end, "\"for\":\"a chunk\"");
  lsc_trace_request(rank, h->requested, h->timing.begin);
}

/* A group chunk's pieces, which its sub-master sends after the partials when LSC_TRACE is on: a "piece" slice
 * on each member's track, inside the group chunk's slice on the sub-master's. */
static void trace_pieces(const lsc_master *m, int from, lsc_reader *r, const lsc_result_head *h) {
  if (h->traced < 0 || (uint64_t)h->traced > r->left / sizeof(lsc_piece_trace))
    lsc_fatal("malformed RESULT message from rank %d: %lld traced pieces", from, (long long)h->traced);
  for (int64_t k = 0; k < h->traced; k++) {
    lsc_piece_trace p;
    lsc_read(r, &p, sizeof p);
    if (p.rank <= 0 || p.rank >= m->size || p.size <= 0 || p.start < h->start ||
        p.start > h->start + h->size - p.size)
      lsc_fatal("malformed RESULT message from rank %d: a traced piece outside its group chunk", from);
    if (!lsc_trace_on())
      continue;
    char args[160];
    snprintf(args, sizeof args, "\"start\":%lld,\"size\":%lld,\"busy_us\":%.1f,\"group_of\":%d%s",
             (long long)p.start, (long long)p.size, p.busy * 1e6, from, p.copy ? ",\"reissued\":1" : "");
    lsc_trace_slice((int)p.rank, "piece", p.begin, p.end, args);
  }
}

struct fresh_slice {
  int rank;
  const lsc_result_head *h;
};
static void trace_fresh(void *ctx, int64_t start, int64_t size) {
  const struct fresh_slice *f = ctx;
  trace_chunk(f->rank, start, size, &f->h->timing, 0, (int)f->h->copy, 0);
}

static void take_result(lsc_master *m, int rank) {
  lsc_reader r = lsc_reader_of(m->inbox.data, m->inbox.len);
  lsc_result_head h;
  lsc_read(&r, &h, sizeof h);
  if (r.short_read)
    lsc_fatal("malformed RESULT message from rank %d", rank);
  lsc_link *l = &m->links[rank];
  l->holding--;
  lsc_reissue_inputs_in(m, rank); /* it had its inputs before it computed */
  /* It begins the next chunk it holds now; if it waited for a chunk handed ahead, answer it earlier. */
  l->held -= h.size;
  l->started = lsc_now();
  if (h.start == l->timed) {
    l->lead = lsc_ahead_next_lead(ahead_lead(m, rank), h.wait_end - h.wait_begin);
    l->timed = -1;
  }
  trace_worker(rank, &h);
  int64_t fresh;
  if (lsc_reissue_first(m, &h, &fresh)) {
    lsc_buffer kept = {0};
    if (fresh < h.size)
      lsc_reissue_keep_parts(m, h.chunk, &kept);
    take_partials(m, rank, &r, &h, fresh);
    trace_pieces(m, rank, &r, &h);
    lsc_master_unpack_result(m, rank, &r, h.start, h.size, h.in_place);
    if (fresh < h.size)
      lsc_reissue_restore_parts(m, h.chunk, &kept);
    lsc_buffer_free(&kept);
    lsc_region_record(m, rank, h.start, h.start + h.size);
    account(m, rank, h.start, h.size, fresh, &h.timing, (int)h.per_iteration, (int)h.copy);
    lsc_master_remember_rate(m, rank);
    if (fresh < h.size && lsc_trace_on()) {
      /* The trace's "chunk" slices cover each iteration once: here only the rest the parts left */
      struct fresh_slice f = {rank, &h};
      lsc_reissue_each_fresh(m, h.chunk, h.start, h.size, trace_fresh, &f);
    }
  } else {
    /* Another copy's result came first: none of this one reaches the program's arrays or the partials;
     * its large spans are received into scratch memory, since they are on their way. */
    lsc_late_drain_spans(rank, h.in_place);
    m->dropped++;
    trace_chunk(rank, h.start, h.size, &h.timing, 0, (int)h.copy, 1);
  }
  /* Its deferred ahead request first (its rate may be known now), then those this RESULT carries. */
  release_deferred(m);
  for (int64_t i = 0; i < h.request && i < 2; i++)
    answer(m, rank);
}

static void take_final(lsc_master *m, int rank) {
  lsc_link *l = &m->links[rank];
  lsc_reader r = lsc_reader_of(m->inbox.data, m->inbox.len);
  lsc_final_head h;
  lsc_read(&r, &h, sizeof h);
  if (r.short_read || l->final || h.instance != m->instance || h.late < 0 || h.late >= m->size)
    lsc_fatal("malformed FINAL message from rank %d", rank);
  /* A sub-master that re-issued inside its group: the members still computing a piece nobody needs, or not
   * heard from in this instance, send their FINAL late (exec/submaster.c); the loop does not wait for it. */
  for (int64_t i = 0; i < h.late; i++) {
    int64_t member;
    lsc_read(&r, &member, sizeof member);
    if (r.short_read || !m->boss || member <= 0 || member >= m->size || m->boss[member] != rank)
      lsc_fatal("malformed FINAL message from rank %d: late rank %lld is not of its group", rank,
                (long long)member);
    if (!m->links[member].final)
      m->links[member].late = 1;
  }
  size_t bytes = r.left;
  if (!(l->partials = malloc(bytes ? bytes : 1)))
    lsc_fatal("malformed FINAL message from rank %d", rank);
  memcpy(l->partials, r.at, bytes);
  m->stats[rank].busy = h.stats.busy;
  m->stats[rank].idle = h.stats.idle;
  m->stats[rank].wait = h.stats.wait;
  if (m->boss) { /* grouped: rank 0 saw group chunks; each rank counts the pieces it ran (exec/submaster.h) */
    m->stats[rank].chunks = h.stats.chunks;
    m->stats[rank].iterations = h.stats.iterations;
    m->reissued += h.stats.reissued; /* a sub-master's copies inside its group */
    m->group_bytes += h.stats.group_bytes;
    m->dropped += h.stats.dropped;
  }
  l->final = 1;
  m->finals++;
}

static void handle(lsc_master *m, int rank, int tag) {
  if (rank <= 0 || rank >= m->size)
    lsc_fatal("message from unexpected rank %d", rank);
  /* A message of an ended instance: a late worker's (exec/late_ranks.h). */
  if (lsc_late_message(rank, tag, &m->inbox, m->instance, &m->dropped))
    return;
  m->links[rank].heard = 1;
  switch (tag) {
  case LSC_TAG_REQUEST:
    answer(m, rank);
    break;
  case LSC_TAG_RESULT:
    take_result(m, rank);
    break;
  case LSC_TAG_FINAL:
    take_final(m, rank);
    break;
  default:
    lsc_fatal("unexpected message (tag %d) from rank %d during a loop", tag, rank);
  }
}

/* The earliest time a deferred ahead request falls due (0: none has a time; they wait for a message). */
static double next_due(const lsc_master *m) {
  double first = 0;
  for (int r = 1; m->deferring > 0 && r < m->size; r++) {
    const lsc_link *l = &m->links[r];
    if (l->deferred == 0 || l->ended || waits_for_planner(m, l))
      continue;
    double due = ahead_due(m, r);
    if (due >= 0 && (first == 0 || due < first))
      first = due > 0 ? due : 1e-9;
  }
  return first;
}

static void serve_pending(void *ctx) {
  lsc_master *m = ctx;
  int from, tag;
  while (lsc_tp_poll(MPI_ANY_SOURCE, &m->inbox, &from, &tag))
    handle(m, from, tag);
  double due = next_due(m);
  if (due > 0 && due <= lsc_now())
    release_deferred(m);
  give_up_samples(m);
}

static void serve_one(lsc_master *m) {
  int from, tag;
  double due = next_due(m), samples = samples_due(m);
  if (samples > 0 && (due == 0 || samples < due))
    due = samples;
  if (lsc_master_receive_by(m, &from, &tag, due))
    handle(m, from, tag);
  else
    release_deferred(m);
  give_up_samples(m);
}

/* Inside a data region rank 0 answers the workers' first requests of an instance before it computes, and
 * stays until the halo rows those answers send from its arrays have left: both go only as rank 0 polls, and
 * rank 0 computing in pieces of up to 100 us polled too late (heat_3d, np 2: the worker began 120 us into a
 * 1.7 ms instance, rank 0 at 18 us). A worker busy elsewhere is not waited for past LSC_FIRST_ANSWERS_WAIT.
 */
static void answer_first_requests(lsc_master *m) {
  double until = lsc_now() + LSC_FIRST_ANSWERS_WAIT;
  for (;;) {
    serve_pending(m);
    if ((m->first_round == 0 && lsc_region_sends_done()) || lsc_now() > until)
      return;
    if (lsc_tp_oversubscribed())
      sched_yield(); /* the worker sharing this core gets to ask */
  }
}

/* copy: a split part of a worker's chunk (reissue_master.h), claimed before it starts. Returns when it ended
 * (rank 0's clock, read by the chunk's timing anyway). */
static double run_own(lsc_master *m, int64_t start, int64_t size, int sample, int copy) {
  lsc_chunk_timing t;
  int64_t end = start + size, ready = lsc_region_own_inputs_post(m, start, end);
  if (m->loop.held && m->own_planned == 1 && !sample && !copy)
    answer_first_requests(m);
  /* The part that reads nothing still coming computes meanwhile, in the loop's order; not a sample (timed
   * per iteration) nor whole blocks (reproducible mode), which a cut would split. */
  if (ready > start && ready < end && !sample && !m->loop.repro) {
    lsc_run_chunk(&m->loop, start, ready, 0, serve_pending, m, &t);
    lsc_region_own_inputs_wait(m, serve_pending, m);
    lsc_chunk_timing rest;
    lsc_run_chunk(&m->loop, ready, end, 0, serve_pending, m, &rest);
    t.busy += rest.busy;
    t.idle += rest.idle;
    t.end = rest.end;
  } else {
    lsc_region_own_inputs_wait(m, serve_pending, m);
    lsc_run_chunk(&m->loop, start, end, sample, serve_pending, m, &t);
  }
  lsc_region_record(m, 0, start, start + size);
  if (m->loop.repro)
    store_blocks(m, 0, m->loop.block_first, m->loop.block_count, m->loop.block_partials);
  account(m, 0, start, size, size, &t, sample, copy);
  return t.end;
}

/* Master-participates mode: rank 0 takes chunks as planner worker 0 and answers requests between pieces. */
static void compute_own_share(lsc_master *m) {
  int sampled = 0;
  double polled = -1.0, ended = 0.0; /* rank 0's last poll, and the end of its last chunk */
  for (;;) {
    /* Between chunks as between pieces: a chunk of one piece (pss, small css) must not keep workers waiting.
     * But not after every tiny chunk: a poll (MPI_Improbe) cost as much as the rest of a chunk of one empty
     * iteration (bench-runtime's fine-chunk rows), so after such chunks rank 0 polls once LSC_OWN_POLL has
     * passed since the last poll; the chunk's own end time says so, without another clock read. */
    if (polled < 0 || ended - polled >= LSC_OWN_POLL) {
      serve_pending(m);
      polled = ended > 0 ? ended : lsc_now();
    }
    if (m->calibrating && (!sampled || lsc_master_auto_more(m))) {
      lsc_assign_head a = sampled ? next_piece(m) : sample_of(m, 0);
      if (!sampled) {
        lsc_master_auto_sent(m, 0);
        m->sample_sent[0] = lsc_now();
      }
      sampled = 1;
      ended = run_own(m, a.start, a.size, 1, 0);
      continue;
    }
    if (!m->planner || (m->own_planned > 0 && m->first_round > 0)) {
      serve_one(m);
      polled = -1.0; /* it waited: poll again before the next chunk */
      continue;
    }
    lsc_chunk c;
    int more = lsc_region_next(m, 0, &c);
    if (m->own_planned++ == 0)
      first_round_done(m);
    if (!more)
      return;
    lsc_assign_head a = assignment(m, c.start + m->plan_offset, c.size, 0);
    ended = run_own(m, a.start, a.size, 0, 0);
  }
}

/* Re-issue, nothing left to hand out: rank 0, when it computes, takes split parts of the workers' chunks
 * too (reissue_master.h). A holder about to finish gets no part from rank 0, so rank 0 looks again after a
 * short wait: a stopped holder's chunk becomes overdue with no message to wake it. */
static void own_part_or_serve(lsc_master *m) {
  lsc_chunk c;
  if (m->participates && lsc_reissue_own_part(m, &c)) {
    lsc_tp_computing(1);
    run_own(m, c.start, c.size, 0, 1);
    lsc_tp_computing(0);
    return;
  }
  int from, tag;
  if (!m->participates)
    serve_one(m);
  else if (lsc_master_receive_within(m, &from, &tag, LSC_OWN_PART_RECHECK))
    handle(m, from, tag);
}

void lsc_master_run(const lsc_site *site, void *env, lsc_var *vars, int nvars, int64_t n) {
  lsc_master m;
  lsc_master_setup(&m, site, env, vars, nvars, n);
  lsc_master_reproducible(&m);
  lsc_reissue_start(&m);
  m.on_dead = worker_died;
  lsc_groups_setup(&m);
  /* Placement by affinity, once the planner's workers are known (a group is one); with no region holding
   * anything it is turned off, whatever the last region's loop left in its queues (left on, a loop after a
   * region took its chunks from those empty queues: nothing ran, and the loop returned with its outputs
   * unwritten, or waited for ever with re-issue on). */
  lsc_region_affinity_build(&m);
  lsc_progress_start(&m.progress, lsc_rt.config.progress, lsc_rt.mpi, site->file, site->line, n);
  lsc_site_state *st = m.loop.state;
  int wants_samples = m.settings.weights.source == LSC_WEIGHTS_MEASURED ||
                      m.settings.alpha == LSC_ALPHA_AUTO ||
                      /* auto simulates on measured speeds, unless it picks on the weights first */
                      (m.settings.schedule.scheme == LSC_SCHEME_AUTO && !lsc_master_auto_from_prior(&m));
  /* A first instance may run whole on rank 0 before any byte moves, or start with rank 0's leading piece
   * done (exec/master_lead.h). */
  if (lsc_master_lead(&m, wants_samples)) {
    lsc_master_finish(&m);
    lsc_progress_end(&m.progress);
    lsc_master_release(&m);
    return;
  }
  lsc_master_send_loop(&m);
  lsc_master_static_weights(&m);
  lsc_groups_weights(&m);
  m.swr = st->measured ? st->swr : -1.0;
  if (wants_samples && !st->measured && m.units >= (int64_t)m.executing * sample_units(&m)) {
    m.calibrating = 1;
    m.plan_offset = (int64_t)m.executing * sample_units(&m);
    lsc_master_auto_calibrate(&m);
  } else {
    lsc_master_make_planner(&m);
  }
  if (m.participates) {
    lsc_tp_computing(1); /* its polls between pieces must not yield the core (transport.h) */
    compute_own_share(&m);
    lsc_tp_computing(0);
  }
  if (m.reissue) {
    /* The loop ends when every chunk has one result; a worker still computing is not waited for. */
    while (!lsc_reissue_complete(&m))
      own_part_or_serve(&m);
    lsc_reissue_end(&m);
    while (!lsc_reissue_finals_in(&m))
      serve_one(&m);
    lsc_reissue_leave_late(&m);
  } else {
    while (m.finals < m.size - 1)
      serve_one(&m);
  }
  /* Every iteration has its first result here, or the loop would return with outputs unwritten: a broken
   * placement once left a queue nobody took (region_affinity.c). Stopping says so where the answer would be
   * silently wrong. */
  if (m.done != m.loop.n)
    lsc_fatal("internal error: loop %s:%d ended with %lld of its %lld iterations run", site->file, site->line,
              (long long)m.done, (long long)m.loop.n);
  lsc_region_loop_end(&m);
  lsc_master_finish(&m);
  lsc_progress_end(&m.progress);
  lsc_master_release(&m);
}
