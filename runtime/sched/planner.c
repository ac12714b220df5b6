/* planner.c - the one place that picks a scheme: the table of schemes by lsc_scheme_id, the validation of the
 * parameters, the layout of the alpha prefix and the scheme region, and the three parts of the contract
 * (sched_internal.h) run in order: placement (which asks the scheme for a size), then feedback. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched_internal.h"

/* Every scheme, by id, like a switch over lsc_scheme_id but checked for size: a scheme added to the enum
 * without an entry here fails to build. schedule(runtime) and schedule(auto) have no entry: they are resolved
 * before planning. */
static const lsc_scheme_ops scheme_ops[] = {
    [LSC_SCHEME_STATIC] = {.place = lsc_block_place},
    [LSC_SCHEME_CYCLIC] = {.place = lsc_cyclic_place},
    [LSC_SCHEME_BLOCK_CYCLIC] = {.place = lsc_block_cyclic_place},
    [LSC_SCHEME_PSS] = {.next_size = lsc_pss_next_size, .per_core = 1},
    [LSC_SCHEME_CSS] = {.next_size = lsc_css_next_size, .per_core = 1},
    [LSC_SCHEME_GSS] = {.next_size = lsc_gss_next_size, .per_core = 1},
    [LSC_SCHEME_FSS] = {.next_size = lsc_fss_next_size, .per_core = 1},
    [LSC_SCHEME_TSS] = {.start = lsc_tss_start, .next_size = lsc_tss_next_size, .per_core = 1},
    [LSC_SCHEME_FISS] = {.start = lsc_fiss_start, .next_size = lsc_fiss_next_size, .per_core = 1},
    [LSC_SCHEME_TFSS] = {.start = lsc_tfss_start, .next_size = lsc_tfss_next_size, .per_core = 1},
    [LSC_SCHEME_DCSS] = {.start = lsc_virtual_start, .next_size = lsc_dcss_next_size},
    [LSC_SCHEME_DGSS] = {.start = lsc_virtual_start, .next_size = lsc_dgss_next_size},
    [LSC_SCHEME_DFSS] = {.start = lsc_virtual_start, .next_size = lsc_dfss_next_size},
    [LSC_SCHEME_DTSS] = {.start = lsc_dtss_start, .next_size = lsc_dtss_next_size},
    [LSC_SCHEME_FSC] = {.start = lsc_fsc_start, .next_size = lsc_fixed_next_size, .per_core = 1},
    [LSC_SCHEME_MFSC] = {.start = lsc_mfsc_start, .next_size = lsc_fixed_next_size, .per_core = 1},
    [LSC_SCHEME_FAC] = {.next_size = lsc_fac_next_size, .per_core = 1},
    [LSC_SCHEME_WF] = {.start = lsc_wf_start, .next_size = lsc_wf_next_size},
    [LSC_SCHEME_TAP] = {.next_size = lsc_tap_next_size, .per_core = 1},
    [LSC_SCHEME_VISS] = {.start = lsc_viss_start, .next_size = lsc_viss_next_size, .per_core = 1},
    [LSC_SCHEME_PLS] = {.start = lsc_pls_start, .next_size = lsc_gss_next_size, .per_core = 1},
    [LSC_SCHEME_RND] = {.start = lsc_rnd_start, .next_size = lsc_rnd_next_size, .per_core = 1},
    [LSC_SCHEME_STATIC_STEAL] = {.start = lsc_steal_start, .place = lsc_steal_place, .dynamic = 1},
    [LSC_SCHEME_AWF] = {.start = lsc_adaptive_start,
                        .next_size = lsc_awf_next_size,
                        .feedback = lsc_rate_feedback},
    [LSC_SCHEME_AWF_B] = {.start = lsc_adaptive_start,
                          .next_size = lsc_awf_next_size,
                          .feedback = lsc_rate_feedback},
    [LSC_SCHEME_AWF_C] = {.start = lsc_adaptive_start,
                          .next_size = lsc_awf_c_next_size,
                          .feedback = lsc_rate_feedback},
    [LSC_SCHEME_AWF_D] = {.start = lsc_adaptive_start,
                          .next_size = lsc_awf_next_size,
                          .feedback = lsc_rate_feedback},
    [LSC_SCHEME_AWF_E] = {.start = lsc_adaptive_start,
                          .next_size = lsc_awf_c_next_size,
                          .feedback = lsc_rate_feedback},
    [LSC_SCHEME_BOLD] = {.start = lsc_bold_start,
                         .next_size = lsc_bold_next_size,
                         .feedback = lsc_bold_feedback,
                         .per_core = 1},
    [LSC_SCHEME_AF] = {.start = lsc_adaptive_start,
                       .next_size = lsc_af_next_size,
                       .feedback = lsc_rate_feedback},
    [LSC_SCHEME_RUNTIME] = {0},
    [LSC_SCHEME_AUTO] = {0},
};
_Static_assert(sizeof scheme_ops / sizeof scheme_ops[0] == LSC_SCHEME_COUNT,
               "scheme_ops needs one entry per lsc_scheme_id");

