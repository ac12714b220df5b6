/* sched_internal.h - the planner's state and the scheme contract, shared by the files of runtime/sched/ and
 * nothing else.
 *
 * A planner hands out [0, N) in two regions: the alpha prefix [0, region_start), split once by weight, and
 * the scheme region [region_start, N), cut by the chosen scheme. Every array is carved out of the one
 * allocation made by lsc_planner_new, so lsc_planner_next never allocates.
 *
 * The scheme contract. A scheme is three parts, kept apart so that each can change without the others:
 *
 *   size       next_size(pl, worker, remaining): how many iterations the next chunk of the scheme region
 *              holds, from the scheme's own state (pl->self or pl->virt) and `remaining`, what is left of the
 *              region (>= 1). Pure: no clock, no I/O, no knowledge of where the range lies; it advances the
 *              scheme's state (a batch, a trapezoid step) and nothing else. The result may exceed
 *              `remaining` or be below 1: placement clamps it. Per-core schemes (`per_core`) give one
 *              processor's chunk and ignore `worker`; the others give worker's chunk.
 *
 *   placement  lsc_place(pl, ops, worker, out) in placement.c: which range the requesting worker gets. Its
 *              alpha share first; then the scheme's own `place` when it has one (the static schemes: a fixed
 *              range per worker and round); otherwise the next `size` iterations from the front of the
 * region, and once the region is empty the alpha shares nobody claimed. Every range comes from here, so
 *              per-worker range queues (with stealing between them) replace this one function.
 *
 *   feedback   lsc_planner_feedback(pl, worker, chunk, seconds), public (lsc_sched.h): the measured time of
 *              each finished chunk. The planner keeps per-worker counts and seconds (pl->feedback) for every
 *              scheme, then calls the scheme's `feedback` when it has one; none does yet. Adaptive schemes,
 *              alpha(auto) and re-issuing a lost chunk will read it.
 *
 * planner.c holds the one table of schemes (lsc_scheme_ops by lsc_scheme_id) and is the only file that
 * picks a scheme; the scheme files (static.c, self.c, fiss_tfss.c, distributed.c) never call each other,
 * only the shared arithmetic of arith.c.
 */
#ifndef LSC_SCHED_INTERNAL_H
#define LSC_SCHED_INTERNAL_H

#include "lsc_sched.h"

#define LSC_SCHED_MAX_ITERATIONS (INT64_C(1) << 62)
#define LSC_SCHED_MAX_WORKERS INT64_C(1000000)
#define LSC_SCHED_MAX_CORES INT64_C(1048576)
/* largest A_k (power relative to the slowest worker, times cores) the virtual-processor schemes accept */
#define LSC_VIRTUAL_MAX_RATIO 1e12

/* Defaults of the schemes' parameters; docs/schedules.md explains each choice. */
#define LSC_FSS_DEFAULT_FACTOR 2.0
#define LSC_FISS_DEFAULT_STAGES 3
#define LSC_ALPHA_AUTO_BASE 75
#define LSC_FSC_DEFAULT_RATIO 1.0  /* fsc: h / sigma when not given                     */
#define LSC_FAC_DEFAULT_COV 1.0    /* fac, tap: sigma / mu when not given                */
#define LSC_TAP_DEFAULT_ALPHA 1.3  /* tap: a                                             */
#define LSC_PLS_DEFAULT_SWR 0.5    /* pls: static fraction                               */
#define LSC_STEAL_DEFAULT_ROUNDS 4 /* static_steal: default k cuts a block in this many  */

/* What the adaptive schemes learn about one worker from the times of its chunks. Kept by the planner and,
 * across instances of a loop site, in lsc_sched_memory. */
