/* pipeline_master.c - rank 0 of a pipelined nest ([ciorba-dmps], DMPS(x) master). Rank 0 hands out the
 * chunks and, when it computes (pipeline_master.h), runs chunks of its own between requests (pipeline_own.c).
 *
 * Chunks go out in order along k1, whatever the scheme: a worker's request takes its chunk from the planner
 * (static and distributed schemes give each worker its own), and the chunk waits here until every chunk
 * before it went out. With each chunk goes the rank of the previous chunk's holder; that holder is told the
 * new chunk's rank (NEXT) unless it is the same worker. Inputs are packed when the chunk goes out: rank 0
 * holds then the results of earlier chunks only, never of later ones, so rows below the chunk still have
 * the values the nest started with (what anti dependences read). */
#include "exec/pipeline/pipeline_master.h"

#include "exec/chunk_data.h"
#include "exec/master.h"
#include "exec/master_choice.h"
#include "exec/pipeline/pipeline_sync.h"
#include "exec/protocol.h"
#include "fatal.h"
#include "obs/clock.h"
#include "obs/trace.h"
#include "state.h"
#include "transport/transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void send_next(pipe_master *p, int64_t to, int64_t at, int64_t rank) {
  lsc_tp_wait(&p->next_send[to]);
  lsc_buffer *b = &p->next_out[to];
  b->len = 0;
  lsc_pipe_next n = {at, rank};
  if (lsc_buffer_put(b, &n, sizeof n) != 0)
    lsc_fatal("out of memory for a NEXT message");
  lsc_tp_isend(b->data, b->len, (int)to, LSC_TAG_NEXT, &p->next_send[to]);
}

/* Rank 0's own chunk needs no message: its inputs are in its memory already. */
static void send_assign(pipe_master *p, int rank, const lsc_chunk *c) {
  lsc_master *m = &p->m;
  lsc_pipe_assign a = {c->start, c->size, c->start == 0 ? LSC_NO_RANK : p->last_holder,
                       c->start + c->size == p->nest.shape.n1};
  if (rank == 0) {
    p->own = a;
    p->own_ready = 1;
    p->own_next = LSC_NO_RANK;
  } else {
    lsc_link *l = &m->links[rank];
    lsc_tp_wait(&l->send);
    l->out.len = 0;
    if (lsc_buffer_put(&l->out, &a, sizeof a) != 0)
      lsc_fatal("out of memory for an ASSIGN message");
    lsc_chunk_pack_inputs(&m->loop, c->start, c->start + c->size, &l->out, NULL);
    lsc_tp_isend(l->out.data, l->out.len, rank, LSC_TAG_ASSIGN, &l->send);
  }
  if (a.prev == 0)
    lsc_pipe_own_next_known(p, c->start, rank);
  else if (a.prev != LSC_NO_RANK && a.prev != rank && p->nest.shape.dep_rows > 0)
    send_next(p, a.prev, c->start, rank); /* without dep_rows no block travels: the worker may be gone */
  p->last_holder = rank;
  p->next_start = c->start + c->size;
}

/* Sends every waiting chunk whose turn has come. */
static void release_in_order(pipe_master *p) {
  for (int found = 1; found;) {
    found = 0;
    for (int r = p->m.first; r < p->m.size; r++)
      if (p->has_waiting[r] && p->waiting[r].start == p->next_start) {
        p->has_waiting[r] = 0;
        send_assign(p, r, &p->waiting[r]);
        found = 1;
      }
  }
}

static void take_request(pipe_master *p, int rank) {
  lsc_master *m = &p->m;
  lsc_link *l = &m->links[rank];
  if (l->ended || p->has_waiting[rank])
    lsc_fatal("rank %d asked for a chunk out of turn in a pipelined loop", rank);
  if (lsc_planner_next(m->planner, rank - m->first, &p->waiting[rank])) {
    p->has_waiting[rank] = 1;
    release_in_order(p);
    return;
  }
  l->ended = 1;
  lsc_tp_wait(&l->send);
  lsc_tp_isend(NULL, 0, rank, LSC_TAG_END, &l->send);
}

int lsc_pipe_master_own_request(pipe_master *p) {
  if (!lsc_planner_next(p->m.planner, 0, &p->waiting[0]))
    return 0;
  p->has_waiting[0] = 1;
  release_in_order(p);
  return 1;
}

