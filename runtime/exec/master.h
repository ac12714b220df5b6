/* master.h - rank 0 running a parallel loop over the workers: the state shared by master_setup.c (settings,
 * descriptors, LOOP message), master.c (hand-out of chunks, results, calibration) and master_finish.c. */
#ifndef LSC_EXEC_MASTER_H
#define LSC_EXEC_MASTER_H

#include "config/settings.h"
#include "data/buffer.h"
#include "exec/chunk_data_io.h"
#include "exec/loop.h"
#include "lsc_sched.h"
#include "obs/progress.h"
#include "obs/stats.h"

#include <mpi.h>

/* Calibration samples per executing rank: five sampled iterations, as in [wu-hybrid] (SWR); in reproducible
 * mode one block, since a partial must cover a whole block. */
#define LSC_CALIBRATION_SAMPLES 5

typedef struct lsc_link {
  int sampled;     /* its calibration sample was assigned          */
  int deferred;    /* requests not answered yet (must_defer in master.c) */
  int ended;       /* END was sent                                 */
  int final;       /* FINAL arrived                                */
  int planned;     /* answers the planner gave it (chunks or END)    */
  int heard;       /* a message of this instance arrived from it     */
  int late;        /* re-issue: the instance ended without its FINAL (exec/late_ranks.h) */
  int dead;        /* its process is gone (exec/late_ranks.h) */
  int64_t holding; /* ASSIGNs sent minus RESULTs received          */
  /* Request-ahead timing (sched/ahead.c): the iterations it holds, when it began them as rank 0 sees it (the
   * ASSIGN to it idle, or its last RESULT), how early its ahead requests are answered (0: LSC_AHEAD_LEAD),
   * and the start of the chunk the timer last sent it (-1: none), whose RESULT says whether it waited. */
  int64_t held;
  double started, lead;
  int64_t timed;
  int watch; /* the answer being sent is a deferred ahead request's (release_deferred): watch its chunk */
  MPI_Request end; /* an END sent without a request (reissue_master.c) */
  lsc_buffer out;
  MPI_Request send;
  lsc_request_list spans;  /* the large spans of the last ASSIGN, sent in place from rank 0's arrays */
  int64_t receiving;       /* re-issue: the chunk those spans are for until they are in, else -1      */
  unsigned char *partials; /* reduction partials from FINAL */
} lsc_link;

typedef struct lsc_master {
  lsc_loop loop; /* bases are the user's arrays; env is the master's private block */
  void *user_env;
  lsc_var *vars;
  lsc_loop_settings settings;
  int size;              /* ranks                                          */
  int participates;      /* rank 0 also runs chunks                        */
  char master_why[448];  /* why it does or does not (exec/master_choice.h), and how a first instance
                            was decided (exec/master_lead.h) */
  int alone;             /* the instance ran whole on rank 0 after its leading piece (exec/master_lead.h) */
  char local_why[256];   /* then why: the LSC_STATS reason                                             */
  double lead_bytes;     /* the bytes a distributed run would have moved, for the site's next instances */
  double lead_work;      /* and the body seconds it measured alone (the lesser of wall and CPU time)   */
  int first;             /* rank of planner worker 0: 0 or 1               */
  int executing;         /* planner workers: size - first                  */
  lsc_link *links;       /* by rank (0 unused)                             */
  lsc_rank_stats *stats; /* by rank                                   */
  int *threads;          /* by rank                                   */
  double *weights;       /* by planner worker                         */
  int64_t *cores;        /* by planner worker, NULL when all are 1    */
  const char *weights_source;
  int alpha;
  lsc_planner *planner;
  int64_t instance;           /* exec/late_ranks.h                                              */
  lsc_reissue_table *reissue; /* re-issue on: the chunks handed to workers (sched/reissue.c)    */
  int64_t reissued, dropped;  /* copies handed out; results dropped (late copies, ended instances) */
  int64_t group_bytes; /* grouped over held arrays: bytes moved inside the groups (sub-masters' FINALs) */
  int deferring;       /* links with deferred requests (master.c)                         */
  int receiving;       /* links whose chunk waits for its in-place spans (reissue_master.h) */
  void (*on_dead)(struct lsc_master *m, int rank); /* a worker found dead, re-issue on (master.c)   */
  /* The planner counts units: iterations, or in reproducible mode blocks (whole blocks are the only chunks
   * then, whatever the scheme). */
  int64_t unit;          /* iterations per unit: 1, or the block size                   */
  int64_t units;         /* units in the loop: n, or the number of blocks               */
  int64_t plan_offset;   /* units before it went to calibration samples */
  lsc_repro_table table; /* reproducible mode: rank 0's partial of every block, by block */
  int calibrating;
  int samples_done;                      /* planner workers whose (first) calibration sample is in */
  struct lsc_auto_calibration *auto_cal; /* schedule(auto)'s calibration (exec/master_auto.h); else NULL */
  double *sample_busy, *sample_swr;      /* by planner worker */
  /* by planner worker: when its sample went out (rank 0's clock) and how long until its result came; -1 not
   * yet. With re-issue, the calibration stops waiting for a sample far later than the others (master.c). */
  double *sample_sent, *sample_took;
  double swr;
  int finals;
  int first_round; /* executing ranks still without their first planned chunk: until 0, nobody gets a second
                      one, so request-ahead cannot take the alpha shares of ranks that have not asked yet */
  int own_planned; /* the master's own planned chunks               */
  int64_t done;
  lsc_progress progress;
  lsc_buffer loop_msg;
  int64_t once_bytes;      /* array bytes sent once per loop, after LOOP, to all workers (trace "loop") */
  int64_t chunk_in_bytes;  /* array bytes sent with chunks (trace "loop")                               */
  int64_t chunk_out_bytes; /* array bytes of results received from workers                           */
  /* In a data region: iterations of workers' chunks whose anchor data (region.h, lsc_region_holder) their
   * rank held when they were handed out, and whose it did not (schedule(auto)'s bytes per unit of each). */
  int64_t held_iterations, unheld_iterations;
  lsc_piece_list pieces;  /* scratch: the large spans of the ASSIGN or RESULT at hand               */
  lsc_request_list recvs; /* scratch: their receives                                                */
  MPI_Request *startup;   /* LOOP and DATA sends */
  size_t nstartup;
  lsc_buffer inbox;
  double start;
  /* Hierarchical masters (exec/submaster.h); all NULL when the instance is flat. */
  int *index_of;       /* by rank: its planner worker, -1 for a rank its sub-master serves */
  int *rank_of;        /* by planner worker: its rank                                       */
  int *boss;           /* by rank: who hands it chunks (0 or its sub-master)                */
  double *rank_weight; /* by rank: its static weight                                        */
} lsc_master;

