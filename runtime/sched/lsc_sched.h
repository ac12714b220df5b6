/* lsc_sched.h - the scheduling schemes of lsc as pure functions of (state, worker).
 *
 * No MPI, no I/O, no clocks: the runtime (master/worker), the simulator in lsc-plan and the rewriter (which
 * validates schedule(...) clauses at compile time) all share this code. Everything is 64-bit: iteration
 * counts up to 2^62, up to 10^6 workers. One allocation per planner (in lsc_planner_new), none per chunk.
 */
#ifndef LSC_SCHED_H
#define LSC_SCHED_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum lsc_scheme_id {
  LSC_SCHEME_STATIC,       /* one block per worker (block scheduling)                  */
  LSC_SCHEME_CYCLIC,       /* iteration i to worker i mod p, one-iteration chunks      */
  LSC_SCHEME_BLOCK_CYCLIC, /* blocks of k, round robin                                 */
  LSC_SCHEME_PSS,          /* pure self-scheduling, chunk 1                            */
  LSC_SCHEME_CSS,          /* chunk self-scheduling, chunk k                           */
  LSC_SCHEME_GSS,          /* guided: ceil(R/p), optional minimum                      */
  LSC_SCHEME_FSS,          /* factoring: batches of p chunks of ceil(R/(x p))          */
  LSC_SCHEME_TSS,          /* trapezoid: F, F-D, ..., L                                */
  LSC_SCHEME_FISS,         /* fixed increase self-scheduling                           */
  LSC_SCHEME_TFSS,         /* trapezoid factoring self-scheduling                      */
  LSC_SCHEME_DCSS,         /* distributed (virtual processor) variants, [ciorba-hopt] */
  LSC_SCHEME_DGSS,
  LSC_SCHEME_DFSS,
  LSC_SCHEME_DTSS,
  LSC_SCHEME_FSC,          /* fixed size chunking (Kruskal & Weiss)                     */
  LSC_SCHEME_MFSC,         /* modified FSC: as many chunks as FAC2 (DLS4LB)             */
  LSC_SCHEME_FAC,          /* probabilistic factoring with mu and sigma (Hummel et al.) */
  LSC_SCHEME_WF,           /* weighted factoring: FAC2 batches scaled by weight        */
  LSC_SCHEME_TAP,          /* taper (Lucco)                                            */
  LSC_SCHEME_VISS,         /* variable increase size chunking (Philip & Das)           */
  LSC_SCHEME_PLS,          /* performance-based loop scheduling: static part, then GSS  */
  LSC_SCHEME_RND,          /* random chunk sizes in [min, max], seeded                  */
  LSC_SCHEME_STATIC_STEAL, /* a block per worker, chunks of k from it, then stealing    */
  LSC_SCHEME_AWF,          /* adaptive weighted factoring: weights between instances   */
  LSC_SCHEME_AWF_B,        /* AWF, weights updated every batch                          */
  LSC_SCHEME_AWF_C,        /* AWF, weights updated every chunk                          */
  LSC_SCHEME_AWF_D,        /* AWF-B on total chunk times                                */
  LSC_SCHEME_AWF_E,        /* AWF-C on total chunk times                                */
  LSC_SCHEME_AF,           /* adaptive factoring (Banicescu & Liu)                      */
  LSC_SCHEME_BOLD,         /* BOLD (Hagerup): chunks from mu, sigma, h and what is left */
  LSC_SCHEME_RUNTIME,      /* schedule(runtime): resolved from LSC_SCHEDULE by the runtime */
  LSC_SCHEME_AUTO,         /* schedule(auto): the runtime picks a technique (lsc_sim.h)   */
  LSC_SCHEME_COUNT
} lsc_scheme_id;

