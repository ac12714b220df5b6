/* transport.h - the MPI protocol between master (rank 0) and workers.
 *
 * One loop instance, as messages (all on liblsc's own communicator, so a program's own MPI traffic cannot mix
 * with it):
 *   master -> worker  LOOP     site, trip count, var descriptors, captured scalars, per-rank settings
 *   master -> worker  DATA     each LSC_VAR_WHOLE array and each in-slice without k, once per loop
 *   worker -> master  REQUEST  "send my next chunk"; sent again as soon as a chunk arrives (request-ahead)
 *   master -> worker  ASSIGN   a chunk and its input slices      | END  no more chunks for you
 *   worker -> master  RESULT   the chunk's output slices and timings
 *   either way        SPAN     after an ASSIGN or RESULT, each large span of its slices, sent from the array
 *                              and received into the array (exec/chunk_data.h)
 *   worker -> master  FINAL    reduction partials and counters, after END
 *   master -> worker  RELEASE  when rank 0 exits: finalise MPI and exit 0
 * A pipelined loop (lsc_pipeline_for) adds the messages of exec/pipeline/pipeline.h, worker to worker among
 * them. Waiting never spins for long: a waiting rank polls, then sleeps with a growing pause, so idle ranks
 * leave the cores to the ranks that compute. Every MPI error stops all ranks with a message (lsc_fatal).
 */
#ifndef LSC_TRANSPORT_H
#define LSC_TRANSPORT_H

#include "data/buffer.h"

#include <mpi.h>
#include <stddef.h>

enum lsc_tag {
  LSC_TAG_LOOP = 7301,
  LSC_TAG_DATA,
  LSC_TAG_REQUEST,
  LSC_TAG_ASSIGN,
  LSC_TAG_END,
  LSC_TAG_RESULT,
  LSC_TAG_FINAL,
  LSC_TAG_RELEASE,
  /* pipelined loops (exec/pipeline/pipeline.h) */
  LSC_TAG_PIPE,
  LSC_TAG_PROBE,
  LSC_TAG_SAMPLE,
  LSC_TAG_GO,
  LSC_TAG_NEXT,
  LSC_TAG_BOUNDARY,
  LSC_TAG_PIPE_STATS,
  /* a large span of a chunk, in place (exec/chunk_data_io.h), after its ASSIGN or RESULT */
  LSC_TAG_SPAN,
  /* the clock ping-pongs at start-up (exec/clock_sync.c) */
  LSC_TAG_CLOCK,
  /* data regions (exec/region.h): the master's order to a holder, and the bytes it sends the requester */
  LSC_TAG_ORDER,
  LSC_TAG_PEER
};

/* How long a waiting rank may sleep between two polls. The pause doubles from a few microseconds, so it only
 * reaches these bounds after a wait that long: a master answering frequent requests stays quick, one waiting
 * out a long chunk (or a worker waiting out rank 0's sequential code) wakes a few hundred times a second. */
#define LSC_PAUSE_IN_LOOP 1e-3
#define LSC_PAUSE_BETWEEN_LOOPS 4e-3
/* A worker's bound between loops (lsc_tp_pause_between_loops): LSC_PAUSE_BETWEEN_LOOPS when its node runs
 * more ranks than cores (its wake-ups would take rank 0's core), this when it has a core of its own: the next
 * loop's LOOP then waits at most this long for it (fdtd_2d's first loop after main()'s set-up waited 6.4 ms
 * for the worker's first request; a wake-up every 0.5 ms costs an idle core about 1% of its time). */
#define LSC_PAUSE_BETWEEN_LOOPS_OWN_CORE 0.5e-3
/* How long a rank waiting inside a data region may sleep between polls (exec/region_wait.c): short, since a
 * loop instance there is a chain of small messages between ranks that each wait for the last. */
#define LSC_PAUSE_IN_REGION 50e-6
/* Inside a data region (waits bounded by LSC_PAUSE_IN_REGION) a rank with a core of its own
 * polls this long before its first sleep, where other waits poll 200 us: an instance there is a chain of
 * messages between ranks that each wait for the last (the next LOOP, a halo's ORDER and PEER), and on this
 * project's VMs a sleep costs far more than its length, so a rank that slept through the gap between two
 * instances answered 100-250 us late (jacobi_2d, np 2: rank 0's halo row took 200-270 us to come). */
