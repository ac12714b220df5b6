/* pipeline_own.c - rank 0's own chunks of a pipelined nest: it asks the planner as worker 0 (no message),
 * waits its turn in k1 order like any worker, and runs the chunk block by block exactly as a worker does
 * (pipeline_worker.c), polling for messages every 20 us of rows and after every block, so that requests,
 * results and blocks are answered while it computes. A poll is one MPI_Improbe, no yield and no sleep
 * (transport.h).
 *
 * Rank 0 computes in the user's memory, which is also where results land and where the inputs of chunks
 * that go out are packed from; what keeps that sound:
 *   - rows before its chunk: the cells that flow into it are there, from its own previous chunk, or written
 *     by the BOUNDARY blocks of the previous chunk's worker before each block runs (as on a worker); results
 *     of earlier chunks only write their own rows, with the same final values;
 *   - rows after its chunk must keep the values the nest started with (anti dependences read them): a
 *     RESULT of a later chunk that arrives while rank 0's chunk is released or running waits until that
 *     chunk is done (with dep_rows > 0 it cannot even finish before, since its last block waits for ours);
 *   - a chunk that goes out while rank 0 is inside its own gets rank 0's rows as they are; the cells that
 * flow into it follow as BOUNDARY blocks, block by block, as from a worker, and it reads no other value that
 *     rank 0's rows change.
 * Blocks of rank 0's chunk go to the next chunk's holder once it is known (held until then), and nowhere
 * when rank 0 holds that chunk too: its memory has them already. */
#include "exec/pipeline/pipeline_master.h"

#include "fatal.h"
#include "obs/clock.h"
#include "obs/trace.h"
#include "state.h"
#include "transport/transport.h"

#include <stdio.h>
#include <stdlib.h>

/* Rows rank 0 runs between two polls for messages: short next to a worker's chunk, long next to a poll. */
#define POLL_SECONDS 20e-6

int lsc_pipe_own_defers(const pipe_master *p, int64_t start) {
  return p->own_ready && start >= p->own.start + p->own.size;
}

static void deliver(pipe_master *p, int64_t key, int64_t block, lsc_buffer *data, int64_t to) {
  if (to == LSC_NO_RANK) {
    lsc_boundary_store_put(&p->held, key, block, data);
    p->held_key = key;
  } else if (to == 0) {
    lsc_buffer_free(data);
  } else {
    lsc_outbox_send(&p->sending, data, (int)to, LSC_TAG_BOUNDARY);
    p->pstats[0].sent++;
  }
}

void lsc_pipe_own_next_known(pipe_master *p, int64_t at, int rank) {
  if (p->own_ready && at == p->own.start + p->own.size)
    p->own_next = rank;
  if (p->held_key != at)
    return;
  int64_t block;
  lsc_buffer data;
  while (lsc_boundary_store_take_any(&p->held, at, &block, &data))
    deliver(p, at, block, &data, rank);
  p->held_key = -1;
}

void lsc_pipe_own_take_boundary(pipe_master *p, int from) {
  lsc_master *m = &p->m;
  lsc_reader r = lsc_reader_of(m->inbox.data, m->inbox.len);
  lsc_pipe_boundary_head h;
  lsc_read(&r, &h, sizeof h);
  if (r.short_read || h.chunk <= 0 || h.chunk >= p->nest.shape.n1)
    lsc_fatal("malformed BOUNDARY message from rank %d", from);
  lsc_buffer data = {0};
  if (lsc_buffer_put(&data, m->inbox.data, m->inbox.len) != 0)
    lsc_fatal("out of memory for a BOUNDARY message");
  lsc_boundary_store_put(&p->received, h.chunk, h.block, &data);
  p->pstats[0].received++;
}

/* Block b of the rows before the chunk, from the previous chunk's worker, written into rank 0's memory. */
static void take_block(pipe_master *p, const lsc_pipe_assign *a, int64_t b) {
  lsc_buffer data;
  double before = lsc_tp_waited();
  while (!lsc_boundary_store_take(&p->received, a->start, b, &data))
    lsc_pipe_master_serve_one(p);
  p->pstats[0].boundary_wait += lsc_tp_waited() - before;
  if (lsc_boundary_apply(&p->m.loop, &p->nest, a->start, b, &data) != 0)
    lsc_fatal("a BOUNDARY message from rank %lld does not match block %lld of chunk %lld", (long long)a->prev,
              (long long)b, (long long)a->start);
  lsc_buffer_free(&data);
}

static void send_block(pipe_master *p, int64_t end, int64_t b) {
  lsc_buffer data = {0};
  if (lsc_boundary_message(&p->m.loop, &p->nest, end, b, &data) != 0)
    lsc_fatal("out of memory packing a boundary");
  deliver(p, end, b, &data, p->own_next);
}

