/* distributed.c - DCSS, DGSS, DFSS, DTSS: the schemes run on A virtual processors, worker k being A_k of them
 * ([ciorba-hopt] II: A_k = VP_k / q_k, slowest = 1, A = sum A_k; [ciorba-dmps] slide 8 for DTSS). One size
 * function per scheme (the contract's size, sched_internal.h): each gives worker k's whole chunk, its A_k
 * virtual processors' worth, so the planner does not sum them per core. */
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
  return 0;
}

int lsc_dtss_start(lsc_planner *pl, lsc_sched_error *err) {
  if (lsc_virtual_start(pl, err) != 0)
    return -1;
  /* [ciorba-dmps] slide 8: F = floor(I / 2A), L = 1; N and D as in TSS with A processors */
  lsc_virtual_state *v = &pl->virt;
  int64_t region = pl->iterations - pl->region_start;
  int64_t first = pl->schedule.first;
  if (first == 0)
    first = lsc_max64(lsc_size_from_real(floor((double)region / (2.0 * v->total_power))), pl->schedule.last);
  lsc_trapezoid(region, 1, first, pl->schedule.last, &v->tss_first, &v->tss_last, &v->tss_delta);
  return 0;
}

int64_t lsc_dcss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* [ciorba-hopt] Table I: k per virtual processor; default k = floor(I / 2A) */
  (void)remaining;
  const lsc_virtual_state *v = &pl->virt;
  double per_unit = pl->schedule.chunk > 0
                        ? (double)pl->schedule.chunk
                        : floor((double)(pl->iterations - pl->region_start) / (2.0 * v->total_power));
  return lsc_size_from_real(floor(pl->power[worker] * (per_unit >= 1.0 ? per_unit : 1.0) + 0.5));
}

int64_t lsc_dgss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* [ciorba-hopt] Table I: GSS on A processors, A_k of them at once: ceil(A_k R / A) */
  return lsc_max64(lsc_size_from_real(ceil(pl->power[worker] * (double)remaining / pl->virt.total_power)),
                   pl->schedule.chunk);
}

int64_t lsc_dfss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* [ciorba-hopt] Table I: FSS on A processors; a batch ends after A virtual chunks */
  lsc_virtual_state *v = &pl->virt;
  double mine = pl->power[worker];
  if (v->batch_left <= v->total_power * 1e-12) { /* rounding may leave a crumb of the batch */
    double factor = pl->schedule.factor > 0 ? pl->schedule.factor : LSC_FSS_DEFAULT_FACTOR;
    v->batch_per_unit = (double)remaining / (factor * v->total_power);
    v->batch_left = v->total_power;
  }
  v->batch_left -= mine;
  return lsc_size_from_real(ceil(mine * v->batch_per_unit));
}

int64_t lsc_dtss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* [ciorba-dmps] slide 8 (Chronopoulos' DTSS): C = A_k (F - D (S + (A_k - 1) / 2)), S = virtual chunks so
   * far: the sum of the next A_k trapezoid chunks, each kept at or above L */
  (void)remaining;
  lsc_virtual_state *v = &pl->virt;
  double mine = pl->power[worker];
  double per_unit = (double)v->tss_first - (double)v->tss_delta * (v->handed_out + (mine - 1.0) / 2.0);
  if (per_unit < (double)v->tss_last)
    per_unit = (double)v->tss_last;
  v->handed_out += mine;
  return lsc_size_from_real(floor(mine * per_unit));
}