typedef struct lsc_rate {
  double weighted_time;  /* AWF: sum over the worker's chunks of j t_j, j = 1, 2, ... ([banicescu-awf]) */
  double weighted_iters; /* AWF: sum of j n_j                                                        */
  double time, iters;    /* AF: sum of t_j and of n_j                                                 */
  double square;         /* AF: sum of t_j^2 / n_j, for the variance of one iteration's time          */
  int64_t chunks;        /* chunks measured: j of the last one                                        */
} lsc_rate;

struct lsc_sched_memory {
  int64_t workers;   /* size of the arrays; 0 before the first planner */
  int64_t instances; /* planners that used it                           */
  lsc_rate *rates;   /* by worker                                       */
  int64_t *ran;      /* static_steal: iterations each worker ran, this instance  */
  int64_t *held;     /* static_steal: the same for the previous instance        */
};

/* Per-worker sums the adaptive schemes keep current in O(1) per feedback: each worker's present term and
 * the totals over the workers measured so far. */
typedef struct lsc_adaptive_state {
  double *inverse; /* by worker: its 1/mu (AF) or 1/wap (AWF) in inverse_sum; 0 = not measured */
  double *spread;  /* by worker: its sigma^2/mu in spread_sum (AF)                               */
  double inverse_sum, spread_sum;
  int64_t measured;  /* workers with a term                                                  */
  int64_t min_chunk; /* AF, AWF-B..E: the chunk of a worker not measured yet; AF's floor     */
  int64_t max_chunk; /* AF: its ceiling, ceil(N/2p)                                          */
  int64_t batch;     /* AWF-B, AWF-D, WF: chunk of one processor in the current batch       */
  int64_t batch_left;
} lsc_adaptive_state;

/* State of the sequence a self-scheduling scheme produces over `procs` identical processors. */
typedef struct lsc_self_state {
  int64_t procs;      /* p of the formulas: workers, or total cores in hierarchical mode     */
  int64_t total;      /* size of the scheme region when the scheme started                   */
  int64_t batch_size; /* fss, tfss: chunk of the current batch                               */
  int64_t batch_left; /* fss, fiss, tfss: chunks left in the current batch or stage          */
  int64_t tss_next;   /* tss, tfss: the next trapezoid chunk before clamping                 */
  int64_t tss_delta;  /* tss, tfss: D                                                        */
  int64_t tss_last;   /* tss, tfss: L                                                        */
  int64_t fiss_size;  /* fiss: chunk of the current stage                                    */
  int64_t fiss_bump;  /* fiss: increase between stages                                       */
} lsc_self_state;

/* State of the distributed (virtual processor) schemes. */
typedef struct lsc_virtual_state {
  double total_power;    /* A = sum of A_k                                                  */
  double handed_out;     /* virtual chunks handed out so far (S of DTSS)                    */
  double batch_left;     /* dfss: virtual chunks left in the current batch                  */
  double batch_per_unit; /* dfss: chunk of one virtual processor in the current batch        */
  int64_t tss_first;     /* dtss: F                                                         */
  int64_t tss_delta;     /* dtss: D                                                         */
  int64_t tss_last;      /* dtss: L                                                         */
} lsc_virtual_state;

/* BOLD's constants from mu, sigma and h, and what the feedback reported finished. */
typedef struct lsc_bold_state {
  double a, b, ln_b, c1, c2, c3;
  double p_inv; /* 1/p: multiplications instead of divisions per chunk */
  int64_t finished;
} lsc_bold_state;

struct lsc_planner {
  lsc_schedule schedule;
  int64_t iterations;
  int64_t workers;
  int64_t handed_out; /* iterations given to workers so far, over both regions */

  /* The alpha prefix: worker k's share is [alpha_start[k], alpha_start[k] + alpha_size[k]). */
  int64_t *alpha_start;
  int64_t *alpha_size;       /* zeroed when claimed                                          */
  int64_t alpha_orphan_from; /* lowest worker whose share may still be unclaimed            */

  /* The scheme region [region_start, iterations). Dynamic schemes cut it from the front. */
  int64_t region_start;
  int64_t region_next;