static void take_result(pipe_master *p, int rank) {
  lsc_master *m = &p->m;
  lsc_reader r = lsc_reader_of(m->inbox.data, m->inbox.len);
  lsc_pipe_result h;
  lsc_read(&r, &h, sizeof h);
  if (!r.short_read && lsc_pipe_own_defers(p, h.start)) {
    lsc_deferred_result *d = calloc(1, sizeof *d);
    if (!d || lsc_buffer_put(&d->msg, m->inbox.data, m->inbox.len) != 0)
      lsc_fatal("out of memory keeping a RESULT message");
    d->rank = rank;
    *p->deferred_tail = d;
    p->deferred_tail = &d->next;
    return;
  }
  lsc_master_unpack_result(m, rank, &r, h.start, h.size, -1);
  lsc_rank_stats *s = &m->stats[rank];
  s->chunks++;
  s->iterations += h.size;
  s->busy += h.timing.busy;
  s->idle += h.timing.idle;
  m->done += h.size;
  p->blocks += h.blocks;
  lsc_progress_update(&m->progress, m->done);
  /* The planner's feedback: the chunk's compute time, without its waits for boundary blocks. */
  lsc_planner_feedback(m->planner, rank - m->first, &(lsc_chunk){h.start, h.size},
                       h.timing.busy + h.timing.idle);
  if (lsc_trace_on()) {
    char args[160];
    snprintf(args, sizeof args,
             "\"start\":%lld,\"size\":%lld,\"blocks\":%lld,\"busy_us\":%.1f,\"boundary_wait_us\":%.1f",
             (long long)h.start, (long long)h.size, (long long)h.blocks, h.timing.busy * 1e6,
             h.boundary_wait * 1e6);
    lsc_trace_slice(rank, "chunk", h.timing.begin, h.timing.end, args);
  }
}

static void take_final(pipe_master *p, int rank) {
  lsc_master *m = &p->m;
  lsc_link *l = &m->links[rank];
  lsc_reader r = lsc_reader_of(m->inbox.data, m->inbox.len);
  lsc_final_head h;
  lsc_read(&r, &h, sizeof h);
  if (r.short_read || l->final || h.late != 0 || !(l->partials = malloc(r.left ? r.left : 1)))
    lsc_fatal("malformed FINAL message from rank %d", rank);
  memcpy(l->partials, r.at, r.left);
  m->stats[rank].wait = h.stats.wait;
  l->final = 1;
  m->finals++;
}

void lsc_pipe_master_apply_deferred(pipe_master *p) {
  while (p->deferred) {
    lsc_deferred_result *d = p->deferred;
    p->deferred = d->next;
    lsc_buffer kept = p->m.inbox;
    p->m.inbox = d->msg;
    take_result(p, d->rank);
    p->m.inbox = kept;
    lsc_buffer_free(&d->msg);
    free(d);
  }
  p->deferred_tail = &p->deferred;
}

void lsc_pipe_master_handle(pipe_master *p, int rank, int tag) {
  lsc_master *m = &p->m;
  if (rank <= 0 || rank >= m->size)
    lsc_fatal("message from unexpected rank %d", rank);
  if (tag == LSC_TAG_REQUEST) {
    take_request(p, rank);
  } else if (tag == LSC_TAG_RESULT) {
    take_result(p, rank);
  } else if (tag == LSC_TAG_BOUNDARY && m->participates) {
    lsc_pipe_own_take_boundary(p, rank);
  } else if (tag == LSC_TAG_PIPE_STATS && m->inbox.len == sizeof p->pstats[rank]) {
    memcpy(&p->pstats[rank], m->inbox.data, sizeof p->pstats[rank]);
  } else if (tag == LSC_TAG_FINAL) {
    take_final(p, rank);
  } else {
    lsc_fatal("unexpected message (tag %d) from rank %d during a pipelined loop", tag, rank);
  }
}

void lsc_pipe_master_serve_pending(pipe_master *p) {
  int from, tag;
  while (lsc_tp_poll(MPI_ANY_SOURCE, &p->m.inbox, &from, &tag))
    lsc_pipe_master_handle(p, from, tag);
}

void lsc_pipe_master_serve_one(pipe_master *p) {
  int from, tag;
  lsc_master_receive(&p->m, &from, &tag);
  lsc_pipe_master_handle(p, from, tag);
}

static void send_nest(pipe_master *p) {
  lsc_buffer b = {0};
  if (lsc_buffer_put(&b, &p->nest.shape, sizeof p->nest.shape) != 0 ||
      lsc_buffer_put(&b, p->nest.cells, (size_t)p->nest.shape.nboundary * sizeof *p->nest.cells) != 0)
    lsc_fatal("out of memory sending a pipelined loop");
  for (int r = 1; r < p->m.size; r++)
    lsc_tp_send(b.data, b.len, r, LSC_TAG_PIPE);
  lsc_buffer_free(&b);
}

static void report(const pipe_master *p) {
  const lsc_pipe_sync *s = &p->sync;
  const lsc_pipe_shape *sh = &p->nest.shape;
  fprintf(stderr, "lsc: pipeline n2=%lld dep_rows=%lld skew=%lld h=%lld (%s) blocks=%lld\n",
          (long long)sh->n2, (long long)sh->dep_rows, (long long)sh->skew, (long long)s->h, s->source,
          (long long)p->blocks);
  if (s->measured)
    fprintf(stderr, "lsc: pipeline costs c_d=%.3es c_c=%.3es/byte c_p=%.3es w=%g bytes predicted=%.6fs\n",
            s->c_d, s->c_c, s->c_p, s->units, s->predicted);
  fprintf(stderr, "lsc: %5s %8s %10s %10s %14s\n", "rank", "blocks", "sent", "received", "boundary_wait_s");
  for (int r = 0; r < p->m.size; r++) /* rank 0 too: zeros when it serves */
    fprintf(stderr, "lsc: %5d %8lld %10lld %10lld %14.6f\n", r, (long long)p->pstats[r].blocks,
            (long long)p->pstats[r].sent, (long long)p->pstats[r].received, p->pstats[r].boundary_wait);
  fflush(stderr);
}