static int check_schedule(const lsc_schedule *s, lsc_sched_error *err) {
  if ((int)s->scheme < 0 || s->scheme >= LSC_SCHEME_COUNT)
    return lsc_sched_format_error(err, "unknown scheme id %d", (int)s->scheme);
  if (s->scheme == LSC_SCHEME_RUNTIME)
    return lsc_sched_format_error(err,
                                  "schedule(runtime) must be resolved from LSC_SCHEDULE before planning");
  if (s->scheme == LSC_SCHEME_AUTO)
    return lsc_sched_format_error(err, "schedule(auto) must be resolved by lsc_auto_rank before planning");
  /* a zero-filled entry in the middle of the table passes the _Static_assert: it is refused here */
  if (!scheme_ops[s->scheme].next_size && !scheme_ops[s->scheme].place)
    return lsc_sched_format_error(err, "scheme %s has no implementation", lsc_scheme_name(s->scheme));
  if (s->chunk < 0 || s->chunk > LSC_SCHED_MAX_ITERATIONS)
    return lsc_sched_format_error(err, "chunk %lld out of range; expected 1..2^62 or 0 for the default",
                                  (long long)s->chunk);
  if (s->first < 0 || s->last < 0 || s->first > LSC_SCHED_MAX_ITERATIONS ||
      s->last > LSC_SCHED_MAX_ITERATIONS || (s->first > 0 && s->last > s->first))
    return lsc_sched_format_error(
        err, "trapezoid (F,L) = (%lld,%lld) invalid; expected F >= L >= 1 or 0 for defaults",
        (long long)s->first, (long long)s->last);
  if (s->factor != 0.0 && !(s->factor >= 1.0 && s->factor <= 1e6))
    return lsc_sched_format_error(err, "factor %g out of range; expected 1..1e6 or 0 for the default",
                                  s->factor);
  if (s->stages != 0 && (s->stages < 2 || s->stages > 1000000) &&
      !(s->scheme == LSC_SCHEME_VISS && s->stages == 1))
    return lsc_sched_format_error(err, "stages %lld out of range; expected 2..1000000 or 0 for the default",
                                  (long long)s->stages);
  /* the statistics of fsc, fac and tap: finite, mu and h positive, sigma not negative */
  if (!isfinite(s->mu) || s->mu < 0 || !isfinite(s->sigma) || s->sigma < 0 || !isfinite(s->overhead) ||
      s->overhead < 0)
    return lsc_sched_format_error(err, "mu %g, sigma %g, h %g invalid; expected finite numbers >= 0", s->mu,
                                  s->sigma, s->overhead);
  if (!isfinite(s->ratio) || s->ratio < 0 || (s->scheme == LSC_SCHEME_PLS && s->ratio > 1.0))
    return lsc_sched_format_error(err, "ratio %g invalid; expected a finite number >= 0 (pls: 0..1)",
                                  s->ratio);
  if (s->max_chunk < 0 || s->max_chunk > LSC_SCHED_MAX_ITERATIONS ||
      (s->max_chunk > 0 && s->chunk > s->max_chunk))
    return lsc_sched_format_error(err, "rnd(min,max) = (%lld,%lld) invalid; expected 1 <= min <= max",
                                  (long long)s->chunk, (long long)s->max_chunk);
  return 0;
}