/* The chunk's rows in block b, answering messages after every POLL_SECONDS of rows (a row piece of a few
 * hundred cells takes about a microsecond, about what a poll costs); then idles for LSC_SLOWDOWN. */
static int run_block(pipe_master *p, const lsc_pipe_assign *a, int64_t b, lsc_chunk_timing *t) {
  const lsc_pipeline_site *site = (const lsc_pipeline_site *)p->m.loop.site;
  double busy = 0, unpolled = 0, began = lsc_now();
  int ran = 0;
  for (int64_t k1 = a->start; k1 < a->start + a->size; k1++) {
    int64_t lo, hi;
    if (!lsc_block_piece(&p->nest.grid, k1, b, &lo, &hi))
      continue;
    double start = lsc_now();
    site->row(k1, lo, hi, p->m.loop.env);
    double took = lsc_now() - start;
    busy += took;
    unpolled += took;
    ran = 1;
    if (unpolled >= POLL_SECONDS) {
      lsc_pipe_master_serve_pending(p);
      unpolled = 0;
    }
  }
  lsc_pipe_master_serve_pending(p);
  t->busy += busy;
  lsc_idle_for_slowdown(&p->m.loop, began, busy, t);
  return ran;
}

static void account(pipe_master *p, const lsc_pipe_assign *a, const lsc_chunk_timing *t, int64_t blocks,
                    double boundary_wait) {
  lsc_master *m = &p->m;
  lsc_rank_stats *s = &m->stats[0];
  s->chunks++;
  s->iterations += a->size;
  s->busy += t->busy;
  s->idle += t->idle;
  m->done += a->size;
  p->blocks += blocks;
  p->pstats[0].blocks += blocks;
  lsc_progress_update(&m->progress, m->done);
  lsc_planner_feedback(m->planner, 0, &(lsc_chunk){a->start, a->size}, t->busy + t->idle);
  if (lsc_trace_on()) {
    char args[160];
    snprintf(args, sizeof args,
             "\"start\":%lld,\"size\":%lld,\"blocks\":%lld,\"busy_us\":%.1f,\"boundary_wait_us\":%.1f",
             (long long)a->start, (long long)a->size, (long long)blocks, t->busy * 1e6, boundary_wait * 1e6);
    lsc_trace_slice(0, "chunk", t->begin, t->end, args);
  }
}

static void run_own(pipe_master *p) {
  const lsc_pipe_assign a = p->own;
  const lsc_block_grid *g = &p->nest.grid;
  int64_t dep = p->nest.shape.dep_rows, end = a.start + a.size;
  int64_t before = a.start - dep < 0 ? 0 : a.start - dep, tail = end - dep < 0 ? 0 : end - dep;
  /* From the first block of the rows before the chunk, as a worker: a chunk shorter than dep_rows passes on
   * blocks of its predecessor's rows too. Only a worker's blocks travel; rank 0's own are in its memory. */
  int after_chunk = a.prev != LSC_NO_RANK && dep > 0, receives = after_chunk && a.prev != 0;
  int sends = !a.last && dep > 0;
  lsc_chunk_timing t = {lsc_now(), 0, 0, 0, 0, 0};
  double waited = p->pstats[0].boundary_wait;
  int64_t blocks = 0;
  int64_t first = lsc_block_first(g, after_chunk ? before : a.start), last = lsc_block_last(g, end - 1);
  for (int64_t b = first; b <= last; b++) {
    if (receives && lsc_block_rows_touch(g, before, a.start, b))
      take_block(p, &a, b);
    blocks += run_block(p, &a, b, &t);
    if (sends && lsc_block_rows_touch(g, tail, end, b))
      send_block(p, end, b);
    lsc_outbox_progress(&p->sending);
  }
  t.end = lsc_now();
  account(p, &a, &t, blocks, p->pstats[0].boundary_wait - waited);
  p->own_ready = 0;
  lsc_pipe_master_apply_deferred(p);
}

void lsc_pipe_own_share(pipe_master *p) {
  for (;;) {
    lsc_pipe_master_serve_pending(p);
    if (p->own_ready) {
      run_own(p);
    } else if (!p->has_waiting[0]) {
      if (!lsc_pipe_master_own_request(p))
        return;
    } else {
      lsc_pipe_master_serve_one(p); /* its chunk waits for the chunks before it to go out */
    }
  }
}

void lsc_pipe_own_finish(pipe_master *p) {
  lsc_outbox_finish(&p->sending);
  if (p->deferred || !lsc_boundary_store_empty(&p->held) || !lsc_boundary_store_empty(&p->received))
    lsc_fatal("%s:%d: internal error: rank 0's blocks or results left over after a pipelined loop",
              p->m.loop.site->file, p->m.loop.site->line);
}