/* A parsed schedule(...) clause or LSC_SCHEDULE value. Zero / 0.0 means "the scheme's default". */
typedef struct lsc_schedule {
  lsc_scheme_id scheme;
  int64_t chunk;     /* css(k), block_cyclic(k), dcss(k); gss(min): minimum chunk           */
  double factor;     /* fss(x), dfss(x): x (default 2)                                      */
  int64_t first;     /* tss(F,L), dtss(F,L), tfss: F                                        */
  int64_t last;      /* tss(F,L), dtss(F,L), tfss: L                                        */
  int64_t stages;    /* fiss(B): number of stages; viss(k): first chunk ceil(N/(k p))        */
  double mu;         /* fac(mu,sigma), tap(mu,sigma): mean time of an iteration             */
  double sigma;      /* fac, tap: its standard deviation; fsc(h,sigma): the same            */
  double overhead;   /* fsc(h,sigma): h, the scheduling overhead of one chunk (seconds)     */
  double ratio;      /* tap(mu,sigma,a): a; pls(swr): swr, the static fraction              */
  int64_t max_chunk; /* rnd(min,max): max (chunk holds min)                               */
  uint64_t seed;     /* rnd: the seed (LSC_RND_SEED in the runtime, --seed in lsc-plan)     */
} lsc_schedule;

typedef enum lsc_workload_kind {
  LSC_WORKLOAD_UNIFORM,
  LSC_WORKLOAD_INCREASING, /* iteration i costs b + i*h   ([chang-alpha] Assertion 2) */
  LSC_WORKLOAD_DECREASING, /* iteration i costs b + (I-1-i)*h (Assertion 3)      */
  LSC_WORKLOAD_IRREGULAR
} lsc_workload_kind;

typedef struct lsc_workload {
  lsc_workload_kind kind;
  double b, h;
} lsc_workload;

#define LSC_ALPHA_AUTO (-1) /* alpha(auto): the runtime measures and resolves it before planning */

/* Everything a planner needs. The arrays are copied by lsc_planner_new. */
typedef struct lsc_plan_params {
  lsc_schedule schedule;
  int alpha;             /* 0..100: percent of the work split once by weight ([chang-alpha])      */
  lsc_workload workload; /* decides the alpha split point m ([chang-alpha] Assertions 1-3)        */
  int64_t iterations;    /* N >= 0                                                            */
  int64_t workers;       /* p >= 1                                                            */
  const double *weights; /* relative power per worker (alpha phase, A_k of D* schemes); NULL = equal */
  const int64_t *cores;  /* cores per worker: hierarchical mode ([wu-hybrid]); NULL = 1 each      */
  struct lsc_sched_memory *memory; /* what earlier instances of the loop site measured; NULL = none */
} lsc_plan_params;

typedef struct lsc_chunk {
  int64_t start; /* first logical iteration, 0-based */
  int64_t size;  /* > 0                              */
} lsc_chunk;

typedef struct lsc_planner lsc_planner;

/* Error text for the parse and planner functions: one line, no trailing newline. */
typedef struct lsc_sched_error {
  char message[640];   /* room for the list of every accepted form */
  char suggestion[32]; /* for an unknown name: the known name it is nearest to ("" when none) */
} lsc_sched_error;

/* Parsers for clause / environment text. Return 0 on success, -1 with err->message set. */
int lsc_schedule_parse(const char *text, lsc_schedule *out, lsc_sched_error *err);
int lsc_alpha_parse(const char *text, int *alpha, lsc_sched_error *err); /* "0".."100" or "auto" */
int lsc_workload_parse(const char *text, lsc_workload *out, lsc_sched_error *err);
const char *lsc_scheme_name(lsc_scheme_id id);
/* reissue(...) and LSC_REISSUE: *copies = 1 for off (a chunk runs once), 2 for on, or the number given
 * (2..LSC_REISSUE_MAX_COPIES): the most copies of one outstanding chunk that may run at once. */
enum { LSC_REISSUE_MAX_COPIES = 16 };
int lsc_reissue_parse(const char *text, int *copies, lsc_sched_error *err);

/* Re-issue's bookkeeping ([mohammed-rdlb]): the chunks handed out in one loop instance, oldest first, which
 * are done and who holds a copy. Chunks of one instance never overlap, so a chunk is known by its first
 * iteration. Every call is O(1) amortised; pure, shared by the runtime's master and lsc-plan's simulator. */
typedef struct lsc_reissue_table lsc_reissue_table;
/* NULL when out of memory. max_copies: 1..LSC_REISSUE_MAX_COPIES (1: no copies are ever picked). */
lsc_reissue_table *lsc_reissue_create(int max_copies);
void lsc_reissue_free(lsc_reissue_table *t);
/* A chunk handed out for the first time, to `worker`: its id (0, 1, ... in hand-out order), or -1 when out of
 * memory or when a chunk with that start is already in the table. */
