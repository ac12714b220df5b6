/* alpha.c - the alpha-based two-phase split ([chang-alpha] 3.2) and alpha(auto) ([wu-hybrid],
 * [yang-adaptive]). */
#include <math.h>

#include "sched_internal.h"

/* Smallest x >= 0 with (2b + (x-1)h) x / 2 >= work, the iterations of an increasing loop holding `work`:
 * [chang-alpha] Assertion 2, x = (-b + sqrt(b^2 + 2hW)) / h, written without the cancellation of -b + sqrt.
 */
static long double iterations_holding(long double b, long double h, long double work) {
  if (work <= 0)
    return 0;
  return 2 * work / (b + sqrtl(b * b + 2 * h * work));
}

/* ceil that ignores the last bits of rounding noise, so an exact integer does not round up by one */
static int64_t ceil_tolerant(long double x, int64_t limit) {
  if (!(x > 0))
    return 0;
  long double below = floorl(x);
  int64_t result = (int64_t)below + (x - below > x * 1e-12L);
  return result > limit ? limit : result;
}

int64_t lsc_alpha_split_point(int64_t iterations, int alpha, const lsc_workload *workload) {
  if (alpha <= 0 || iterations == 0)
    return 0;
  if (alpha >= 100)
    return iterations;
  lsc_workload_kind kind = workload ? workload->kind : LSC_WORKLOAD_UNIFORM;
  if ((kind == LSC_WORKLOAD_INCREASING || kind == LSC_WORKLOAD_DECREASING) && workload->h > 0) {
    long double b = workload->b, h = workload->h, n = (long double)iterations;
    long double total = (2 * b + (n - 1) * h) * n / 2; /* T of Assertion 2 */
    long double work = total * alpha / 100;            /* W = a% of T       */
    if (kind == LSC_WORKLOAD_INCREASING)               /* Assertion 2: m = ceil(x) */
      return ceil_tolerant(iterations_holding(b, h, work), iterations);
    /* Assertion 3: the cheap tail holds W' = T - W, m = ceil(I - x') */
    return ceil_tolerant(n - iterations_holding(b, h, total - work), iterations);
  }
  /* Assertion 1 reads m = floor(I a%), but Table 3.2 splits 1639 = ceil(2048 * 0.8) iterations: we round up
   */
  return lsc_mul_div_ceil(iterations, alpha, 100);
}

void lsc_alpha_shares(int64_t split, int64_t workers, const double *weights, int64_t *start, int64_t *size) {
  /* [chang-alpha] 3.4 (wss): share_k = ceil(r P_k / P), each clamped to what is left so the shares sum to r
   */
  long double total_weight = 0;
  for (int64_t k = 0; k < workers; k++)
    total_weight += weights ? weights[k] : 1.0;
  int64_t left = split, cursor = 0;
  for (int64_t k = 0; k < workers; k++) {
    int64_t share;
    if (weights)
      share = ceil_tolerant((long double)split * weights[k] / total_weight, split);
    else
      share = lsc_div_ceil(split, workers);
    share = lsc_min64(share, left);
    start[k] = cursor;
    size[k] = share;
    cursor += share;
    left -= share;
  }
}

static double min_over_max(const double *values, int64_t count) {
  double lo = 0.0, hi = 0.0;
  int64_t seen = 0;
  for (int64_t i = 0; i < count; i++) {
    if (!(values[i] > 0.0) || !isfinite(values[i]))
      continue;
    if (seen == 0 || values[i] < lo)
      lo = values[i];
    if (seen == 0 || values[i] > hi)
      hi = values[i];
    seen++;
  }
  return seen ? lo / hi : 1.0;
}

int lsc_alpha_auto(const double *power, int64_t workers, const double *sample_times, int64_t samples) {
  /* [yang-adaptive] 3: HR = min/max measured performance; HR below a0/100 = relatively heterogeneous: alpha =
   * a0, otherwise relatively homogeneous: alpha = 100. a0 = 75, [chang-alpha]'s best. */
  double heterogeneity = power && workers > 0 ? min_over_max(power, workers) : 1.0;
  int base = heterogeneity * 100.0 < LSC_ALPHA_AUTO_BASE ? LSC_ALPHA_AUTO_BASE : 100;
  /* [wu-hybrid] eq. (4): SWR = min/max of sampled iteration times; only SWR of the work is split statically
   */
  double regularity = sample_times && samples > 0 ? min_over_max(sample_times, samples) : 1.0;
  int alpha = (int)floor(base * regularity + 1e-9);
  return alpha < 0 ? 0 : alpha > 100 ? 100 : alpha;
}
