/* pipeline.h - the DMPS runtime of lsc_pipeline_for (docs/pipeline.md): what the master (pipeline_master.c),
 * the workers (pipeline_worker.c), the boundary exchange (pipeline_boundary.c) and the choice of h
 * (pipeline_sync.c) share, and the fixed parts of their messages (raw bytes, as in protocol.h).
 *
 * One pipelined loop, beyond LOOP / REQUEST / END / FINAL of transport.h:
 *   master -> worker  PIPE      the nest: lsc_pipe_shape, then nboundary lsc_cell_slice
 *   master -> rank 1  PROBE     sync(auto) only: echoed back (ping-pong for c_d and c_c)
 *   master -> rank 1  SAMPLE    sync(auto) only: lsc_pipe_sample + row 0's inputs; answered with the seconds
 *   master -> worker  GO        the h every worker uses (int64)
 *   master -> worker  ASSIGN    lsc_pipe_assign + the chunk's input slices
 *   master -> worker  NEXT      lsc_pipe_next: who holds the chunk after one of yours
 *   worker -> worker  BOUNDARY  lsc_pipe_boundary_head + the boundary cells of one block
 *   worker -> master  RESULT    lsc_pipe_result + the chunk's output slices
 *   worker -> master  PIPE_STATS  lsc_pipe_worker_stats, just before FINAL
 */
#ifndef LSC_EXEC_PIPELINE_H
#define LSC_EXEC_PIPELINE_H

#include "data/buffer.h"
#include "exec/loop.h"
#include "exec/pipeline/pipeline_blocks.h"
#include "exec/run_chunk.h"
#include "lsc.h"
#include "obs/stats.h"

#include <stdint.h>

#define LSC_NO_RANK (-1)

typedef struct lsc_pipe_shape {
  int64_t n1, n2, dep_rows, skew, nboundary;
} lsc_pipe_shape;

typedef struct lsc_pipe_sample {
  int64_t repeats; /* run row 0 this many times, restoring its inputs before each run */
} lsc_pipe_sample;

typedef struct lsc_pipe_assign {
  int64_t start, size;
  int64_t prev; /* rank holding the chunk that ends at start; LSC_NO_RANK for the first chunk */
  int64_t last; /* no chunk follows: its boundary goes nowhere */
} lsc_pipe_assign;

typedef struct lsc_pipe_next {
  int64_t at;   /* the chunk starting here (it follows one of the receiver's chunks) */
  int64_t rank; /* goes to this rank */
} lsc_pipe_next;

typedef struct lsc_pipe_boundary_head {
  int64_t chunk; /* start of the receiving chunk */
  int64_t block;
} lsc_pipe_boundary_head;

typedef struct lsc_pipe_result {
  int64_t start, size;
  int64_t blocks;
  lsc_chunk_timing timing;
  double boundary_wait; /* seconds of the chunk spent waiting for predecessors' blocks, for the trace */
} lsc_pipe_result;

typedef struct lsc_pipe_worker_stats {
  int64_t blocks;         /* blocks run (non-empty row pieces of at least one row) */
  int64_t sent, received; /* BOUNDARY messages                                 */
  double boundary_wait;   /* seconds waiting for a predecessor's block              */
} lsc_pipe_worker_stats;

/* What rank 0 decided about h (pipeline_sync.c), for LSC_STATS. */
typedef struct lsc_pipe_sync {
  int64_t h;
  char source[96];      /* "sync(8)", "LSC_SYNC=8", "auto", "auto (one worker)" ... */
  int measured;         /* c_d, c_c, c_p below were measured */
  double c_d, c_c, c_p; /* seconds; c_c per byte              */
  double units;         /* bytes per column of h at an SP     */
  double predicted;     /* T(h) of the model, s; < 0 when not modelled */
} lsc_pipe_sync;

/* A nest as both sides see it. */
typedef struct lsc_pipe_nest {
  lsc_pipe_shape shape;
  const lsc_cell_slice *cells;
  lsc_block_grid grid;
} lsc_pipe_nest;

/* pipeline_boundary.c: a BOUNDARY message (head + the boundary cells of block b of the dependence rows that
 * end at `end`) appended to `out`, and one written into memory as the rows before `start`. Return 0, or -1
 * (out of memory / the message does not match those rows). */
int lsc_boundary_message(lsc_loop *loop, const lsc_pipe_nest *nest, int64_t end, int64_t b, lsc_buffer *out);
int lsc_boundary_apply(lsc_loop *loop, const lsc_pipe_nest *nest, int64_t start, int64_t b,
                       const lsc_buffer *message);
/* Bytes one column of h sends per dependent row: the cells' widths at (0, 0) times the element sizes. */
double lsc_boundary_bytes_per_column(const lsc_var *vars, const lsc_pipe_nest *nest);

/* pipeline_master.c: rank 0 with workers; returns with the user's memory as after the sequential nest. */
void lsc_pipeline_master_run(const lsc_pipeline_site *site, void *env, lsc_var *vars, int nvars,
                             const lsc_nest *nest);
/* pipeline_worker.c: a worker's part, after LOOP was decoded into loop (worker.c). */
void lsc_pipeline_worker_serve(lsc_loop *loop, lsc_rank_stats *stats);

#endif
