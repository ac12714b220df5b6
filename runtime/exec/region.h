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
 *                the hi - lo bytes; source LSC_REGION_HOME_IN_PLACE: a range of rank 0 of at least
 *                LSC_IN_PLACE_BYTES, sent from its array as a PEER message after the ASSIGN (packing 32 MB
 *                into the first ASSIGN of jacobi_2d took 0.16 s and moving it as one message 0.39 s; in place
 *                it goes at MPI's speed)
 *   ORDER:       int64 dest, count, then per range {uint64 key, bytes, lo, hi}; the holder sends each range
 *                to dest as PEER messages (lsc_tp_isend_large), in order.
 * A key is the array's address on rank 0; bytes its size; lo, hi are byte offsets in it. */
#ifndef LSC_EXEC_REGION_H
#define LSC_EXEC_REGION_H

#include "data/buffer.h"
#include "exec/loop.h"
#include "exec/run_chunk.h"
#include "lsc_sched.h"

#include <stddef.h>
#include <stdint.h>

struct lsc_master;
struct lsc_request_list;

#define LSC_REGION_HOME_IN_PLACE (-1)

/* How long a rank waiting inside a data region may sleep between polls (region_wait.c): short, since a loop
 * instance there is a chain of small messages between ranks that each wait for the last. */
#define LSC_PAUSE_IN_REGION 50e-6
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
/* Brings what rank 0's own chunk [lo, hi) reads and does not hold, serving requests while it comes. */
void lsc_region_own_inputs(struct lsc_master *m, int64_t lo, int64_t hi, lsc_between_fn serve, void *ctx);
/* The chunk's written bytes are now newest on `rank`. Returns 0 when that chunk's result was recorded
 * already (a duplicate, dropped), 1 otherwise. */
int lsc_region_record(struct lsc_master *m, int rank, int64_t lo, int64_t hi);
void lsc_region_loop_end(struct lsc_master *m);
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

/* Workers (worker.c). After a loop over held arrays a worker waits for the next with the region's pause for
 * LSC_REGION_WAKEFUL seconds, then as between any loops: a time step's next instance comes within
 * milliseconds, and a worker does not know when rank 0 left the region. */
#define LSC_REGION_WAKEFUL 0.1
/* The LOOP's data-region part: `holds` 1 places the held arrays in this rank's region copies (loop->held
 * set); 0 reads past it (a member of a sub-master's group holds nothing: its pieces' bytes come from its
 * sub-master, exec/submaster.h). */
void lsc_region_worker_loop(lsc_loop *loop, lsc_reader *r, int holds);
int lsc_region_worker_inputs(lsc_loop *loop, lsc_reader *r);
void lsc_region_serve_order(const lsc_buffer *msg);
void lsc_region_worker_flush(void); /* waits for the PEER sends of the orders served */
void lsc_region_worker_free(void);

#endif
