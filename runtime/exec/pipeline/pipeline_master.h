/* pipeline_master.h - rank 0 of a pipelined nest, split in two files that share this state: the hand-out of
 * chunks in k1 order and the messages of the workers (pipeline_master.c), and rank 0's own chunks, run in
 * its own memory block by block between requests (pipeline_own.c). Rank 0 takes part as planner worker 0
 * when LSC_MASTER's decision (exec/master_choice.h) says it computes; its chunks then go out in the same k1
 * order as the workers' and obey the same block order, only without messages to itself. */
#ifndef LSC_EXEC_PIPELINE_MASTER_H
#define LSC_EXEC_PIPELINE_MASTER_H

#include "exec/master.h"
#include "exec/pipeline/pipeline.h"
#include "exec/pipeline/pipeline_store.h"

/* A RESULT that arrived while rank 0 ran a chunk before it: applied once that chunk is done (pipeline_own.c
 * says why). */
typedef struct lsc_deferred_result {
  int rank;
  lsc_buffer msg;
  struct lsc_deferred_result *next;
} lsc_deferred_result;

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
  lsc_pipe_worker_stats *pstats; /* by rank, rank 0's own when it computes */
  int64_t blocks;
  /* Rank 0's own part (participates only). */
  int own_ready;               /* own is released (its turn in k1 order came), not done   */
  int64_t own_next;            /* holder of the chunk after own; LSC_NO_RANK: not known    */
  lsc_pipe_assign own;         /* its chunk, as a worker's ASSIGN would say it            */
  int64_t held_key;            /* end of the own chunk whose blocks wait in held          */
  lsc_boundary_store received; /* BOUNDARY blocks from workers for rank 0's chunks       */
  lsc_boundary_store held;     /* own blocks whose receiver is not known yet              */
  lsc_outbox_list sending;     /* BOUNDARY sends in flight                                */
  lsc_deferred_result *deferred, **deferred_tail;
} pipe_master;

/* pipeline_master.c: files one message of a worker (requests, results, blocks, counters, FINAL). */
void lsc_pipe_master_handle(pipe_master *p, int rank, int tag);
/* Handles every message already there, without waiting. */
void lsc_pipe_master_serve_pending(pipe_master *p);
/* Waits for one message and handles it. */
void lsc_pipe_master_serve_one(pipe_master *p);
/* Applies the RESULTs kept while rank 0's chunk ran. */
void lsc_pipe_master_apply_deferred(pipe_master *p);
/* Rank 0 asks the planner for its next chunk, as a worker's REQUEST does; 0 when there is none. */
int lsc_pipe_master_own_request(pipe_master *p);

/* pipeline_own.c: rank 0's share, until the planner has no more chunks for it. */
void lsc_pipe_own_share(pipe_master *p);
/* The chunk starting at `at` went to `rank`, and rank 0 held the chunk before it: its blocks go there. */
void lsc_pipe_own_next_known(pipe_master *p, int64_t at, int rank);
/* A BOUNDARY message for one of rank 0's chunks (in m->inbox). */
void lsc_pipe_own_take_boundary(pipe_master *p, int from);
/* Whether a RESULT for the chunk starting at `start` must wait until rank 0's running chunk is done. */
int lsc_pipe_own_defers(const pipe_master *p, int64_t start);
/* After the loop: every send done, nothing left over. */
void lsc_pipe_own_finish(pipe_master *p);

#endif