int64_t lsc_reissue_handed(lsc_reissue_table *t, int64_t start, int64_t size, int worker);
/* For `worker`, which found nothing left to hand out: the oldest chunk that is not done, runs in fewer than
 * max_copies copies and has no copy on `worker`; records the copy, fills *chunk, returns its id; -1 when
 * there is none. */
int64_t lsc_reissue_pick(lsc_reissue_table *t, int worker, lsc_chunk *chunk);
/* Request-ahead (ahead.c): when rank 0 answers a worker's request for its next chunk while the worker still
 * holds `held` iterations, begun at `started` (rank 0's clock): `lead` seconds before they are expected to
 * end at the worker's rate (seconds over iterations of its results so far); `started` when it holds nothing;
 * -1 when it has no rate yet (answer at its next RESULT). The lead starts at LSC_AHEAD_LEAD; a worker that
 * still waited more than LSC_AHEAD_SLACK for a timed answer gets lsc_ahead_next_lead: twice the larger of
 * the lead and that wait, at most LSC_AHEAD_MAX_LEAD. */
#define LSC_AHEAD_LEAD 2e-3
#define LSC_AHEAD_SLACK 50e-6
#define LSC_AHEAD_MAX_LEAD 1.0
double lsc_ahead_due(double started, int64_t held, double seconds, int64_t iterations, double lead);
double lsc_ahead_next_lead(double lead, double waited);
/* Copies before nothing is left: a chunk is overdue when it has run longer than LSC_REISSUE_OVERDUE times its
 * expected time (the measured rate of the rank it went to, times its size), elapsed > 2 * expected; a
 * chunk without an expected time (its rank has no measured rate yet) never is. lsc_reissue_timed notes when
 * chunk `id` went out and its expected time (seconds, <= 0 unknown); lsc_reissue_pick_overdue is
 * lsc_reissue_pick restricted to overdue chunks, among the LSC_REISSUE_SCAN oldest not done. */
#define LSC_REISSUE_OVERDUE 2.0
enum { LSC_REISSUE_SCAN = 64 };
void lsc_reissue_timed(lsc_reissue_table *t, int64_t id, double handed_at, double expected);
/* lsc_reissue_timed, and the iterations its rank held before it (they run first): for the split rule. */
void lsc_reissue_paced(lsc_reissue_table *t, int64_t id, double handed_at, double expected, int64_t ahead);
int lsc_reissue_overdue(double elapsed, double expected);
int64_t lsc_reissue_pick_overdue(lsc_reissue_table *t, int worker, double now, lsc_chunk *chunk);
/* Iterations of the chunks not done that `worker` holds a copy of (among the LSC_REISSUE_SCAN oldest): a
 * chunk handed ahead starts only after those, so they count in its expected time. */
int64_t lsc_reissue_held(lsc_reissue_table *t, int worker);
/* Chunk `id`'s holder may not have all its inputs yet (receiving 1) or has them (0). While it may not, the
 * chunk is neither copied nor split: its inputs go from the program's arrays in place, and a loop completed
 * by others before they arrive would return while a send still reads arrays the program may then free. */
void lsc_reissue_receiving(lsc_reissue_table *t, int64_t id, int receiving);
/* A result of the chunk starting at `start` arrived: 1 when it is the first (apply it), 0 when the chunk is
 * done already (drop it: a late copy), -1 when no chunk starts there. */
int lsc_reissue_done(lsc_reissue_table *t, int64_t start);
/* Chunks handed out and not done. */
int64_t lsc_reissue_outstanding(const lsc_reissue_table *t);
/* Copies picked so far (beyond the first hand-out of each chunk). */
int64_t lsc_reissue_copies(const lsc_reissue_table *t);

/* Calibration samples (sched/reissue_sample.c): a sample handed out enters the table like a chunk, then
 * lsc_reissue_withhold keeps it from being copied or split while the calibration waits for its timing.
 * lsc_reissue_release_withheld, when the calibration finishes, makes every withheld chunk an ordinary one
 * expected to take `expected` seconds from when it went out (so one out longer than LSC_REISSUE_OVERDUE x
 * expected is overdue at once) and returns how many of them are not done. lsc_reissue_sample_deadline: when
 * the calibration stops waiting for a sample sent at `sent` -- `in` of `samples` samples are in, the slowest
 * took `slowest` seconds from hand-out to result -- which is sent + max(LSC_REISSUE_OVERDUE x slowest,
 * LSC_SAMPLE_WAIT_MIN) once at least half are in (at least one), else -1 (keep waiting). */
