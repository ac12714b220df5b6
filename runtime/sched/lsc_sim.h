/* lsc_sim.h - the master/worker run of a planner in virtual time, and schedule(auto)'s choice built on it.
 *
 * Pure (no MPI, no clock, no I/O), so lsc-plan's --simulate and the runtime's schedule(auto) predict with the
 * same model: workers ask when they finish, the master answers one request per `service` seconds plus
 * `send_per_unit` per unit of the chunk it sends (its data), a chunk costs cost(start, size) / speed.
 * Inside a data region the data may already be where the chunk runs: given which worker holds each unit
 * (`held`), a unit its chunk's worker holds costs `held_send_per_unit` instead (0, or a halo's share), and
 * dynamic schemes place their chunks among the units the asker holds (lsc_affinity.h), as the runtime does.
 */
#ifndef LSC_SIM_H
#define LSC_SIM_H

#include "lsc_sched.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What iterations [start, start + size) cost at speed 1. */
typedef double (*lsc_sim_cost_fn)(void *ctx, int64_t start, int64_t size);
/* How long `seconds` of work (at the worker's speed) take on `worker` when started at `begin`: a worker whose
 * speed changes during the run (lsc-plan --slowdown, LSC_SLOWDOWN's profiles). */
typedef double (*lsc_sim_duration_fn)(void *ctx, int64_t worker, double begin, double seconds);

/* Units [lo, hi) whose data `worker` holds; a worker outside [0, workers) stands for none of them (rank 0
 * when it does not compute). */
typedef struct lsc_sim_held {
  int64_t lo, hi, worker;
} lsc_sim_held;

typedef struct lsc_sim_cluster {
  int64_t workers;
  const double *speeds;    /* per worker; NULL = 1 each                                          */
  double service;          /* the master's seconds per request; requests queue                   */
  double latency;          /* seconds from the answer to the chunk's start                       */
  double send_per_unit;    /* the master's seconds to move one unit's data with a chunk (bytes per
                              unit / bandwidth): a chunk of k units holds the master k times that more */
  const double *freeze_at; /* per worker, when it stops for good (INFINITY: never); NULL = none */
  int reissue;             /* the most copies of one chunk that run; <= 1: off                   */
  lsc_sim_cost_fn cost;
  void *cost_ctx;
  int64_t max_chunks;           /* stop (result->truncated) after handing out this many; 0 = no limit */
  lsc_sim_duration_fn duration; /* NULL: seconds as they are */
  void *duration_ctx;
  /* A data region's placement: NULL, every unit costs send_per_unit wherever it runs. Otherwise held_count
   * ranges sorted by lo, disjoint (units in none are held by no worker): a chunk pays send_per_unit for each
   * unit held elsewhere and held_send_per_unit for each unit its worker holds. */
  const lsc_sim_held *held;
  int64_t held_count;
  double held_send_per_unit;
  int held_affinity; /* with held: schemes that do not place by worker take their chunks by affinity
                        (lsc_affinity.h: the scheme's size, the asker's own units first), as the runtime
                        does in a region outside reproducible mode and calibration; 0: in hand-out order */
  /* Adaptive schemes learn from measured times, which scatter: each chunk's time reaches the planner times
   * a log-normal factor (mean 1) of log standard deviation feedback_noise / sqrt(units / noise_units), the
   * noise of one piece of noise_units units averaging over the chunk; drawn from a fixed sequence. 0: exact.
   */
  double feedback_noise;
  int64_t noise_units;
} lsc_sim_cluster;

typedef struct lsc_sim_record {
  int64_t worker, start, size;
  double begin, end;
  int copy;   /* a re-issued copy of a chunk handed out before */
  int frozen; /* its worker froze before the end (`end` is the freeze) */
} lsc_sim_record;

typedef struct lsc_sim_result {
  double makespan; /* when the last chunk is done (its first copy ends); INFINITY when a frozen worker holds
                      the only copy of one, or when the run was truncated */
  double ideal;    /* total work / total speed                 */
  double total_work;
  int truncated;          /* max_chunks reached: the makespan is unknown */
  int64_t chunks;         /* handed out, copies included */
  int64_t reissued;       /* copies and split parts handed out */
  int64_t reissue_wins;   /* copies and parts whose result was applied (brought iterations first) */
  int64_t reissue_losses; /* results dropped because another copy of their chunk had finished first */
  double *busy;           /* per worker: time spent computing          */
  double *finish;         /* per worker: end of its last chunk         */
  int64_t *chunk_count;
  lsc_sim_record *records; /* every chunk in the order handed out, when asked for */
  int64_t record_count, record_cap;
} lsc_sim_result;

/* Runs the plan to the end. keep_records: store every chunk. 0 or -1 (memory); free the result either way.
 */
int lsc_sim_run(const lsc_sim_cluster *c, lsc_planner *pl, int keep_records, lsc_sim_result *r);
void lsc_sim_result_free(lsc_sim_result *r);

/* schedule(auto): the candidates, each simulated on the cluster with the plan's parameters (its schedule
 * replaced), ranked by predicted makespan. */
enum { LSC_AUTO_MAX_CANDIDATES = 16 };
/* Relative margin within which an earlier candidate of the list wins over the fastest predicted: the
 * model's resolution, so a pick does not flip on noise. */
#define LSC_AUTO_TIE 0.01
/* The same over cost profiles (lsc_auto_variation), whose costly bands are guesses. */
#define LSC_AUTO_TIE_IRREGULAR 0.05

typedef struct lsc_auto_entry {
  lsc_schedule schedule;
  char name[32];    /* lsc_schedule_format */
  double predicted; /* makespan in the cluster's time unit; INFINITY: not simulated (too many chunks) */
  int order;        /* its place in the candidate list (ties go to the earlier)                        */
} lsc_auto_entry;

