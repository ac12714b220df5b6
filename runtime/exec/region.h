/* region.h - the runtime side of data regions (lsc.h, "Data regions"; docs/runtime.md, "The data
 * directory"). Inside a region a loop's written slices stay on the rank that computed them; rank 0 keeps a
 * directory per present array (data/directory.h) and moves to each chunk only the bytes its rank does not
 * hold: from rank 0 inside the ASSIGN, from another worker by an ORDER the master sends that worker (the
 * holder sends the bytes to the requester as PEER messages, serving orders whenever it waits). The newest
 * bytes come back to rank 0 at the region's end, at `update host`, and before any loop that cannot use the
 * directory (a pipelined nest, a loop run on rank 0 alone, an array a loop touches only in part).
 *
 * Messages, all in the order the master made them, so each pair of ranks matches them in order:
 *   LOOP tail:   int64 count (0: no array held), then per var {int64 held, uint64 key, bytes, offset}
 *   ASSIGN tail: int64 count, then per transfer {uint64 key, bytes, lo, hi, int64 source} and, for source 0,
 *                the hi - lo bytes; source LSC_REGION_HOME_IN_PLACE: a range of the ASSIGN's sender (rank
 *                0, or a member's sub-master) of at least LSC_IN_PLACE_BYTES, sent from its array as a PEER
 *                message after the ASSIGN (packing 32 MB
 *                into the first ASSIGN of jacobi_2d took 0.16 s and moving it as one message 0.39 s; in place
 *                it goes at MPI's speed)
 *   ORDER:       int64 dest, count, then per range {uint64 key, bytes, lo, hi}; the holder sends each range
 *                to dest as PEER messages (lsc_tp_isend_large), in order.
 * A key is the array's address on rank 0; bytes its size; lo, hi are byte offsets in it. */
#ifndef LSC_EXEC_REGION_H
#define LSC_EXEC_REGION_H

#include "data/buffer.h"
#include "exec/chunk_data.h"
#include "exec/loop.h"
#include "exec/run_chunk.h"
#include "lsc_sched.h"
#include "transport/transport.h"

#include <stddef.h>
#include <stdint.h>

struct lsc_master;
struct lsc_request_list;

#define LSC_REGION_HOME_IN_PLACE (-1)

/* A var of the LOOP tail above: held 0 leaves the rest 0. */
typedef struct lsc_region_var_record {
  uint64_t held, key, bytes, offset;
} lsc_region_var_record;
/* A range of a held array as the messages above carry it: an ASSIGN transfer's head (its source follows)
 * and each range of an ORDER. */
typedef struct lsc_wire_range {
  uint64_t key, bytes, lo, hi;
} lsc_wire_range;

/* LSC_PAUSE_IN_REGION (transport/transport.h) bounds a rank's sleeps while it waits inside a data region. */
/* Completes every request of the list polling with that bound, serve(ctx) after each empty poll (NULL: no
 * serving), and empties it. */
void lsc_region_wait(struct lsc_request_list *reqs, lsc_between_fn serve, void *ctx);
/* Rank 0: the pause bound for its waits on the workers' messages, LSC_PAUSE_IN_REGION while a region holds
 * arrays, `otherwise` when none does. */
double lsc_region_pause(double otherwise);

/* Rank 0, from the data directives (data_region.c). */
int lsc_region_track(const void *base, size_t bytes);    /* a present range: all on rank 0; -1: no memory */
void lsc_region_untrack(const void *base, size_t bytes); /* its last exit: newest bytes home, then dropped */
void lsc_region_home(const void *base, size_t bytes);    /* update host: newest bytes home               */
void lsc_region_reset(const void *base, size_t bytes);   /* update workers: rank 0's bytes are the newest */
void lsc_region_touch(const void *base, size_t bytes);   /* rank-0 code writes: home, as the only copy    */

/* Whether any data region holds an array: a loop then stays distributed even when its first instance's bytes
 * outweighed its work (exec/master_choice.h), since those bytes were the region's start, and running it on
 * rank 0 alone would bring every array home. */
int lsc_region_any(void);

/* Rank 0, around a loop run on rank 0 alone (parallel_for.c): the bytes it may touch come home first, all
 * of every held array when the vars do not say (NULL) or an extent is unknown. */
void lsc_region_local(void *env, const lsc_var *vars, int nvars);
/* The same for a `parallel for` of n iterations, by its footprint (region_master.c). */
void lsc_region_local_loop(void *env, const lsc_var *vars, int nvars, int64_t n);