#define LSC_SAMPLE_WAIT_MIN 0.05
void lsc_reissue_withhold(lsc_reissue_table *t, int64_t id);
int lsc_reissue_withheld(const lsc_reissue_table *t, int64_t id);
int64_t lsc_reissue_release_withheld(lsc_reissue_table *t, double expected);
double lsc_reissue_sample_deadline(double sent, int in, int samples, double slowest);

/* Split copies (sched/reissue_split.c): a part carved off the tail of an outstanding chunk, a chunk of its
 * own for the asker, while the holder computes the whole chunk. A chunk as the rule sees it: [start, start +
 * size), with [cut, end) already carved off; its holder held `ahead` iterations before it, it went out
 * `elapsed` seconds ago and was expected to take `expected` seconds for ahead + size (its rank's own rate; <=
 * 0 unknown). */
typedef struct lsc_reissue_view {
  int64_t start, size, cut, ahead;
  double elapsed, expected;
} lsc_reissue_view;
/* Iterations from start the holder is estimated to have done: elapsed / expected x (ahead + size) - ahead,
 * within [0, size]; 0 without an expected time or once the chunk is overdue (the holder may be stopped). */
int64_t lsc_reissue_reached(const lsc_reissue_view *v);
/* The split rule. rest = cut - (start + reached): the iterations not carved off that the holder is not
 * estimated to have reached. The part is the tail [cut - k, cut), k = max(ceil(rest / sharers), min), its
 * start rounded down to a multiple of unit (whole reduction blocks), never before start. Returns rest with
 * *part filled, or -1 when nothing is left to carve (cut == start). */
int64_t lsc_reissue_split(const lsc_reissue_view *v, int sharers, int64_t min, int64_t unit, lsc_chunk *part);
/* Seconds per iteration of the median rank among the n with iterations[i] > 0 and seconds[i] > 0; -1 when
 * none has. */
double lsc_reissue_median_pace(const int64_t *iterations, const double *seconds, int n);
typedef struct lsc_reissue_ask {
  int worker;       /* the asking rank */
  int claim;        /* rank 0 runs the part in place at once: its iterations count as applied from now */
  int overdue_only; /* only chunks overdue (elapsed > 2 x expected, the expected time from pace when the
                       holder has no rate of its own) */
  int patient;      /* skip chunks whose rest is below min: their holder is about to finish them */
  int sharers;      /* ranks that compute */
  int64_t min, unit;
  double now, pace; /* pace: seconds per iteration of the median rank (lsc_reissue_median_pace), <= 0 none */
} lsc_reissue_ask;
/* Among the LSC_REISSUE_SCAN oldest chunks not done: first-hand chunks with something left to carve, fewer
 * than max_copies copies and none on the asker; the one with the largest rest gives the part. Records it
 * (held by the asker) and returns its id with *part filled; -1 when there is none, -2 out of memory. */
int64_t lsc_reissue_split_pick(lsc_reissue_table *t, const lsc_reissue_ask *a, lsc_chunk *part);
/* A result of chunk `id` (a first-hand chunk, a whole copy or a part) for [start, start + size): 1 to apply
 * it, with *fresh the iterations it is the first to bring (its size minus its parts already applied or
 * claimed); 0 to drop it (its iterations are all applied); -1 when no chunk `id` is [start, +size). */
int lsc_reissue_result(lsc_reissue_table *t, int64_t id, int64_t start, int64_t size, int64_t *fresh);
/* The parts of chunk `id` already applied or claimed, one per call: after = -1 first, then the id returned;
 * -1 when no more. A whole result applied after them must leave their outputs and blocks as they are. */
int64_t lsc_reissue_covered_part(const lsc_reissue_table *t, int64_t id, int64_t after, lsc_chunk *part);
/* Parts carved so far. */
int64_t lsc_reissue_parts(const lsc_reissue_table *t);
/* "Did you mean": the name among names[0..n) nearest to `word` (ignoring case) when it is near enough to be
 * a slip (a few edits, relative to the length) or `word` is a prefix of it of at least 3 letters; NULL
 * otherwise. */
