/* pipeline_worker.c - a worker's part of a pipelined nest ([ciorba-dmps], DMPS(x) slave).
 *
 * The worker keeps one REQUEST in flight: it asks for its next chunk when it starts one, so the answer (and
 * the chunk's inputs) travel while it computes. A chunk's inputs are unpacked only when the chunk starts:
 * unpacking them on arrival would overwrite rows the running chunk still computes (the next chunk's in slice
 * reaches back into them). For each block b the worker takes block b of the previous chunk's last dep_rows
 * rows (a BOUNDARY message, or its own saved copy when it held that chunk too), runs its rows' pieces of b in
 * ascending k1, and passes block b of its own last dep_rows rows on: to the next chunk's worker, to itself,
 * or nowhere for the last chunk; while the master has not said who holds the next chunk, the message waits
 * here. Every wait goes through the transport's waits, so an idle worker does not spin a core. */
#include "exec/pipeline/pipeline.h"

#include "exec/chunk_data.h"
#include "exec/pipeline/pipeline_probe.h"
#include "exec/pipeline/pipeline_store.h"
#include "fatal.h"
#include "obs/clock.h"
#include "state.h"
#include "transport/transport.h"

#include <stdlib.h>
#include <string.h>

typedef struct queued_chunk {
  lsc_pipe_assign assign;
  lsc_buffer inputs;
  struct queued_chunk *next;
} queued_chunk;

typedef struct pipe_worker {
  lsc_loop *loop;
  lsc_row_fn row;
  lsc_pipe_nest nest;
  lsc_cell_slice *cells;
  queued_chunk *queue;
  int ended;                   /* END arrived: no more chunks for this rank                  */
  lsc_boundary_store received; /* blocks for chunks of this rank, from others or itself       */
  lsc_boundary_store held;     /* own blocks whose receiver is not known yet                  */
  lsc_outbox_list sending;     /* BOUNDARY sends in flight                                    */
  lsc_next_map next_of;        /* chunk start -> rank that holds it, for chunks after ours    */
  lsc_buffer inbox, result;
  MPI_Request result_send;
  lsc_pipe_worker_stats pstats;
} pipe_worker;

static _Noreturn void malformed(const char *what) {
  lsc_fatal("rank %d: malformed %s message in a pipelined loop", lsc_rt.rank, what);
}

/* A block of this rank's chunk that ends at `key`: to its receiver if known, else held until it is. */
static void deliver(pipe_worker *w, int64_t key, int64_t block, lsc_buffer *data) {
  int64_t dest = lsc_next_map_get(&w->next_of, key);
  if (dest == LSC_NO_RANK) {
    lsc_boundary_store_put(&w->held, key, block, data);
  } else if (dest == lsc_rt.rank) {
    lsc_boundary_store_put(&w->received, key, block, data);
  } else {
    lsc_outbox_send(&w->sending, data, (int)dest, LSC_TAG_BOUNDARY);
    w->pstats.sent++;
  }
}

/* The receiver of the chunk at `key` is known: release what was held for it. */
static void learn_next(pipe_worker *w, int64_t key, int64_t rank) {
  if (lsc_next_map_set(&w->next_of, key, rank) != 0)
    lsc_fatal("rank %d: out of memory in a pipelined loop", lsc_rt.rank);
  int64_t block;
  lsc_buffer data;
  while (lsc_boundary_store_take_any(&w->held, key, &block, &data))
    deliver(w, key, block, &data);
}

static void take_assign(pipe_worker *w) {
  lsc_reader r = lsc_reader_of(w->inbox.data, w->inbox.len);
  queued_chunk *c = calloc(1, sizeof *c);
  if (!c)
    lsc_fatal("rank %d: out of memory queueing a chunk", lsc_rt.rank);
  lsc_read(&r, &c->assign, sizeof c->assign);
  const lsc_pipe_assign *a = &c->assign;
  int64_t n1 = w->nest.shape.n1;
  if (r.short_read || a->start < 0 || a->size <= 0 || a->start > n1 - a->size || a->prev < LSC_NO_RANK ||
      a->prev >= lsc_rt.size || (a->prev == LSC_NO_RANK) != (a->start == 0) ||
      a->last != (a->start + a->size == n1))
    malformed("ASSIGN");
  if (lsc_buffer_put(&c->inputs, r.at, r.left) != 0)
    lsc_fatal("rank %d: out of memory queueing a chunk", lsc_rt.rank);
  queued_chunk **tail = &w->queue;
  while (*tail)
    tail = &(*tail)->next;
  *tail = c;
  if (a->prev == lsc_rt.rank)
    learn_next(w, a->start, lsc_rt.rank);
}