static int check_params(const lsc_plan_params *pp, lsc_sched_error *err) {
  if (!pp)
    return lsc_sched_format_error(err, "no planner parameters given");
  if (check_schedule(&pp->schedule, err) != 0)
    return -1;
  if (pp->alpha == LSC_ALPHA_AUTO)
    return lsc_sched_format_error(err, "alpha(auto) must be resolved with lsc_alpha_auto before planning");
  if (pp->alpha < 0 || pp->alpha > 100)
    return lsc_sched_format_error(err, "alpha %d out of range; expected 0..100", pp->alpha);
  if (pp->iterations < 0 || pp->iterations > LSC_SCHED_MAX_ITERATIONS)
    return lsc_sched_format_error(err, "iterations %lld out of range; expected 0..2^62",
                                  (long long)pp->iterations);
  if (pp->workers < 1 || pp->workers > LSC_SCHED_MAX_WORKERS)
    return lsc_sched_format_error(err, "workers %lld out of range; expected 1..1000000",
                                  (long long)pp->workers);
  const lsc_workload *w = &pp->workload;
  if (!isfinite(w->b) || !isfinite(w->h) || w->b < 0 || w->h < 0)
    return lsc_sched_format_error(err, "workload (b,h) = (%g,%g) invalid; expected finite numbers >= 0", w->b,
                                  w->h);
  for (int64_t k = 0; pp->weights && k < pp->workers; k++)
    if (!(pp->weights[k] > 0.0 && pp->weights[k] <= 1e12))
      return lsc_sched_format_error(err, "weight %g of worker %lld invalid; expected a number in (0, 1e12]",
                                    pp->weights[k], (long long)k);
  for (int64_t k = 0; pp->cores && k < pp->workers; k++)
    if (pp->cores[k] < 1 || pp->cores[k] > LSC_SCHED_MAX_CORES)
      return lsc_sched_format_error(err, "cores %lld of worker %lld invalid; expected 1..1048576",
                                    (long long)pp->cores[k], (long long)k);
  return 0;
}