  int64_t *cores;       /* cores per worker (1 each without hierarchy)                          */
  int64_t *core_prefix; /* cores of the workers before k: worker k is processors [prefix, +cores) */
  double *power;        /* A_k of the distributed schemes, slowest worker = 1                    */
  int64_t *rounds;      /* static schemes: rounds worker k has received                           */

  lsc_feedback *feedback; /* by worker: what lsc_planner_feedback recorded */
  lsc_rate *rate;         /* by worker: what the adaptive schemes learned (from memory, then feedback) */
  double *weight;         /* by worker: WF's and AWF's weights, normalised to sum p                   */
  int64_t *own_next;      /* static_steal: worker k's block is [own_next[k], own_end[k])              */
  int64_t *own_end;
  lsc_sched_memory *memory; /* the loop site's, or NULL */

  lsc_self_state self;
  lsc_virtual_state virt;
  lsc_adaptive_state adapt;
  lsc_bold_state bold;
  uint64_t random;      /* rnd: the generator's state                         */
  int64_t steal_cursor; /* static_steal: where the search for a victim starts */
};

/* One scheme, as the table of planner.c holds it. NULL parts: nothing to do (start, feedback), the front of
 * the region (place), no size of its own (next_size, for schemes with a `place`). */
typedef struct lsc_scheme_ops {
  /* Once, when the regions and per-worker arrays are laid out: 0, or -1 with err set. */
  int (*start)(lsc_planner *pl, lsc_sched_error *err);
  int64_t (*next_size)(lsc_planner *pl, int64_t worker, int64_t remaining); /* size  */
  int (*place)(lsc_planner *pl, int64_t worker, lsc_chunk *out); /* placement in the scheme region */
  void (*feedback)(lsc_planner *pl, int64_t worker, const lsc_chunk *chunk, double seconds); /* feedback */
  int per_core; /* next_size is one processor's: a worker with c cores gets the sum of the next c (HLS) */
  int dynamic;  /* a `place` whose work goes to whoever asks: alpha shares nobody claimed follow it */
} lsc_scheme_ops;

/* a * b / c rounded down or up, exact for non-negative operands whose true result fits 64 bits. */
int64_t lsc_mul_div_floor(int64_t a, int64_t b, int64_t c);
int64_t lsc_mul_div_ceil(int64_t a, int64_t b, int64_t c);
int64_t lsc_div_ceil(int64_t a, int64_t b);
/* Floor of the mean of max(first - i*delta, floor_value) over i = 0..count-1 (TFSS batches). */
int64_t lsc_trapezoid_mean(int64_t first, int64_t delta, int64_t floor_value, int64_t count);
/* A real chunk size as an integer in [1, 2^62]; NaN and negatives give 1. */
int64_t lsc_size_from_real(double size);
/* The first and last chunk and the decrement of a trapezoid over `total` iterations on `procs` processors
 * (TSS, TFSS, DTSS). */
void lsc_trapezoid(int64_t total, int64_t procs, int64_t first, int64_t last, int64_t *f, int64_t *l,
                   int64_t *d);

/* parse.c */
int lsc_sched_format_error(lsc_sched_error *err, const char *fmt, ...);

/* placement.c: the range `worker` gets next (the contract's placement); 1 and *out filled, or 0. */
int lsc_place(lsc_planner *pl, const lsc_scheme_ops *ops, int64_t worker, lsc_chunk *out);