static void take_boundary(pipe_worker *w, int from) {
  lsc_reader r = lsc_reader_of(w->inbox.data, w->inbox.len);
  lsc_pipe_boundary_head h;
  lsc_read(&r, &h, sizeof h);
  if (r.short_read || h.chunk <= 0 || h.chunk >= w->nest.shape.n1)
    lsc_fatal("rank %d: malformed BOUNDARY message from rank %d", lsc_rt.rank, from);
  lsc_buffer data = {0};
  if (lsc_buffer_put(&data, w->inbox.data, w->inbox.len) != 0)
    lsc_fatal("rank %d: out of memory for a BOUNDARY message", lsc_rt.rank);
  lsc_boundary_store_put(&w->received, h.chunk, h.block, &data);
  w->pstats.received++;
}

/* Waits for one message (from the master or a neighbour) and files it. */
static void dispatch_one(pipe_worker *w) {
  int from, tag;
  lsc_tp_recv(MPI_ANY_SOURCE, &w->inbox, &from, &tag, LSC_PAUSE_IN_LOOP);
  if (tag == LSC_TAG_BOUNDARY) { /* rank 0 sends blocks too when it computes chunks */
    take_boundary(w, from);
    return;
  }
  if (from != 0)
    lsc_fatal("rank %d: unexpected message (tag %d) from rank %d in a pipelined loop", lsc_rt.rank, tag,
              from);
  if (tag == LSC_TAG_ASSIGN) {
    take_assign(w);
  } else if (tag == LSC_TAG_END) {
    w->ended = 1;
  } else if (tag == LSC_TAG_NEXT) {
    lsc_reader r = lsc_reader_of(w->inbox.data, w->inbox.len);
    lsc_pipe_next n;
    lsc_read(&r, &n, sizeof n);
    if (r.short_read || n.at <= 0 || n.at >= w->nest.shape.n1 || n.rank < 0 || n.rank >= lsc_rt.size)
      malformed("NEXT");
    learn_next(w, n.at, n.rank);
  } else {
    lsc_fatal("rank %d: unexpected message (tag %d) inside a pipelined loop", lsc_rt.rank, tag);
  }
}

/* Block b of the rows before the chunk, from the previous chunk's worker (or this one). */
static void receive_block(pipe_worker *w, const lsc_pipe_assign *a, int64_t b) {
  lsc_buffer data;
  double before = lsc_tp_waited();
  while (!lsc_boundary_store_take(&w->received, a->start, b, &data)) {
    if (a->prev == lsc_rt.rank)
      lsc_fatal("rank %d: internal error: block %lld of its own previous chunk is missing", lsc_rt.rank,
                (long long)b);
    dispatch_one(w);
  }
  w->pstats.boundary_wait += lsc_tp_waited() - before;
  if (lsc_boundary_apply(w->loop, &w->nest, a->start, b, &data) != 0)
    lsc_fatal("rank %d: a BOUNDARY message does not match block %lld of chunk %lld", lsc_rt.rank,
              (long long)b, (long long)a->start);
  lsc_buffer_free(&data);
}

static void send_block(pipe_worker *w, int64_t end, int64_t b) {
  lsc_buffer data = {0};
  if (lsc_boundary_message(w->loop, &w->nest, end, b, &data) != 0)
    lsc_fatal("rank %d: out of memory packing a boundary", lsc_rt.rank);
  deliver(w, end, b, &data);
}

