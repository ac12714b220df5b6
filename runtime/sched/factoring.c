/* factoring.c - the rules that size chunks from what is known of an iteration's time before the loop runs:
 * FSC and mFSC (one fixed size), FAC (factoring with the probabilistic batch factor), WF (FAC2 batches
 * scaled by each worker's weight) and TAP (taper). Size functions of the contract (sched_internal.h); the
 * per-processor ones let placement.c sum a worker's cores. Defaults: docs/schedules.md. */
#include <math.h>

#include "sched_internal.h"

/* sigma / mu of fac and tap: given, or the default when mu is not */
static double coefficient_of_variation(const lsc_schedule *s) {
  return s->mu > 0 ? s->sigma / s->mu : LSC_FAC_DEFAULT_COV;
}

int lsc_fsc_start(lsc_planner *pl, lsc_sched_error *err) {
  /* [css] (as in [dls4lb]): K = (sqrt(2) N h / (sigma p sqrt(ln p)))^(2/3). One processor, or no
   * variance, makes one chunk per processor the optimum. */
  (void)err;
  lsc_self_state *s = &pl->self;
  const lsc_schedule *sc = &pl->schedule;
  double ratio = sc->sigma > 0 || sc->overhead > 0 ? (sc->sigma > 0 ? sc->overhead / sc->sigma : INFINITY)
                                                   : LSC_FSC_DEFAULT_RATIO;
  double procs = (double)s->procs;
  if (s->procs == 1 || isinf(ratio)) {
    s->batch_size = lsc_max64(lsc_div_ceil(s->total, s->procs), 1);
    return 0;
  }
  double k = pow(sqrt(2.0) * (double)s->total * ratio / (procs * sqrt(log(procs))), 2.0 / 3.0);
  s->batch_size = lsc_size_from_real(ceil(k));
  return 0;
}

int lsc_mfsc_start(lsc_planner *pl, lsc_sched_error *err) {
  /* [dls4lb] mFSC: T = ceil(N/p), chunk = T ln 2 / ln T rounded (+0.55, as DLS4LB): N / chunk = p log2 T
   * chunks, as many as FAC2 hands out. */
  (void)err;
  lsc_self_state *s = &pl->self;
  int64_t t = lsc_max64(lsc_div_ceil(s->total, s->procs), 1);
  s->batch_size = t <= 2 ? t : lsc_size_from_real(floor((double)t * log(2.0) / log((double)t) + 0.55));
  return 0;
}

int64_t lsc_fixed_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  (void)worker;
  (void)remaining;
  return pl->self.batch_size;
}

int64_t lsc_fac_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* [fss]: batches of p equal chunks ceil(R / (x p)), R at the batch's start, with
   * x = 1 + b^2 + b sqrt(b^2 + 2), b = p sigma / (2 mu sqrt(R)) */
  (void)worker;
  lsc_self_state *s = &pl->self;
  if (s->batch_left == 0) {
    double procs = (double)s->procs, rest = (double)remaining;
    double b = procs * coefficient_of_variation(&pl->schedule) / (2.0 * sqrt(rest));
    double x = 1.0 + b * b + b * sqrt(b * b + 2.0);
    s->batch_size = lsc_size_from_real(ceil(rest / (x * procs)));
    s->batch_left = s->procs;
  }
  s->batch_left--;
  return s->batch_size;
}

int lsc_wf_start(lsc_planner *pl, lsc_sched_error *err) {
  (void)err;
  pl->adapt.batch_left = 0;
  return 0;
}

int64_t lsc_wf_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* [hummel-wf]: FAC2 batches of p chunks, R/(2p) per processor at the batch's start; worker k gets w_k of
   * them, w normalised to sum p (weights times cores, planner.c) */
  lsc_adaptive_state *a = &pl->adapt;
  if (a->batch_left == 0) {
    a->batch = remaining; /* R at the batch's start; the per-processor share is taken below, in reals */
    a->batch_left = pl->workers;
  }
  a->batch_left--;
  return lsc_size_from_real(ceil(pl->weight[worker] * (double)a->batch / (2.0 * (double)pl->workers)));
}

int64_t lsc_tap_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* [lucco-tap]: x = R/p, v = a sigma / mu: C = x + v^2/2 - v sqrt(2x + v^2/4), rounded up */
  (void)worker;
  const lsc_schedule *sc = &pl->schedule;
  double a = sc->ratio > 0 ? sc->ratio : LSC_TAP_DEFAULT_ALPHA;
  double v = a * coefficient_of_variation(sc), x = (double)remaining / (double)pl->self.procs;
  return lsc_size_from_real(ceil(x + v * v / 2.0 - v * sqrt(2.0 * x + v * v / 4.0)));
}
