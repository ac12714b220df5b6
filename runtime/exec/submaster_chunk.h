/* submaster_chunk.h - one group chunk a sub-master holds (exec/submaster.c, exec/submaster.h): its planner,
 * which splits it among the group's members, and what its pieces bring back. A calibration sample is split
 * evenly and each member's pieces are timed, so the chunk reports the group's rate per core; another chunk
 * reports its members' core-seconds over their number; in reproducible mode the chunk and its pieces are
 * whole blocks and each block's partials are filed here by block. */
#ifndef LSC_EXEC_SUBMASTER_CHUNK_H
#define LSC_EXEC_SUBMASTER_CHUNK_H

#include "data/buffer.h"
#include "exec/loop.h"
#include "exec/protocol.h"
#include "lsc_sched.h"

/* What a group chunk needs of its group (from the LOOP message), by member, the sub-master first. */
typedef struct lsc_group {
  int members;
  const double *weights;  /* static weights                          */
  const int64_t *cores;   /* threads, for the planner; NULL: 1 each  */
  const int64_t *threads; /* threads, never NULL                     */
  lsc_workload workload;
  int weights_measured; /* LSC_WEIGHTS=measured: split by the members' sampled rates */
} lsc_group;

typedef struct lsc_group_chunk {
  int64_t start, size, returned, chunk, copy, sample;
  double arrived;
  double busy, idle; /* summed over its pieces: the group's core-seconds on it */
  double swr;        /* a sample: the lowest min/max of iteration times among its pieces */
  int64_t *iters;    /* a sample, by member: iterations and seconds its pieces measured */
  double *secs;
  /* alpha > 0: as rank 0's first round (master.c), no member takes a second piece of this chunk before every
   * member had its first (or found none), so that request-ahead cannot take another member's alpha share */
  unsigned char *had;
  int waiting;
  /* Reproducible mode: blocks [first_block, first_block + blocks), which the planner counts, and their
   * partials as the pieces bring them, to go up with the RESULT as a worker's would. */
  int64_t first_block, blocks;
  unsigned char *partials;
  lsc_planner *planner;
  /* Over held arrays (not in reproducible mode): member i's block of the group's rows is [cut[i], cut[i+1]),
   * and its piece of this chunk the part of it inside (given once); NULL: the planner splits the chunk */
  int64_t *cut;
  unsigned char *given;
  int64_t handed;
  int members;
  /* LSC_TRACE on: its pieces as they came back (lsc_piece_trace), to go up with the RESULT */
  lsc_buffer traced;
  int64_t traced_count;
} lsc_group_chunk;

/* The chunk of ASSIGN a (checked by the caller), with its planner: a sample's static and even, otherwise
 * rank 0's scheme and alpha from the ASSIGN over the members' weights (their sampled rates when the weights
 * are measured and a sample of this site came through here), the adaptive schemes learning in the site's
 * group memory across chunks and instances. */
void lsc_group_chunk_open(lsc_group_chunk *g, const lsc_assign_head *a, const lsc_group *grp, lsc_loop *loop);
/* Member `index`'s next piece [*lo, *hi) of it: 1, or 0 when it has none for that member now. Over held
 * arrays each member's piece is the part of the chunk inside its block of the group's rows, which are cut by
 * weight from the rows the group ran in the last instance of the loop, so that a member finds its rows where
 * it left them and only halos move inside the group (exec/region_group.c). lsc_group_rows_begin and _end
 * bracket a grouped instance on its sub-master. */
void lsc_group_rows_begin(lsc_loop *loop);
void lsc_group_rows_end(lsc_loop *loop);
int lsc_group_chunk_next(lsc_group_chunk *g, int index, const lsc_loop *loop, int64_t *lo, int64_t *hi);
/* Ends its first round: a member that had its first piece may take more before the others had theirs. With
 * re-issue, once no group chunk will come any more: a stopped member that never asks must not hold back the
 * rest of the chunk (its alpha share) from the others. */
void lsc_group_chunk_end_first_round(lsc_group_chunk *g);
/* Whether at most half of it (in the planner's units) is left to hand out. */
int lsc_group_chunk_half_out(const lsc_group_chunk *g);
/* Whether iterations [lo, hi) are inside it. */
int lsc_group_chunk_holds(const lsc_group_chunk *g, int64_t lo, int64_t hi);
/* Member `index` finished piece [lo, hi) of it, timed t (copy: a re-issued copy of another member's piece,
 * the first result of it): 1 when the whole chunk is in. */
int lsc_group_chunk_done(lsc_group_chunk *g, int index, int copy, const lsc_loop *loop, int64_t lo,
                         int64_t hi, const lsc_chunk_timing *t);
/* Files the partials of blocks [first, first + count) when they are inside it: 0, else -1. */
int lsc_group_chunk_partials(lsc_group_chunk *g, const lsc_loop *loop, int64_t first, int64_t count,
                             const void *partials);
/* Its time as rank 0 reads a worker's (a sample's also keeps the members' rates for the site). */
lsc_chunk_timing lsc_group_chunk_timing(const lsc_group_chunk *g, const lsc_group *grp, lsc_loop *loop,
                                        double now);
void lsc_group_chunk_free(lsc_group_chunk *g);

#endif