/* master_setup.c */
void lsc_master_setup(lsc_master *m, const lsc_site *site, void *env, lsc_var *vars, int nvars, int64_t n);
/* `parallel for` only, before the LOOP message: turns on reproducible mode when the settings ask for it
 * (blocks, the table, the planner's unit). A pipelined nest has no reductions and never calls it. */
void lsc_master_reproducible(lsc_master *m);
void lsc_master_send_loop(lsc_master *m);
/* Weights of the executing ranks from the static source, or from a previous calibration of this site. */
void lsc_master_static_weights(lsc_master *m);
void lsc_master_make_planner(lsc_master *m);
void lsc_master_release(lsc_master *m);
/* master_finish.c: reductions, stats, trace after every FINAL arrived. */
void lsc_master_finish(lsc_master *m);
/* master.c: keeps `rank`'s seconds per iteration in this instance (and its request-ahead lead) with the site,
 * for the next instance's first ahead requests and a data region's placement (site_state.h). */
void lsc_master_remember_rate(lsc_master *m, int rank);
/* Checks a RESULT message's chunk (after its head was read from r) and unpacks its outputs into rank 0's
 * memory, and the in_place bytes of large spans that follow the message (-1: all spans are in it, as in a
 * pipelined nest); a malformed message is fatal. */
void lsc_master_unpack_result(lsc_master *m, int rank, lsc_reader *r, int64_t start, int64_t size,
                              int64_t in_place);
/* Waits for the next message of any worker, counting the wait in rank 0's stats and the trace.
 * lsc_master_receive_by gives up at `deadline` (rank 0's clock, lsc_now) and returns 0; 1 when one came. */
void lsc_master_receive(lsc_master *m, int *from, int *tag);
int lsc_master_receive_by(lsc_master *m, int *from, int *tag, double deadline);
/* The same, giving up after `seconds` (0 then; 1 with a message); after a second of silence in such calls it
 * looks for dead workers as lsc_master_receive does. */
int lsc_master_receive_within(lsc_master *m, int *from, int *tag, double seconds);
/* Rank 0 computing its own chunks polls for messages between them once this long has passed since its last
 * poll (master.c): a worker's request then waits at most this long plus one chunk (or one piece of a long
 * chunk, run_chunk.c), while a run of tiny chunks is not one poll per chunk. */
#define LSC_OWN_POLL 10e-6
/* Inside a data region, how long rank 0 answers the workers' first requests of an instance, and sees the
 * halo rows its answers send leave, before it computes its own chunk anyway (master.c). */
#define LSC_FIRST_ANSWERS_WAIT 200e-6
/* How long rank 0 waits for a message before it looks again for a split part to run (master.c). */
#define LSC_OWN_PART_RECHECK 0.002
/* master.c */
void lsc_master_run(const lsc_site *site, void *env, lsc_var *vars, int nvars, int64_t n);

#endif