#define LSC_SPIN_IN_REGION 2e-3
/* The polling before a wait's first sleep for a wait bounded by max_pause (above). */
double lsc_tp_spin_seconds(double max_pause);
/* Whether this node runs more ranks than cores (lsc_tp_set_oversubscribed). */
int lsc_tp_oversubscribed(void);
double lsc_tp_pause_between_loops(void);

/* Sets up the communicator after MPI_Init: errors return instead of aborting silently. */
void lsc_tp_start(MPI_Comm *comm);
void lsc_tp_check(int rc, const char *what, int peer);

/* Starts a send of len bytes (len may exceed INT_MAX only for lsc_tp_isend_large). */
void lsc_tp_isend(const void *buf, size_t len, int dest, int tag, MPI_Request *req);
/* Sends len bytes as messages of at most 1 GiB; reqs must have lsc_tp_pieces(len) entries. */
size_t lsc_tp_pieces(size_t len);
void lsc_tp_isend_large(const void *buf, size_t len, int dest, int tag, MPI_Request *reqs);
void lsc_tp_recv_large(void *buf, size_t len, int source, int tag);
/* Starts the receive of what lsc_tp_isend_large sends; reqs must have lsc_tp_pieces(len) entries. */
void lsc_tp_irecv_large(void *buf, size_t len, int source, int tag, MPI_Request *reqs);
/* Completes a request without spinning a core. */
void lsc_tp_wait(MPI_Request *req);
void lsc_tp_wait_all(MPI_Request *reqs, size_t count);
/* Blocking send without spinning: isend + wait. */
void lsc_tp_send(const void *buf, size_t len, int dest, int tag);

/* Receives the next message from `source` (or MPI_ANY_SOURCE) into buf (len set, grown as needed).
 * lsc_tp_poll returns 0 at once when nothing is there; lsc_tp_recv waits, pausing up to max_pause seconds. */
int lsc_tp_poll(int source, lsc_buffer *buf, int *from, int *tag);
/* lsc_tp_poll of the next message with tag `want` only. */
int lsc_tp_poll_tagged(int source, int want, lsc_buffer *buf, int *from, int *tag);
void lsc_tp_recv(int source, lsc_buffer *buf, int *from, int *tag, double max_pause);
/* lsc_tp_recv of the next message with tag `want` only (MPI_ANY_TAG: any). */
void lsc_tp_recv_tagged(int source, int want, lsc_buffer *buf, int *from, int *tag, double max_pause);
/* The same, giving up after `seconds`: 1 when a message came, 0 when none did. */
int lsc_tp_recv_within(int source, int want, lsc_buffer *buf, int *from, int *tag, double max_pause,
                       double seconds);

/* Tells the waits that this node runs more ranks than it has cores: a waiting rank then yields the core from
 * its first poll, since the rank it waits for may need that very core to answer. */
void lsc_tp_set_oversubscribed(int oversubscribed);
/* The loop whose messages go out now (file, line; NULL between loops): a message beyond MPI's int count
 * (2 GiB) is refused with a message that names it and what makes its chunks smaller. */
void lsc_tp_set_loop(const char *file, int line);

/* Rank 0 has work of its own between polls (on = 1) or not any more (0). Its polls must not give the core
 * away then: Open MPI's mpi_yield_when_idle (a sched_yield in every MPI call that finds nothing) is turned
 * off while it computes and restored after; the transport's own waits still yield when ranks outnumber the
 * cores. No effect with an MPI other than Open MPI. */
void lsc_tp_computing(int on);

/* Seconds this process has spent waiting in lsc_tp_* since it started; callers take differences. */
double lsc_tp_waited(void);
/* Adds a wait of the caller's own (a poll loop over some sources, which MPI cannot receive from in one call)
 * to that count, so LSC_STATS's wait_s has it too. */
void lsc_tp_count_wait(double seconds);

#endif
