/* protocol.h - the fixed parts of the messages of transport.h. All ranks run the same executable, so these
 * structs travel as raw bytes; variable parts (per-rank settings, var descriptors, scalars, slices) follow.
 */
#ifndef LSC_EXEC_PROTOCOL_H
#define LSC_EXEC_PROTOCOL_H

#include "exec/run_chunk.h"
#include "obs/stats.h"
#include "transport/site_ref.h"

#include <stdint.h>

/* LOOP: then per rank lsc_rank_setting, nvars lsc_var, per var in order the bytes of a SCALAR var or, for an
 * ARRAY var, an int64: where rank 0's array starts in its 4 KiB page (a worker's mirror starts there too,
 * data/mirror.h); then the data region's part (exec/region.h), then one DATA message per WHOLE array. */
typedef struct lsc_loop_head {
  lsc_site_ref site;
  int64_t n;
  int64_t nvars;
  uint64_t env_size;
  int64_t inner;
  int64_t ranks;
  int64_t block_size; /* reproducible mode: B, iterations per block (data/repro.h); 0 when off */
  int64_t instance;   /* this loop instance's number (exec/late_ranks.h): every later message carries it */
  /* Hierarchical masters (exec/submaster.h): 1 when some ranks get their chunks from a sub-master in this
   * instance, which splits its group's chunks with this workload (and the ASSIGN's scheme and alpha). */
  int64_t grouped;
  lsc_workload workload;
  int64_t weights_measured; /* LSC_WEIGHTS=measured: a sub-master splits by its members' sampled rates */
  /* Re-issue inside groups: the most copies of one piece a sub-master hands out (1 or 0: none). */
  int64_t reissue;
} lsc_loop_head;

typedef struct lsc_rank_setting {
  int64_t threads;
  lsc_slowdown slowdown; /* LSC_SLOWDOWN profile, times on the receiving rank's own clock */
  int64_t boss;          /* the rank that hands it chunks: 0, or its group's sub-master (exec/submaster.h) */
  double weight;         /* its static weight, for its sub-master's split */
} lsc_rank_setting;

/* REQUEST (a `parallel for`'s own, not one riding on a RESULT): the instance it asks in, so that a request
 * a stopped worker sends after its instance ended is recognised and dropped. */
typedef struct lsc_request_msg {
  int64_t instance;
} lsc_request_msg;

/* ASSIGN: then the chunk's input slices (chunk_data.h). `chunk` is the master's number of the chunk in its
 * instance (re-issue: copies of one chunk share it), -1 when re-issue is off or rank 0 does not track it;
 * `copy` is 1 for a re-issued copy. The RESULT gives both back. `packed` is 1 when every input span is in
 * the message (none follows in place): with re-issue, for an ASSIGN that may still be on its way to a late
 * worker after the loop returned and the program freed its arrays (send_to in master.c). */
typedef struct lsc_assign_head {
  int64_t instance, chunk, copy;
  int64_t start, size;
  int64_t per_iteration; /* calibration sample: time each iteration */
  int64_t packed;
  /* To a sub-master (exec/submaster.h): the scheme and alpha it splits this group chunk with, rank 0's once
   * schedule(auto) and alpha(auto) have chosen, which happens after the LOOP message went out. */
  lsc_schedule split_schedule;
  int64_t split_alpha;
} lsc_assign_head;

/* RESULT: then, in reproducible mode, the partials of blocks [first_block, first_block + blocks) (each
 * block's reduction values in var order, lsc_partial_bytes each), then the chunk's output slices. The blocks
 * are tagged by index, not by rank or by arrival, so rank 0 files them in its table by block and sees a block
 * that comes twice. `request` (0..2) makes it also the worker's next REQUEST(s): after the first chunk,
 * results carry the request-ahead, one message per chunk each way. */
typedef struct lsc_result_head {
  int64_t instance, chunk,
      copy; /* as in the ASSIGN: a result of an ended instance or a late copy is dropped */
  int64_t start, size;
  int64_t per_iteration;
  int64_t request;
  int64_t first_block, blocks; /* reproducible mode; 0, 0 when off */
  lsc_chunk_timing timing;
  /* For the trace (obs/trace.h), clock values on the worker: when the request this chunk answers left, and
   * the wait for it before the chunk (wait_end == wait_begin when the chunk was there already). */
  double requested, wait_begin, wait_end;
  /* Bytes of the large spans that follow as SPAN messages (chunk_data.h): rank 0 checks them against the
   * spans it computes, so a disagreement stops the run instead of filling the wrong elements. */
  int64_t in_place;
  /* A sub-master's group chunk with LSC_TRACE on: this many lsc_piece_trace records follow the partials, its
   * pieces as they came back to it. 0 from a worker. */
  int64_t traced;
} lsc_result_head;

/* A piece of a group chunk for rank 0's trace (exec/submaster.c): who ran iterations [start, start + size)
 * when, in clock values of that rank (the trace puts them on rank 0's clock), and whether it was a re-issued
 * copy. */
typedef struct lsc_piece_trace {
  int64_t rank, start, size, copy;
  double begin, end, busy;
} lsc_piece_trace;

/* FINAL: then `late` ranks (int64_t each), then each REDUCTION var's partial (var.size bytes); rank 0 ignores
 * the partials in reproducible mode, where they came by block with the RESULTs. A sub-master that re-issues
 * inside its group lists the members that are late (still computing a piece nobody needs, or not heard from
 * in this instance): rank 0 does not wait for their FINAL (exec/submaster.c). Others send late = 0. */
typedef struct lsc_final_head {
  int64_t instance;
  lsc_rank_stats stats;
  int64_t late;
} lsc_final_head;

#endif