/* Rank 0, a distributed loop (master_setup.c, master.c, master_finish.c). */
void lsc_region_loop_setup(struct lsc_master *m);
void lsc_region_loop_message(struct lsc_master *m, lsc_buffer *b);
/* Appends the transfers of chunk [lo, hi) for `rank` to its ASSIGN and sends the orders it needs. */
void lsc_region_assign(struct lsc_master *m, int rank, int64_t lo, int64_t hi, lsc_buffer *b);
/* After the ASSIGN left (master.c's send_to): the in-place ranges it lists, as PEER messages. Not before,
 * since the worker takes the next message from rank 0 whatever its tag, and that must be the ASSIGN. */
void lsc_region_assign_sent(struct lsc_master *m, int rank);
/* Posts the receives of what rank 0's own chunk [lo, hi) reads and does not hold, and returns where the part
 * of the chunk that reads none of it ends: [lo, returned) may compute while it comes (hi: nothing comes). */
int64_t lsc_region_own_inputs_post(struct lsc_master *m, int64_t lo, int64_t hi);
/* Waits for what lsc_region_own_inputs_post asked for, serving requests while it comes. */
void lsc_region_own_inputs_wait(struct lsc_master *m, lsc_between_fn serve, void *ctx);
/* The chunk's written bytes are now newest on `rank`. Returns 0 when that chunk's result was recorded
 * already (a duplicate, dropped), 1 otherwise. */
int lsc_region_record(struct lsc_master *m, int rank, int64_t lo, int64_t hi);
void lsc_region_loop_end(struct lsc_master *m);
/* Whether the bytes rank 0's ASSIGNs of the loop at hand sent from its arrays have all left. */
int lsc_region_sends_done(void);
/* Affinity (region_affinity.c): the rank holding the bytes iteration k writes (its anchor: the first held
 * array the loop writes by a plain range), -1 when the loop has none; *next is the first iteration after k
 * whose anchor may lie in another range of the directory. */
int lsc_region_holder(struct lsc_master *m, int64_t k, int64_t *next);
/* The next chunk for planner worker `worker`: the planner's chunk, or inside a region, for a scheme that
 * does not place by worker, a chunk of the planner's size taken where `worker` holds the data (then from
 * iterations nobody holds, then from the back of the most loaded worker's). 0 when none is left. */
int lsc_region_next(struct lsc_master *m, int worker, lsc_chunk *out);
void lsc_region_affinity_build(struct lsc_master *m); /* once its groups are formed, from the directory */
void lsc_region_affinity_reset(void);                 /* when no region holds anything any more */
/* The bytes of held arrays chunk [lo, hi) reads (or must receive before writing), wherever they are. */
double lsc_region_input_bytes(struct lsc_master *m, int64_t lo, int64_t hi);
/* For LSC_STATS: whether the loop held arrays, and the bytes its workers sent each other. */
int lsc_region_loop_held(void);
int64_t lsc_region_peer_bytes(void);

/* A chunk's footprint over the held vars (region_footprint.c): fn gets each byte range, in the array that
 * holds var i (offset[i]: the byte offset of the var's element 0 there), that chunk [lo, hi) must receive --
 * the slices it reads but those of an array read once per loop, and those it writes when the body may leave
 * some unwritten, as one union -- or that it writes; batch(i, ctx) after each var's list (NULL: none). Each
 * list's ranges come sorted and merged. spans is scratch. */
typedef void (*lsc_region_range_fn)(int var, uint64_t lo, uint64_t hi, void *ctx);
typedef void (*lsc_region_batch_fn)(int var, void *ctx);
/* An input walk may skip what a rank holds already: held(var, lo, hi, rank) says whether `rank` holds every
 * byte of [lo, hi) of var i's array, a hull of one slice list's ranges over the chunk; that list is then
 * neither walked nor batched. NULL: every list is walked. */
typedef struct lsc_region_skip {
  int (*held)(int var, uint64_t lo, uint64_t hi, int rank);
  int rank;
} lsc_region_skip;
void lsc_region_each_input(const lsc_loop *loop, const unsigned char *held, const uint64_t *offset,
                           int64_t lo, int64_t hi, lsc_span_list *spans, const lsc_region_skip *skip,
                           lsc_region_range_fn fn, lsc_region_batch_fn batch, void *ctx);
/* A hull of what chunk [lo, hi) must receive of var i (its input lists' hulls joined), in bytes of the array
 * that holds it: [*a, *z), empty when nothing. 0 when it cannot be had (bounds past 64 bits). */
int lsc_region_input_hull(const lsc_loop *loop, const uint64_t *offset, int i, int64_t lo, int64_t hi,
                          uint64_t *a, uint64_t *z);
void lsc_region_each_output(const lsc_loop *loop, const unsigned char *held, const uint64_t *offset,
                            int64_t lo, int64_t hi, lsc_span_list *spans, lsc_region_range_fn fn,
                            lsc_region_batch_fn batch, void *ctx);

