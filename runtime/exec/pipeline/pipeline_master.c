/* pipeline_master.c - rank 0 of a pipelined nest ([ciorba-dmps], DMPS(x) master). Rank 0 serves only: the
 * workers compute, since a master computing blocks would hold up the requests and boundary hand-overs of
 * the whole pipeline.
 *
 * Chunks go out in order along k1, whatever the scheme: a worker's request takes its chunk from the planner
 * (static and distributed schemes give each worker its own), and the chunk waits here until every chunk
 * before it went out. With each chunk goes the rank of the previous chunk's holder; that holder is told the
 * new chunk's rank (NEXT) unless it is the same worker. Inputs are packed when the chunk goes out: rank 0
 * holds then the results of earlier chunks only, never of later ones, so rows below the chunk still have
 * the values the nest started with (what anti dependences read). */
#include "exec/pipeline/pipeline.h"

#include "exec/chunk_data.h"
#include "exec/master.h"
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

typedef struct pipe_master {
  lsc_master m;
  lsc_pipe_nest nest;
  lsc_pipe_sync sync;
  int64_t next_start;  /* the chunk that goes out next starts here      */
  int64_t last_holder; /* rank holding the chunk that ends at next_start */
  lsc_chunk *waiting;  /* by rank: its planned chunk, not sent yet       */
  int *has_waiting;
  lsc_buffer *next_out; /* by rank: NEXT messages */
  MPI_Request *next_send;
  lsc_pipe_worker_stats *pstats; /* by rank */
  int64_t blocks;
} pipe_master;

static void send_next(pipe_master *p, int64_t to, int64_t at, int64_t rank) {
  lsc_tp_wait(&p->next_send[to]);
  lsc_buffer *b = &p->next_out[to];
  b->len = 0;
  lsc_pipe_next n = {at, rank};
  if (lsc_buffer_put(b, &n, sizeof n) != 0)
    lsc_fatal("out of memory for a NEXT message");
  lsc_tp_isend(b->data, b->len, (int)to, LSC_TAG_NEXT, &p->next_send[to]);
}

static void send_assign(pipe_master *p, int rank, const lsc_chunk *c) {
  lsc_master *m = &p->m;
  lsc_link *l = &m->links[rank];
  lsc_tp_wait(&l->send);
  l->out.len = 0;
  lsc_pipe_assign a = {c->start, c->size, c->start == 0 ? LSC_NO_RANK : p->last_holder,
                       c->start + c->size == p->nest.shape.n1};
  if (lsc_buffer_put(&l->out, &a, sizeof a) != 0)
    lsc_fatal("out of memory for an ASSIGN message");
  lsc_chunk_pack_inputs(&m->loop, c->start, c->start + c->size, &l->out, NULL);
  lsc_tp_isend(l->out.data, l->out.len, rank, LSC_TAG_ASSIGN, &l->send);
  if (a.prev != LSC_NO_RANK && a.prev != rank)
    send_next(p, a.prev, c->start, rank);
  p->last_holder = rank;
  p->next_start = c->start + c->size;
}

/* Sends every waiting chunk whose turn has come. */
static void release_in_order(pipe_master *p) {
  for (int found = 1; found;) {
    found = 0;
    for (int r = 1; r < p->m.size; r++)
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

static void take_result(pipe_master *p, int rank) {
  lsc_master *m = &p->m;
  lsc_reader r = lsc_reader_of(m->inbox.data, m->inbox.len);
  lsc_pipe_result h;
  lsc_read(&r, &h, sizeof h);
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
  if (r.short_read || l->final || !(l->partials = malloc(r.left ? r.left : 1)))
    lsc_fatal("malformed FINAL message from rank %d", rank);
  memcpy(l->partials, r.at, r.left);
  m->stats[rank].wait = h.stats.wait;
  l->final = 1;
  m->finals++;
}

static void handle(pipe_master *p, int rank, int tag) {
  lsc_master *m = &p->m;
  if (rank <= 0 || rank >= m->size)
    lsc_fatal("message from unexpected rank %d", rank);
  if (tag == LSC_TAG_REQUEST) {
    take_request(p, rank);
  } else if (tag == LSC_TAG_RESULT) {
    take_result(p, rank);
  } else if (tag == LSC_TAG_PIPE_STATS && m->inbox.len == sizeof p->pstats[rank]) {
    memcpy(&p->pstats[rank], m->inbox.data, sizeof p->pstats[rank]);
  } else if (tag == LSC_TAG_FINAL) {
    take_final(p, rank);
  } else {
    lsc_fatal("unexpected message (tag %d) from rank %d during a pipelined loop", tag, rank);
  }
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
  for (int r = 1; r < p->m.size; r++)
    fprintf(stderr, "lsc: %5d %8lld %10lld %10lld %14.6f\n", r, (long long)p->pstats[r].blocks,
            (long long)p->pstats[r].sent, (long long)p->pstats[r].received, p->pstats[r].boundary_wait);
  fflush(stderr);
}

static void setup(pipe_master *p, const lsc_pipeline_site *site, void *env, lsc_var *vars, int nvars,
                  const lsc_nest *nest) {
  lsc_master *m = &p->m;
  lsc_master_setup(m, &site->base, env, vars, nvars, nest->n1);
  m->participates = 0;
  m->first = 1;
  m->executing = m->size - 1;
  m->stats[0].executes = 0;
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
  while (m->finals < m->size - 1) {
    int from, tag;
    lsc_master_receive(m, &from, &tag);
    handle(&p, from, tag);
  }
  if (m->done != nest->n1)
    lsc_fatal("%s:%d: internal error: %lld of %lld rows came back", site->base.file, site->base.line,
              (long long)m->done, (long long)nest->n1);
  for (int r = 1; r < m->size; r++)
    lsc_tp_wait(&p.next_send[r]);
  lsc_master_finish(m);
  if (lsc_rt.config.stats == LSC_STATS_EACH)
    report(&p);
  lsc_progress_end(&m->progress);
  release(&p);
}