typedef struct lsc_auto_ranking {
  int count;
  lsc_auto_entry entries[LSC_AUTO_MAX_CANDIDATES]; /* fastest predicted first                          */
  int pick;                                        /* index in entries of the choice                   */
} lsc_auto_ranking;

/* Ranks the candidates for `params` (its schedule and memory are ignored: each candidate is planned without
 * the site's memory, so the prediction does not disturb what adaptive schemes learnt) on `cluster`.
 * 0, or -1 with err set. */
int lsc_auto_rank(const lsc_plan_params *params, const lsc_sim_cluster *cluster, lsc_auto_ranking *out,
                  lsc_sched_error *err);
/* Iteration costs that vary along the loop (auto.c): the loop cut into `bands` equal bands (at most
 * LSC_AUTO_MAX_BANDS), each costing a log-normal multiple (log standard deviation `sigma`, mean 1) of the
 * cluster's cost, drawn the same way for every candidate; each candidate's prediction is its mean makespan
 * over `profiles` such profiles. sigma 0 or profiles 0: the cluster's cost as it is (lsc_auto_rank). */
enum { LSC_AUTO_MAX_BANDS = 256 };
typedef struct lsc_auto_variation {
  double sigma;
  int64_t bands;
  int profiles;
  int speeds_known; /* the calibration found the ranks as the prior said (lsc_auto_scatter's agreed):
                       the rate-learning techniques are no candidates (auto.c) */
} lsc_auto_variation;
int lsc_auto_rank_varied(const lsc_plan_params *params, const lsc_sim_cluster *cluster,
                         const lsc_auto_variation *variation, lsc_auto_ranking *out, lsc_sched_error *err);
/* schedule(auto)'s calibration without a barrier: whether the choice can be made now. Every rank gets a
 * sample; a rank whose sample is in gets more pieces while `more` says some are left, so nobody waits for
 * the slowest. Never before `enough` pieces are back while more are left (one piece per rank cannot tell
 * a rank's speed from its pieces' noise). Then the choice is made when every sample is in; or when no piece
 * is left; or when most samples (more than half) are in and each one still out has been out `wait` times as
 * long as the quickest sample took from going out to coming back (the same wall-clock measure for both: a
 * first sample also waits for the loop's data to reach its rank), and at least `floor` seconds: a sample of a
 * few microseconds comes back quickly, while a rank of the same speed may wait a time slice or more for a
 * core. Never while a sample has not gone out yet (its units come before the planned part). */
typedef struct lsc_auto_wait {
  int ranks;  /* computing ranks                                      */
  int in;     /* ranks whose sample is in                             */
  int more;   /* pieces left for the ranks that are in                */
  double now; /* seconds, on the clock of `sent` and `back`           */
  double wait;
  double floor;           /* seconds a sample still out is waited for at least   */
  int64_t pieces, enough; /* pieces back so far, and how many the choice needs while more are left */
} lsc_auto_wait;
/* Per rank: sent, when its sample went out (< 0: not yet); back, when it came back (< 0: still out).
 * 1: choose now. */
int lsc_auto_ready(const lsc_auto_wait *w, const double *sent, const double *back);

/* One calibration piece that came back: planner worker `rank` ran `iterations` from `start` in `seconds`;
 * `first`: the rank's first piece (cold caches and pages). */
typedef struct lsc_auto_piece {
  int rank;
  int first;
  int64_t start;
  int64_t iterations;
  double seconds;
} lsc_auto_piece;
/* How the calibration pieces' times scatter, in log standard deviations: `cost`, of the pieces' costs along
 * the loop (each piece's time with its rank's slowness divided out: how irregular the iterations are, for
 * lsc_auto_variation); `noise`, of a piece's time around what its neighbours and its rank's slowness
 * predict (what a scheme learning from one chunk's time sees, for lsc_sim_cluster's feedback_noise). */
typedef struct lsc_auto_scatter {
  double cost, noise;
  int agreed; /* the ranks' pieces did not depart from the prior beyond their noise: the prior stood */
} lsc_auto_scatter;
/* The calibration's seconds per iteration of each rank from its pieces (auto_speeds.c): each piece compared
 * with its nearest pieces of other ranks, so that what a rank's rows cost does not pass for its speed; first
 * pieces among themselves, brought to the later pieces' scale by the ranks with both. prior (may be NULL:
 * equal): per rank, the relative speed known before measuring (the static weights: clock, a list), which
 * the measured ratios replace only as far as they depart from it beyond their noise. per_iteration[i] is 0
 * for a rank with no piece. spread (may be NULL): how the pieces scatter, from the later pieces when there
 * are any. -1: out of memory. */
int lsc_auto_speeds(int ranks, const lsc_auto_piece *pieces, int64_t count, const double *prior,
                    double *per_iteration, lsc_auto_scatter *spread);

/* A loop's relative iteration costs along iterations [from, to) in `bands` equal bands (auto_profile.c),
 * from timed pieces (chunks of an instance) and each rank's seconds per mean iteration (lsc_auto_speeds's
 * per_iteration): a piece's time per iteration over its rank's is the cost of the iterations it ran. Bands
 * no piece covered take their nearest covered neighbour's cost; the costs' mean is 1. Returns the bands
 * pieces covered (0: none, cost unusable), -1: out of memory. */
int lsc_auto_profile(const lsc_auto_piece *pieces, int64_t count, const double *per_iteration, int ranks,
                     int64_t from, int64_t to, int bands, double *cost);

/* "gss 0.0123, fss 0.0125, ..." into buf: the ranking as LSC_STATS and lsc-plan print it. */
void lsc_auto_format(const lsc_auto_ranking *r, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
