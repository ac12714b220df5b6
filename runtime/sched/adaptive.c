/* adaptive.c - the techniques that learn each worker's speed from the measured time of its chunks: AWF and
 * its variants B to E ([banicescu-awf], [carino-awf], as DLS4LB computes them) and AF ([banicescu-af]). The
 * scheme contract's feedback (sched_internal.h) feeds them: every finished chunk updates the worker's sums
 * (lsc_rate), its term in the totals over workers (kept current, so a chunk costs O(1), not O(p)), and the
 * loop site's memory, from which the next instance starts. Workers not measured yet count as the average
 * of the measured ones; a worker asking before it has a measurement gets the minimum chunk. */
#include <math.h>

#include "sched_internal.h"

/* below this a measured time is noise (or a clock that did not tick): it would make a rate infinite */
#define SMALLEST_TIME 1e-12

static int is_af(const lsc_planner *pl) {
  return pl->schedule.scheme == LSC_SCHEME_AF;
}

/* Worker k's terms from its sums: AWF's 1/wap, wap = sum j t_j / sum j n_j (later chunks weigh more); AF's
 * 1/mu and sigma^2/mu, mu = sum t / sum n, sigma^2 of one iteration from the chunks' means
 * (sum n_j (t_j/n_j - mu)^2 / (chunks - 1) = (sum t_j^2/n_j - mu sum t) / (chunks - 1)). */
static void set_terms(lsc_planner *pl, int64_t k) {
  lsc_adaptive_state *a = &pl->adapt;
  const lsc_rate *r = &pl->rate[k];
  double inverse = 0.0, spread = 0.0;
  if (r->chunks > 0 && is_af(pl)) {
    double mu = fmax(r->time, SMALLEST_TIME) / r->iters;
    double variance = r->chunks > 1 ? fmax((r->square - mu * r->time) / (double)(r->chunks - 1), 0.0) : 0.0;
    inverse = 1.0 / mu;
    spread = variance / mu;
  } else if (r->chunks > 0) {
    inverse = r->weighted_iters / fmax(r->weighted_time, SMALLEST_TIME);
  }
  if (a->inverse[k] == 0.0 && inverse > 0.0)
    a->measured++;
  a->inverse_sum += inverse - a->inverse[k];
  a->spread_sum += spread - a->spread[k];
  a->inverse[k] = inverse;
  a->spread[k] = spread;
}

/* Worker k's AWF weight, normalised to sum p: p (1/wap_k) / sum (1/wap), the unmeasured at the average;
 * -1 while k itself is not measured. */
static double live_weight(const lsc_planner *pl, int64_t k) {
  const lsc_adaptive_state *a = &pl->adapt;
  if (a->inverse[k] == 0.0)
    return -1.0;
  return a->inverse[k] * (double)a->measured / a->inverse_sum;
}

int lsc_adaptive_start(lsc_planner *pl, lsc_sched_error *err) {
  (void)err;
  lsc_adaptive_state *a = &pl->adapt;
  int64_t p = pl->workers, total = pl->iterations - pl->region_start;
  /* DLS4LB's defaults: the minimum chunk is half of mFSC's chunk, AF's maximum FAC2's first chunk */
  int64_t t = lsc_max64(lsc_div_ceil(total, p), 1);
  int64_t mfsc = t <= 2 ? t : lsc_size_from_real(floor((double)t * log(2.0) / log((double)t) + 0.55));
  a->min_chunk = pl->schedule.chunk > 0 ? pl->schedule.chunk : lsc_max64(mfsc / 2, 1);
  a->max_chunk = lsc_max64(lsc_div_ceil(total, 2 * p), a->min_chunk);
  a->batch_left = 0;
  for (int64_t k = 0; k < p; k++)
    set_terms(pl, k); /* rates the loop site's memory brought in */
  /* plain AWF keeps its weights for the whole instance: those learned by the earlier ones, or (first
   * instance) the power weights WF uses, already in pl->weight */
  if (pl->schedule.scheme == LSC_SCHEME_AWF && a->measured > 0)
    for (int64_t k = 0; k < p; k++)
      pl->weight[k] = a->inverse[k] > 0.0 ? live_weight(pl, k) : 1.0;
  return 0;
}

void lsc_rate_feedback(lsc_planner *pl, int64_t worker, const lsc_chunk *chunk, double seconds) {
  lsc_rate *r = &pl->rate[worker];
  double n = (double)chunk->size;
  r->chunks++;
  r->weighted_time += (double)r->chunks * seconds;
  r->weighted_iters += (double)r->chunks * n;
  r->time += seconds;
  r->iters += n;
  r->square += seconds * seconds / n;
  set_terms(pl, worker);
  if (pl->memory)
    pl->memory->rates[worker] = *r;
}

/* DLS4LB rounds the adaptive chunks with + 0.55 */
static int64_t rounded(double size) {
  return lsc_size_from_real(floor(size + 0.55));
}

int64_t lsc_awf_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* AWF, AWF-B, AWF-D: FAC2 batches, ceil(R/2p) per processor at the batch's start, times the worker's
   * weight; AWF's weights are fixed per instance, B's and D's follow every measurement */
  lsc_adaptive_state *a = &pl->adapt;
  double weight = pl->schedule.scheme == LSC_SCHEME_AWF ? pl->weight[worker] : live_weight(pl, worker);
  if (weight < 0)
    return a->min_chunk;
  if (a->batch_left == 0) {
    a->batch = lsc_div_ceil(remaining, 2 * pl->workers);
    a->batch_left = pl->workers;
  }
  a->batch_left--;
  return lsc_max64(rounded(weight * (double)a->batch), a->min_chunk);
}

int64_t lsc_awf_c_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* AWF-C, AWF-E: every chunk is FAC2's ceil(R/2p) of the moment, times the worker's current weight */
  double weight = live_weight(pl, worker);
  if (weight < 0)
    return pl->adapt.min_chunk;
  return lsc_max64(rounded(weight * (double)lsc_div_ceil(remaining, 2 * pl->workers)), pl->adapt.min_chunk);
}

int64_t lsc_af_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* [banicescu-af]: D = sum sigma_k^2/mu_k, T = 1 / sum (1/mu_k),
   * C_i = (D + 2TR - sqrt(D^2 + 4DTR)) / (2 mu_i), between the minimum chunk and ceil(N/2p) */
  const lsc_adaptive_state *a = &pl->adapt;
  if (a->inverse[worker] == 0.0)
    return a->min_chunk;
  double scale = (double)pl->workers / (double)a->measured; /* the unmeasured at the average */
  double d = a->spread_sum * scale, t = 1.0 / (a->inverse_sum * scale), r = (double)remaining;
  double size = (d + 2.0 * t * r - sqrt(d * (d + 4.0 * t * r))) * a->inverse[worker] / 2.0;
  return lsc_max64(lsc_min64(rounded(size), a->max_chunk), a->min_chunk);
}