/* The schemes, one file per family; planner.c puts them in its table. */
/* static.c: block, cyclic and block-cyclic, by worker ([chang-alpha] 2.1.1) */
int lsc_block_place(lsc_planner *pl, int64_t worker, lsc_chunk *out);
int lsc_cyclic_place(lsc_planner *pl, int64_t worker, lsc_chunk *out);
int lsc_block_cyclic_place(lsc_planner *pl, int64_t worker, lsc_chunk *out);
/* self.c: PSS, CSS, GSS, FSS, TSS over self.procs processors ([chang-alpha] 2.1.2) */
int64_t lsc_pss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
int64_t lsc_css_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
int64_t lsc_gss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
int64_t lsc_fss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
int lsc_tss_start(lsc_planner *pl, lsc_sched_error *err);
int64_t lsc_tss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
/* fiss_tfss.c: FISS and TFSS (LB4OMP definitions) */
int lsc_fiss_start(lsc_planner *pl, lsc_sched_error *err);
int64_t lsc_fiss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
int lsc_tfss_start(lsc_planner *pl, lsc_sched_error *err);
int64_t lsc_tfss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
/* distributed.c: DCSS, DGSS, DFSS, DTSS on virtual processors ([ciorba-hopt], [ciorba-dmps]) */
int lsc_virtual_start(lsc_planner *pl, lsc_sched_error *err);
int lsc_dtss_start(lsc_planner *pl, lsc_sched_error *err);
int64_t lsc_dcss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
int64_t lsc_dgss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
int64_t lsc_dfss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
int64_t lsc_dtss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);

/* factoring.c: FSC, mFSC, FAC, WF, TAP: rules from the statistics of an iteration's time or the weights */
int lsc_fsc_start(lsc_planner *pl, lsc_sched_error *err);
int64_t lsc_fixed_next_size(lsc_planner *pl, int64_t worker, int64_t remaining); /* fsc, mfsc */
int lsc_mfsc_start(lsc_planner *pl, lsc_sched_error *err);
int64_t lsc_fac_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
int lsc_wf_start(lsc_planner *pl, lsc_sched_error *err);
int64_t lsc_wf_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
int64_t lsc_tap_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
/* fiss_tfss.c also: VISS */
int lsc_viss_start(lsc_planner *pl, lsc_sched_error *err);
int64_t lsc_viss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
/* random_pls.c: RND and PLS */
int lsc_rnd_start(lsc_planner *pl, lsc_sched_error *err);
int64_t lsc_rnd_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
int lsc_pls_start(lsc_planner *pl, lsc_sched_error *err);
/* steal.c: static_steal */
int lsc_steal_start(lsc_planner *pl, lsc_sched_error *err);
int lsc_steal_place(lsc_planner *pl, int64_t worker, lsc_chunk *out);
/* adaptive.c: AWF, AWF-B..E, AF ([banicescu-awf], [banicescu-af]) */
int lsc_adaptive_start(lsc_planner *pl, lsc_sched_error *err);
int64_t lsc_awf_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);   /* awf, awf_b, awf_d */
int64_t lsc_awf_c_next_size(lsc_planner *pl, int64_t worker, int64_t remaining); /* awf_c, awf_e */
int64_t lsc_af_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
void lsc_rate_feedback(lsc_planner *pl, int64_t worker, const lsc_chunk *chunk, double seconds);
/* bold.c: BOLD ([hagerup-bold]) */
int lsc_bold_start(lsc_planner *pl, lsc_sched_error *err);
int64_t lsc_bold_next_size(lsc_planner *pl, int64_t worker, int64_t remaining);
void lsc_bold_feedback(lsc_planner *pl, int64_t worker, const lsc_chunk *chunk, double seconds);
/* memory.c: the loop site's memory, attached by lsc_planner_new; 0, or -1 when out of memory */
int lsc_memory_attach(lsc_planner *pl, lsc_sched_memory *memory);

/* alpha.c */
void lsc_alpha_shares(int64_t split, int64_t workers, const double *weights, int64_t *start, int64_t *size);

static inline int64_t lsc_min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}
static inline int64_t lsc_max64(int64_t a, int64_t b) {
  return a > b ? a : b;
}

/* draw.c: reproducible random numbers. The next 64 bits of splitmix64 from `state`; a standard normal. */
uint64_t lsc_draw_next(uint64_t *state);
double lsc_draw_normal(uint64_t *state);

#endif