/* Runs the chunk's rows in block b, then idles for LSC_SLOWDOWN as a DOALL chunk does. */
static int run_block(pipe_worker *w, const lsc_pipe_assign *a, int64_t b, lsc_chunk_timing *t) {
  double start = lsc_now();
  int ran = 0;
  for (int64_t k1 = a->start; k1 < a->start + a->size; k1++) {
    int64_t lo, hi;
    if (lsc_block_piece(&w->nest.grid, k1, b, &lo, &hi)) {
      w->row(k1, lo, hi, w->loop->env);
      ran = 1;
    }
  }
  double busy = lsc_now() - start;
  t->busy += busy;
  lsc_idle_for_slowdown(w->loop, start, busy, t);
  return ran;
}

static void send_result(pipe_worker *w, const lsc_pipe_result *head) {
  lsc_tp_wait(&w->result_send);
  w->result.len = 0;
  if (lsc_buffer_put(&w->result, head, sizeof *head) != 0)
    lsc_fatal("rank %d: out of memory for a RESULT message", lsc_rt.rank);
  lsc_chunk_pack_outputs(w->loop, head->start, head->start + head->size, &w->result, NULL);
  lsc_tp_isend(w->result.data, w->result.len, 0, LSC_TAG_RESULT, &w->result_send);
}

static void run_chunk(pipe_worker *w, queued_chunk *c, lsc_rank_stats *stats) {
  const lsc_pipe_assign *a = &c->assign;
  lsc_reader r = lsc_reader_of(c->inputs.data, c->inputs.len);
  if (lsc_chunk_unpack_inputs(w->loop, a->start, a->start + a->size, &r, NULL) != 0 || r.left != 0)
    malformed("ASSIGN");
  const lsc_block_grid *g = &w->nest.grid;
  int64_t dep = w->nest.shape.dep_rows, end = a->start + a->size;
  int64_t before = a->start - dep < 0 ? 0 : a->start - dep, tail = end - dep < 0 ? 0 : end - dep;
  int receives = a->prev != LSC_NO_RANK && dep > 0, sends = !a->last && dep > 0;
  lsc_pipe_result head = {a->start, a->size, 0, {lsc_now(), 0, 0, 0, 0, 0}, 0};
  double waited = w->pstats.boundary_wait;
  int64_t first = lsc_block_first(g, receives ? before : a->start), last = lsc_block_last(g, end - 1);
  for (int64_t b = first; b <= last; b++) {
    if (receives && lsc_block_rows_touch(g, before, a->start, b))
      receive_block(w, a, b);
    head.blocks += run_block(w, a, b, &head.timing);
    if (sends && lsc_block_rows_touch(g, tail, end, b))
      send_block(w, end, b);
    lsc_outbox_progress(&w->sending);
  }
  head.timing.end = lsc_now();
  head.boundary_wait = w->pstats.boundary_wait - waited;
  stats->chunks++;
  stats->iterations += a->size;
  stats->busy += head.timing.busy;
  stats->idle += head.timing.idle;
  w->pstats.blocks += head.blocks;
  send_result(w, &head);
}

static void request_chunk(void) {
  lsc_tp_send(NULL, 0, 0, LSC_TAG_REQUEST);
}

static void serve_chunks(pipe_worker *w, lsc_rank_stats *stats) {
  request_chunk();
  for (;;) {
    while (!w->queue && !w->ended)
      dispatch_one(w);
    if (!w->queue)
      break;
    queued_chunk *c = w->queue;
    w->queue = c->next;
    if (!w->ended)
      request_chunk(); /* the one request in flight; answered while this chunk runs */
    run_chunk(w, c, stats);
    lsc_buffer_free(&c->inputs);
    free(c);
  }
  /* Blocks held for a next chunk nobody holds yet: the master names its holder once it assigns it. */
  while (!lsc_boundary_store_empty(&w->held))
    dispatch_one(w);
  lsc_outbox_finish(&w->sending);
  lsc_tp_wait(&w->result_send);
  if (!lsc_boundary_store_empty(&w->received))
    lsc_fatal("rank %d: BOUNDARY messages left over after a pipelined loop", lsc_rt.rank);
}