lsc_planner *lsc_planner_new(const lsc_plan_params *params, lsc_sched_error *err) {
  if (check_params(params, err) != 0)
    return NULL;
  int64_t p = params->workers;
  /* one block: the planner, then seven int64 arrays, four double arrays, the feedback and the rates of p
   * entries each; every part is a multiple of 8 bytes, so each array starts aligned. All zero: no round, no
   * feedback yet. */
  size_t bytes = sizeof(lsc_planner) + (size_t)p * (7 * sizeof(int64_t) + 4 * sizeof(double) +
                                                    sizeof(lsc_feedback) + sizeof(lsc_rate));
  lsc_planner *pl = malloc(bytes);
  if (!pl) {
    lsc_sched_format_error(err, "out of memory planning for %lld workers", (long long)p);
    return NULL;
  }
  memset(pl, 0, bytes);
  int64_t *arrays = (int64_t *)(pl + 1);
  pl->alpha_start = arrays;
  pl->alpha_size = arrays + p;
  pl->cores = arrays + 2 * p;
  pl->core_prefix = arrays + 3 * p;
  pl->rounds = arrays + 4 * p;
  pl->power = (double *)(arrays + 5 * p);
  pl->feedback = (lsc_feedback *)(pl->power + p);
  pl->rate = (lsc_rate *)(pl->feedback + p);
  pl->weight = (double *)(pl->rate + p);
  pl->adapt.inverse = pl->weight + p;
  pl->adapt.spread = pl->adapt.inverse + p;
  pl->own_next = (int64_t *)(pl->adapt.spread + p);
  pl->own_end = pl->own_next + p;

  pl->schedule = params->schedule;
  pl->iterations = params->iterations;
  pl->workers = p;

  int64_t split = lsc_alpha_split_point(params->iterations, params->alpha, &params->workload);
  lsc_alpha_shares(split, p, params->weights, pl->alpha_start, pl->alpha_size);
  pl->region_start = pl->region_next = split;

  int64_t procs = 0;
  double slowest = 0.0;
  for (int64_t k = 0; k < p; k++) {
    double weight = params->weights ? params->weights[k] : 1.0;
    if (k == 0 || weight < slowest)
      slowest = weight;
  }
  for (int64_t k = 0; k < p; k++) {
    pl->cores[k] = params->cores ? params->cores[k] : 1;
    pl->core_prefix[k] = procs;
    procs += pl->cores[k];
    /* [ciorba-hopt] II: A_k = VP_k / q_k, the slowest at 1; cores multiply a worker's virtual processors */
    pl->power[k] = (params->weights ? params->weights[k] / slowest : 1.0) * (double)pl->cores[k];
  }
  pl->self.procs = procs;
  pl->self.total = params->iterations - split;

  /* WF's weights ([hummel-wf]): each worker's power (weight times cores), normalised to sum p */
  double power_sum = 0.0;
  for (int64_t k = 0; k < p; k++)
    power_sum += pl->power[k];
  for (int64_t k = 0; k < p; k++)
    pl->weight[k] = pl->power[k] * (double)p / power_sum;

  if (lsc_memory_attach(pl, params->memory) != 0) {
    lsc_sched_format_error(err, "out of memory keeping what the loop site learned for %lld workers",
                           (long long)p);
    free(pl);
    return NULL;
  }
  const lsc_scheme_ops *ops = &scheme_ops[pl->schedule.scheme];
  if (ops->start && ops->start(pl, err) != 0) {
    free(pl);
    return NULL;
  }
  return pl;
}

int lsc_planner_next(lsc_planner *pl, int64_t worker, lsc_chunk *out) {
  if (!pl || !out || worker < 0 || worker >= pl->workers)
    return 0;
  if (!lsc_place(pl, &scheme_ops[pl->schedule.scheme], worker, out))
    return 0;
  pl->handed_out += out->size;
  return 1;
}

int lsc_planner_feedback(lsc_planner *pl, int64_t worker, const lsc_chunk *chunk, double seconds) {
  /* A result that cannot be one of this planner's chunks is dropped rather than trusted: adaptive schemes
   * will divide by these sums. */
  if (!pl || !chunk || worker < 0 || worker >= pl->workers || chunk->start < 0 || chunk->size < 1 ||
      chunk->start > pl->iterations - chunk->size || !(seconds >= 0.0) || !isfinite(seconds))
    return -1;
  lsc_feedback *f = &pl->feedback[worker];
  f->chunks++;
  f->iterations += chunk->size;
  f->seconds += seconds;
  if (pl->memory)
    pl->memory->ran[worker] += chunk->size;
  const lsc_scheme_ops *ops = &scheme_ops[pl->schedule.scheme];
  if (ops->feedback)
    ops->feedback(pl, worker, chunk, seconds);
  return 0;
}

const lsc_feedback *lsc_planner_feedback_of(const lsc_planner *pl, int64_t worker) {
  return pl && worker >= 0 && worker < pl->workers ? &pl->feedback[worker] : NULL;
}

int64_t lsc_planner_remaining(const lsc_planner *pl) {
  return pl ? pl->iterations - pl->handed_out : 0;
}

void lsc_planner_free(lsc_planner *pl) {
  free(pl);
}