/* ORDERs being built, one per holder, and those in flight (region_orders.c). */
typedef struct lsc_order_outbox {
  lsc_buffer *orders; /* by holder rank: the ORDER being built (empty: none) */
  size_t nranks;
  struct lsc_order_pending *sends; /* sent, their buffers kept until complete */
  size_t nsends, sends_cap;
} lsc_order_outbox;
/* Asks `holder` to send bytes [lo, hi) of array (key, bytes) to `dest` (one dest per holder per batch). */
void lsc_orders_add(lsc_order_outbox *o, int holder, int dest, uint64_t key, uint64_t bytes, uint64_t lo,
                    uint64_t hi);
void lsc_orders_send(lsc_order_outbox *o); /* every ORDER built, each to its holder */
void lsc_orders_wait(lsc_order_outbox *o); /* until every ORDER sent has left */
void lsc_orders_free(lsc_order_outbox *o);

/* A sub-master's directory of its group (region_group.c): in a grouped loop over held arrays each member
 * keeps the rows it computed, as a flat worker does, and the sub-master -- one holder in rank 0's directory
 * -- records which rank of its group holds the newest copy of each range. A piece gets only the bytes its
 * member lacks: from the sub-master's copies inside the ASSIGN (or in place after it), or from the member
 * holding them by an ORDER; the sub-master fetches (pulls) what its own pieces and rank 0's ORDERs need from
 * its members the same way. Bytes that reach the group from outside land in the sub-master's copies.
 * lsc_region_group_loop starts a grouped loop over held arrays on its sub-master, _loop_end ends it. */
void lsc_region_group_loop(const lsc_loop *loop, int64_t instance);
int64_t lsc_region_group_loop_end(void); /* the bytes moved inside the group during the loop (LSC_STATS) */
/* Appends the region part of member `rank`'s ASSIGN for piece [lo, hi) to b (the format of rank 0's), lists
 * the ranges to send in place after it, and sends the ORDERs it needs. */
void lsc_region_group_assign(const lsc_loop *loop, int rank, int64_t lo, int64_t hi, lsc_buffer *b,
                             lsc_piece_list *in_place);
/* Piece [lo, hi)'s outputs are newest on `rank` (a member, or the sub-master itself). */
void lsc_region_group_record(const lsc_loop *loop, int rank, int64_t lo, int64_t hi);
/* Pulls into the sub-master's copies what its own piece [lo, hi) reads and a member holds, serve(ctx) while
 * it waits. */
void lsc_region_group_own_inputs(const lsc_loop *loop, int64_t lo, int64_t hi, lsc_between_fn serve,
                                 void *ctx);
/* Pulls [lo, hi) of array (key, bytes) where a member holds it (nothing where the sub-master keeps no
 * directory of it), serve(ctx) while it waits: before an ORDER of rank 0 is served from the copies. */
void lsc_region_group_pull(uint64_t key, uint64_t bytes, uint64_t lo, uint64_t hi, lsc_between_fn serve,
                           void *ctx);
/* From region_worker.c: bytes from outside the group landed in the copy of (key, bytes) (newest there,
 * except where a piece of the loop at hand wrote: a hull's edge); a copy was dropped. */
void lsc_region_group_arrived(uint64_t key, uint64_t bytes, uint64_t lo, uint64_t hi);
void lsc_region_group_forget(uint64_t key, uint64_t bytes);
void lsc_region_group_free(void);

/* Workers (worker.c). After a loop over held arrays a worker waits for the next with the region's pause for
 * LSC_REGION_WAKEFUL seconds, then as between any loops: a time step's next instance comes within
 * milliseconds, and a worker does not know when rank 0 left the region. */
#define LSC_REGION_WAKEFUL 0.1
/* The LOOP's data-region part: places the held arrays in this rank's region copies (loop->held set). */
void lsc_region_worker_loop(lsc_loop *loop, lsc_reader *r);
/* Held var i of the loop at hand: its array's key and size, and the var's byte offset in it. */
void lsc_region_worker_var(int i, uint64_t *key, uint64_t *bytes, uint64_t *offset);
/* This rank's copy of array (key, bytes), NULL when it has none. */
char *lsc_region_worker_copy(uint64_t key, uint64_t bytes);
/* The ASSIGN's region part, from `from` (its sender: in-place ranges come from it). */
int lsc_region_worker_inputs(lsc_loop *loop, lsc_reader *r, int from);
/* Sends the ranges of an ORDER; a sub-master pulls those its members hold first, serve(ctx) meanwhile. */
void lsc_region_serve_order(const lsc_buffer *msg, lsc_between_fn serve, void *ctx);
void lsc_region_worker_flush(void); /* waits for the PEER sends of the orders served */
void lsc_region_worker_free(void);

#endif