/* What the next instance's choice of computing or serving goes by (exec/master_choice.h), as for a DOALL
 * loop; no bytes: a pipelined instance never runs alone on that ground. The workers' waits for chunks are
 * what rank 0's answers cost them, without their waits for blocks, which the pipeline has whoever computes.
 * The wall time counts from GO on, as
 * the workers' waits do: sync(auto) measures the network once per process and the rows once per site, which
 * would charge the first instance, and so rank 0 computing, with time neither way of running spends. */
static void measured(const pipe_master *p, double started) {
  const lsc_master *m = &p->m;
  double work = 0, waits = 0;
  for (int r = 0; r < m->size; r++)
    work += m->stats[r].busy;
  for (int r = 1; r < m->size; r++)
    waits += m->stats[r].wait - p->pstats[r].boundary_wait;
  lsc_master_measured(m->loop.state, m->loop.n, work, -1, m->participates, waits, m->stats[0].busy,
                      lsc_now() - started);
}

static void setup(pipe_master *p, const lsc_pipeline_site *site, void *env, lsc_var *vars, int nvars,
                  const lsc_nest *nest) {
  lsc_master *m = &p->m;
  /* Whether rank 0 computes, and why, as for a DOALL loop (exec/master_choice.h). */
  lsc_master_setup(m, &site->base, env, vars, nvars, nest->n1);
  m->swr = -1.0; /* no calibration: the pipeline plans from static weights */
  /* Rows run on one thread (docs/pipeline.md): a row piece is too short to share out. */
  m->loop.threads = 1;
  for (int r = 0; r < m->size; r++)
    m->threads[r] = 1;
  p->nest.shape = (lsc_pipe_shape){nest->n1, nest->n2, nest->dep_rows < nest->n1 ? nest->dep_rows : nest->n1,
                                   nest->skew, nest->nboundary};
  p->nest.cells = nest->boundary;
  size_t nr = (size_t)m->size;
  p->waiting = calloc(nr, sizeof *p->waiting);
  p->has_waiting = calloc(nr, sizeof *p->has_waiting);
  p->next_out = calloc(nr, sizeof *p->next_out);
  p->next_send = calloc(nr, sizeof *p->next_send);
  p->pstats = calloc(nr, sizeof *p->pstats);
  if (!p->waiting || !p->has_waiting || !p->next_out || !p->next_send || !p->pstats)
    lsc_fatal("out of memory starting loop %s:%d", site->base.file, site->base.line);
  for (size_t r = 0; r < nr; r++)
    p->next_send[r] = MPI_REQUEST_NULL;
  p->last_holder = LSC_NO_RANK;
  p->held_key = -1;
  p->deferred_tail = &p->deferred;
}

static void release(pipe_master *p) {
  for (int r = 1; r < p->m.size; r++)
    lsc_buffer_free(&p->next_out[r]);
  free(p->waiting);
  free(p->has_waiting);
  free(p->next_out);
  free(p->next_send);
  free(p->pstats);
  lsc_master_release(&p->m);
}

void lsc_pipeline_master_run(const lsc_pipeline_site *site, void *env, lsc_var *vars, int nvars,
                             const lsc_nest *nest) {
  pipe_master p = {0};
  setup(&p, site, env, vars, nvars, nest);
  lsc_master *m = &p.m;
  if (lsc_block_grid_init(&p.nest.grid, nest->n1, nest->n2, nest->skew, 1) != 0)
    lsc_fatal("%s:%d: not supported: a skewed width n2 + skew * (n1 - 1) beyond 2^62", site->base.file,
              site->base.line);
  lsc_progress_start(&m->progress, lsc_rt.config.progress, lsc_rt.mpi, site->base.file, site->base.line,
                     nest->n1);
  lsc_master_send_loop(m);
  send_nest(&p);
  lsc_master_static_weights(m);
  lsc_master_make_planner(m);
  lsc_pipeline_choose_h(m, site, &p.nest, &p.sync);
  lsc_block_grid_init(&p.nest.grid, nest->n1, nest->n2, nest->skew, p.sync.h);
  double started = lsc_now();
  if (m->participates) {
    lsc_tp_computing(1); /* its polls between row pieces must not yield the core (transport.h) */
    lsc_pipe_own_share(&p);
    lsc_tp_computing(0);
  }
  while (m->finals < m->size - 1)
    lsc_pipe_master_serve_one(&p);
  lsc_pipe_own_finish(&p);
  if (m->done != nest->n1)
    lsc_fatal("%s:%d: internal error: %lld of %lld rows came back", site->base.file, site->base.line,
              (long long)m->done, (long long)nest->n1);
  for (int r = 1; r < m->size; r++)
    lsc_tp_wait(&p.next_send[r]);
  lsc_master_finish(m);
  measured(&p, started);
  if (lsc_rt.config.stats == LSC_STATS_EACH)
    report(&p);
  lsc_progress_end(&m->progress);
  release(&p);
}
