/* fiss_tfss.c - fixed increase (FISS), variable increase (VISS) and trapezoid factoring (TFSS), the LB4OMP
 * definitions: a start and a size function each (the contract's size, sched_internal.h), per processor like
 * self.c's. */
#include "sched_internal.h"

/* ceil(a / (b c d)) by nested ceiling divisions: they equal the single one, and the product b c d (up to
 * 10^6 stages squared times 2^40 cores) would overflow. */
static int64_t div_ceil_chain(uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
  uint64_t q = a;
  q = q / b + (q % b != 0);
  q = q / c + (q % c != 0);
  q = q / d + (q % d != 0);
  return (int64_t)q;
}

int lsc_fiss_start(lsc_planner *pl, lsc_sched_error *err) {
  /* FISS (Philip & Das, as in LB4OMP): B stages, X = B + 2, first chunk ceil(I / (X p)), then each stage adds
   * ceil(2I (1 - B/X) / (p B (B-1))) = ceil(2I / (X p B(B-1)/2)): before rounding up, the B stages sum
   * to I. */
  (void)err;
  lsc_self_state *s = &pl->self;
  uint64_t stages = (uint64_t)(pl->schedule.stages > 0 ? pl->schedule.stages : LSC_FISS_DEFAULT_STAGES);
  uint64_t x = stages + 2, total = (uint64_t)s->total, procs = (uint64_t)s->procs;
  s->fiss_size = lsc_max64(div_ceil_chain(total, x, procs, 1), 1);
  s->fiss_bump = div_ceil_chain(2 * total, x, procs, stages * (stages - 1) / 2);
  s->batch_left = s->procs;
  return 0;
}

int64_t lsc_fiss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  (void)worker;
  (void)remaining;
  lsc_self_state *s = &pl->self;
  if (s->batch_left == 0) {
    s->fiss_size = lsc_min64(s->fiss_size + s->fiss_bump, LSC_SCHED_MAX_ITERATIONS);
    s->batch_left = s->procs;
  }
  s->batch_left--;
  return s->fiss_size;
}

int lsc_tfss_start(lsc_planner *pl, lsc_sched_error *err) {
  (void)err;
  lsc_self_state *s = &pl->self;
  lsc_trapezoid(s->total, s->procs, pl->schedule.first, pl->schedule.last, &s->tss_next, &s->tss_last,
                &s->tss_delta);
  s->batch_left = 0;
  return 0;
}

int64_t lsc_tfss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* TFSS (Chronopoulos et al., as in LB4OMP): batches of p equal chunks, each the mean of the next p TSS
   * chunks */
  (void)worker;
  (void)remaining;
  lsc_self_state *s = &pl->self;
  if (s->batch_left == 0) {
    s->batch_size = lsc_max64(lsc_trapezoid_mean(s->tss_next, s->tss_delta, s->tss_last, s->procs), 1);
    s->batch_left = s->procs;
    if (s->tss_delta > 0) {
      int64_t steps_to_floor = (s->tss_next - s->tss_last) / s->tss_delta;
      s->tss_next = steps_to_floor < s->procs ? s->tss_last : s->tss_next - s->procs * s->tss_delta;
    }
  }
  s->batch_left--;
  return s->batch_size;
}

int lsc_viss_start(lsc_planner *pl, lsc_sched_error *err) {
  /* VISS (Philip & Das, as in LB4OMP): stage 0 chunk ceil(N / (k p)), k = p by default (LB4OMP's); each
   * later stage adds half of what the previous one added, starting from half the first chunk, so chunks
   * grow towards twice the first. Stages of p chunks, like FISS. */
  (void)err;
  lsc_self_state *s = &pl->self;
  int64_t k = pl->schedule.stages > 0 ? pl->schedule.stages : lsc_min64(s->procs, LSC_SCHED_MAX_CORES);
  s->fiss_size = lsc_max64(div_ceil_chain((uint64_t)s->total, (uint64_t)k, (uint64_t)s->procs, 1), 1);
  s->fiss_bump = s->fiss_size / 2;
  s->batch_left = s->procs;
  return 0;
}

int64_t lsc_viss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  (void)worker;
  (void)remaining;
  lsc_self_state *s = &pl->self;
  if (s->batch_left == 0) {
    s->fiss_size += s->fiss_bump; /* at most twice the first chunk: no overflow */
    s->fiss_bump /= 2;
    s->batch_left = s->procs;
  }
  s->batch_left--;
  return s->fiss_size;
}
