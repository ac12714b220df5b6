/* self.c - the classic self-scheduling sequences PSS, CSS, GSS, FSS and TSS over `procs` processors: one size
 * function per scheme (the contract's size, sched_internal.h), each reading only pl->schedule and pl->self.
 * Each gives one processor's chunk; placement.c sums them over the cores of the worker that asks. */
#include <math.h>

#include "sched_internal.h"

int64_t lsc_pss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* [chang-alpha] 2.1.2: C = 1 */
  (void)pl;
  (void)worker;
  (void)remaining;
  return 1;
}

int64_t lsc_css_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* [chang-alpha] 2.1.2: C = k; default k = floor(I/2p), the first TSS chunk */
  (void)worker;
  (void)remaining;
  const lsc_self_state *s = &pl->self;
  return pl->schedule.chunk > 0 ? pl->schedule.chunk : lsc_max64(s->total / (2 * s->procs), 1);
}

int64_t lsc_gss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* [chang-alpha] 2.1.2: C = ceil(R/p), never below the optional minimum */
  (void)worker;
  return lsc_max64(lsc_div_ceil(remaining, pl->self.procs), pl->schedule.chunk);
}

static int64_t fss_batch_chunk(double factor, int64_t remaining, int64_t procs) {
  /* [chang-alpha] 2.1.2 (FSS): C = ceil(R / (x p)), the same for the p chunks of a batch */
  if (factor == floor(factor) && factor * (double)procs < 9e18)
    return lsc_max64(lsc_div_ceil(remaining, (int64_t)factor * procs), 1);
  return lsc_size_from_real(ceil((double)remaining / (factor * (double)procs)));
}

int64_t lsc_fss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* A batch starts with nothing left of the previous one (batch_left is 0 in a new planner). */
  (void)worker;
  lsc_self_state *s = &pl->self;
  if (s->batch_left == 0) {
    double factor = pl->schedule.factor > 0 ? pl->schedule.factor : LSC_FSS_DEFAULT_FACTOR;
    s->batch_size = fss_batch_chunk(factor, remaining, s->procs);
    s->batch_left = s->procs;
  }
  s->batch_left--;
  return s->batch_size;
}

int lsc_tss_start(lsc_planner *pl, lsc_sched_error *err) {
  (void)err;
  lsc_self_state *s = &pl->self;
  lsc_trapezoid(s->total, s->procs, pl->schedule.first, pl->schedule.last, &s->tss_next, &s->tss_last,
                &s->tss_delta);
  return 0;
}

int64_t lsc_tss_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* [chang-alpha] 2.1.2: C_i = C_{i-1} - D, never below L */
  (void)worker;
  (void)remaining;
  lsc_self_state *s = &pl->self;
  int64_t size = s->tss_next;
  s->tss_next = lsc_max64(s->tss_next - s->tss_delta, s->tss_last);
  return size;
}
