/* distributed.c - DCSS, DGSS, DFSS, DTSS: the schemes run on A virtual processors, worker k being A_k of them
 * (seed 001 II: A_k = VP_k / q_k, slowest = 1, A = sum A_k; seed 003 slide 8 for DTSS). */
#include <math.h>

#include "sched_internal.h"

int lsc_virtual_start(lsc_planner *pl, lsc_sched_error *err) {
  lsc_virtual_state *v = &pl->virt;
  double total = 0.0, largest = 0.0;
  for (int64_t k = 0; k < pl->workers; k++) {
    total += pl->power[k];
    if (pl->power[k] > largest)
      largest = pl->power[k];
  }
  /* power[] is already relative to the slowest worker: a huge ratio would make A meaningless (or infinite) */
  if (!(largest <= LSC_VIRTUAL_MAX_RATIO))
    return lsc_sched_format_error(err,
                                  "%s: a worker stands for %g virtual processors (power over the slowest "
                                  "worker's, times cores); expected at most 1e12",
                                  lsc_scheme_name(pl->schedule.scheme), largest);
  v->total_power = total;
  v->handed_out = 0.0;
  v->batch_left = 0.0;
  if (pl->schedule.scheme == LSC_SCHEME_DTSS) {
    /* seed 003 slide 8: F = floor(I / 2A), L = 1; N and D as in TSS with A processors */
    int64_t region = pl->iterations - pl->region_start;
    int64_t first = pl->schedule.first;
    if (first == 0)
      first = lsc_max64(lsc_size_from_real(floor((double)region / (2.0 * total))), pl->schedule.last);
    lsc_trapezoid(region, 1, first, pl->schedule.last, &v->tss_first, &v->tss_last, &v->tss_delta);
  }
  return 0;
}

int64_t lsc_virtual_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  lsc_virtual_state *v = &pl->virt;
  const lsc_schedule *sc = &pl->schedule;
  double mine = pl->power[worker];
  switch (sc->scheme) {
  case LSC_SCHEME_DCSS: { /* seed 001 Table I: k per virtual processor; default k = floor(I / 2A) */
    double per_unit = sc->chunk > 0
                          ? (double)sc->chunk
                          : floor((double)(pl->iterations - pl->region_start) / (2.0 * v->total_power));
    return lsc_size_from_real(floor(mine * (per_unit >= 1.0 ? per_unit : 1.0) + 0.5));
  }
  case LSC_SCHEME_DGSS: /* seed 001 Table I: GSS on A processors, A_k of them at once: ceil(A_k R / A) */
    return lsc_max64(lsc_size_from_real(ceil(mine * (double)remaining / v->total_power)), sc->chunk);
  case LSC_SCHEME_DFSS: { /* seed 001 Table I: FSS on A processors; a batch ends after A virtual chunks */
    if (v->batch_left <= v->total_power * 1e-12) { /* rounding may leave a crumb of the batch */
      double factor = sc->factor > 0 ? sc->factor : LSC_FSS_DEFAULT_FACTOR;
      v->batch_per_unit = (double)remaining / (factor * v->total_power);
      v->batch_left = v->total_power;
    }
    v->batch_left -= mine;
    return lsc_size_from_real(ceil(mine * v->batch_per_unit));
  }
  case LSC_SCHEME_DTSS: {
    /* seed 003 slide 8 (Chronopoulos' DTSS): C = A_k (F - D (S + (A_k - 1) / 2)), S = virtual chunks so far:
     * the sum of the next A_k trapezoid chunks, each kept at or above L */
    double per_unit = (double)v->tss_first - (double)v->tss_delta * (v->handed_out + (mine - 1.0) / 2.0);
    if (per_unit < (double)v->tss_last)
      per_unit = (double)v->tss_last;
    v->handed_out += mine;
    return lsc_size_from_real(floor(mine * per_unit));
  }
  default:
    return 1;
  }
}