/* sync(auto) on rank 1: echo PROBEs, time SAMPLEs, until GO brings h. */
static int64_t await_go(pipe_worker *w) {
  /* After a PROBE the next one follows at once: spin for it, as rank 0 does (pipeline_probe.h). */
  int probing = 0;
  for (;;) {
    int from, tag;
    if (probing)
      lsc_probe_recv(0, &w->inbox, &from, &tag);
    else
      lsc_tp_recv(0, &w->inbox, &from, &tag, LSC_PAUSE_IN_LOOP);
    probing = tag == LSC_TAG_PROBE;
    lsc_reader r = lsc_reader_of(w->inbox.data, w->inbox.len);
    if (tag == LSC_TAG_GO) {
      int64_t h = lsc_read_i64(&r);
      if (r.short_read || h < 1)
        malformed("GO");
      return h;
    }
    if (tag == LSC_TAG_PROBE) {
      lsc_tp_send(w->inbox.data, w->inbox.len, 0, LSC_TAG_PROBE);
    } else if (tag == LSC_TAG_SAMPLE) {
      lsc_pipe_sample s;
      lsc_read(&r, &s, sizeof s);
      if (r.short_read || s.repeats < 1)
        malformed("SAMPLE");
      double busy = 0;
      for (int64_t i = 0; i < s.repeats; i++) {
        lsc_reader in = r;
        if (lsc_chunk_unpack_inputs(w->loop, 0, 1, &in, NULL) != 0)
          malformed("SAMPLE");
        double start = lsc_now();
        w->row(0, 0, w->nest.shape.n2, w->loop->env);
        busy += lsc_now() - start;
      }
      lsc_tp_send(&busy, sizeof busy, 0, LSC_TAG_SAMPLE);
    } else {
      lsc_fatal("rank %d: unexpected message (tag %d) starting a pipelined loop", lsc_rt.rank, tag);
    }
  }
}

static void read_nest(pipe_worker *w) {
  int from, tag;
  lsc_tp_recv(0, &w->inbox, &from, &tag, LSC_PAUSE_IN_LOOP);
  lsc_reader r = lsc_reader_of(w->inbox.data, w->inbox.len);
  lsc_pipe_shape *s = &w->nest.shape;
  lsc_read(&r, s, sizeof *s);
  if (tag != LSC_TAG_PIPE || r.short_read || s->n1 != w->loop->n || s->nboundary < 0 ||
      s->nboundary > 1 << 20 || s->dep_rows < 0 || s->dep_rows > s->n1 ||
      lsc_block_width(s->n1, s->n2, s->skew) < 0 || r.left != (size_t)s->nboundary * sizeof(lsc_cell_slice))
    malformed("PIPE");
  if (!(w->cells = malloc(r.left ? r.left : 1)))
    lsc_fatal("rank %d: out of memory for a pipelined loop", lsc_rt.rank);
  lsc_read(&r, w->cells, r.left);
  for (int64_t i = 0; i < s->nboundary; i++)
    if (w->cells[i].var < 0 || w->cells[i].var >= w->loop->nvars ||
        w->loop->vars[w->cells[i].var].kind != LSC_VAR_ARRAY)
      malformed("PIPE");
  w->nest.cells = w->cells;
}

void lsc_pipeline_worker_serve(lsc_loop *loop, lsc_rank_stats *stats) {
  pipe_worker w = {
      .loop = loop, .row = ((const lsc_pipeline_site *)loop->site)->row, .result_send = MPI_REQUEST_NULL};
  read_nest(&w);
  int64_t h = await_go(&w);
  /* From GO on: rank 0 weighs computing against serving by the waits of the chunks (master_choice.h). */
  double waited_before = lsc_tp_waited();
  if (lsc_block_grid_init(&w.nest.grid, w.nest.shape.n1, w.nest.shape.n2, w.nest.shape.skew, h) != 0)
    malformed("GO");
  serve_chunks(&w, stats);
  stats->wait = lsc_tp_waited() - waited_before;
  lsc_tp_send(&w.pstats, sizeof w.pstats, 0, LSC_TAG_PIPE_STATS);
  lsc_next_map_free(&w.next_of);
  lsc_buffer_free(&w.inbox);
  lsc_buffer_free(&w.result);
  free(w.cells);
}