const char *lsc_nearest_name(const char *word, const char *const *names, size_t n);
/* Prints a schedule back in the form lsc_schedule_parse accepts ("gss", "css(125)"). */
void lsc_schedule_format(const lsc_schedule *s, char *buf, size_t len);

/* A schedule and a workload over units of `unit` iterations (reproducible mode plans whole blocks): the
 * schedule's chunk counts (css(k), gss(min), block_cyclic(k), dcss(k), the trapezoid's F and L) become units,
 * rounded up, so no chunk gets smaller than asked; an increasing or decreasing workload's per-iteration cost
 * b + i*h becomes the mean cost of a unit, b + h*(unit-1)/2 + j*(h*unit) for unit j. unit 1 changes nothing.
 */
void lsc_schedule_in_units(lsc_schedule *s, int64_t unit);
void lsc_workload_in_units(lsc_workload *w, int64_t unit);

/* The alpha split point m: the first m iterations hold alpha% of the work ([chang-alpha] Assertions 1-3). */
int64_t lsc_alpha_split_point(int64_t iterations, int alpha, const lsc_workload *workload);
/* alpha(auto), resolved by the runtime from what it measured (docs/schedules.md): `power` is each worker's
 * measured performance ([yang-adaptive]: HR = min/max; HR < 0.75 keeps alpha 75, else 100), `sample_times`
 * the run times of a few sampled iterations ([wu-hybrid]: alpha scaled by SWR = min/max). Either may be NULL.
 */
int lsc_alpha_auto(const double *power, int64_t workers, const double *sample_times, int64_t samples);

/* What one worker reported through lsc_planner_feedback. */
typedef struct lsc_feedback {
  int64_t chunks;     /* finished chunks reported                  */
  int64_t iterations; /* their iterations                           */
  double seconds;     /* their measured time, summed                */
} lsc_feedback;

/* What a loop site keeps from one instance to the next for the adaptive schemes (AWF, AF: the measured
 * rates of each worker) and static_steal (which worker ran how much, for affinity). The caller owns it, one
 * per loop site, and passes it in lsc_plan_params.memory; the planner reads it when it starts and writes
 * each feedback into it. A different worker count starts it afresh. Schemes that do not learn ignore it. */
typedef struct lsc_sched_memory lsc_sched_memory;
lsc_sched_memory *lsc_sched_memory_new(void);
void lsc_sched_memory_free(lsc_sched_memory *m);
/* Instances whose planner used this memory so far. */
int64_t lsc_sched_memory_instances(const lsc_sched_memory *m);

/* A planner answers the three questions of a scheme (the contract: runtime/sched/sched_internal.h and
 * docs/schedules.md): how large the next chunk is, which range a worker gets, and what the finished chunks
 * measured. The first two are lsc_planner_next, the third lsc_planner_feedback. */

/* NULL with err set when the parameters are invalid. */
lsc_planner *lsc_planner_new(const lsc_plan_params *params, lsc_sched_error *err);
/* The next chunk for `worker` (0..p-1): 1 and *out filled, or 0 when this worker gets no more work.
 * Dynamic schemes do not care which worker asks, static and distributed ones do. */
int lsc_planner_next(lsc_planner *pl, int64_t worker, lsc_chunk *out);
/* `worker` finished `chunk`, a range lsc_planner_next gave it, in `seconds` of measured compute time. Whoever
 * runs the chunks calls it as each result arrives (the runtime's masters, lsc-plan's simulator); the schemes
 * of today plan without it. 0, or -1 (nothing recorded) for an unknown worker, a range outside the loop or
 * a time that is negative or not finite. */
int lsc_planner_feedback(lsc_planner *pl, int64_t worker, const lsc_chunk *chunk, double seconds);
/* What `worker` has reported so far; NULL for an unknown worker. */
const lsc_feedback *lsc_planner_feedback_of(const lsc_planner *pl, int64_t worker);
int64_t lsc_planner_remaining(const lsc_planner *pl);
void lsc_planner_free(lsc_planner *pl);

#ifdef __cplusplus
}
#endif
#endif
