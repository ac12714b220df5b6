/* self.c - the classic self-scheduling sequences PSS, CSS, GSS, FSS and TSS over `procs` processors. */
#include <math.h>

#include "sched_internal.h"

void lsc_trapezoid(int64_t total, int64_t procs, int64_t first, int64_t last, int64_t *f, int64_t *l,
                   int64_t *d) {
  /* seed 000 2.1.2 (TSS): F = floor(I/2p), L = 1, N = ceil(2I/(F+L)), D = floor((F-L)/(N-1)) */
  int64_t big_l = last > 0 ? last : 1;
  int64_t big_f = first > 0 ? first : lsc_max64(total / (2 * procs), 1);
  if (big_f < big_l) /* a defaulted F below a user's L: the trapezoid degenerates to chunks of L */
    big_f = big_l;
  /* 2I reaches 2^63 for I = 2^62: counted in unsigned arithmetic */
  uint64_t twice = 2 * (uint64_t)total, sum = (uint64_t)big_f + (uint64_t)big_l;
  uint64_t steps = twice / sum + (twice % sum != 0);
  *f = big_f;
  *l = big_l;
  *d = steps > 1 ? (int64_t)((uint64_t)(big_f - big_l) / (steps - 1)) : 0;
}

static int64_t fss_batch_chunk(double factor, int64_t remaining, int64_t procs) {
  /* seed 000 2.1.2 (FSS): C = ceil(R / (x p)), the same for the p chunks of a batch */
  if (factor == floor(factor) && factor * (double)procs < 9e18)
    return lsc_max64(lsc_div_ceil(remaining, (int64_t)factor * procs), 1);
  return lsc_size_from_real(ceil((double)remaining / (factor * (double)procs)));
}

void lsc_self_start(lsc_planner *pl) {
  lsc_self_state *s = &pl->self;
  s->batch_left = 0;
  if (pl->schedule.scheme == LSC_SCHEME_TSS) {
    lsc_trapezoid(s->total, s->procs, pl->schedule.first, pl->schedule.last, &s->tss_next, &s->tss_last,
                  &s->tss_delta);
  }
}

int64_t lsc_self_next_size(lsc_planner *pl, int64_t remaining) {
  lsc_self_state *s = &pl->self;
  const lsc_schedule *sc = &pl->schedule;
  switch (sc->scheme) {
  case LSC_SCHEME_PSS: /* seed 000 2.1.2: C = 1 */
    return 1;
  case LSC_SCHEME_CSS: /* seed 000 2.1.2: C = k; default k = floor(I/2p), the first TSS chunk */
    return sc->chunk > 0 ? sc->chunk : lsc_max64(s->total / (2 * s->procs), 1);
  case LSC_SCHEME_GSS: /* seed 000 2.1.2: C = ceil(R/p), never below the optional minimum */
    return lsc_max64(lsc_div_ceil(remaining, s->procs), sc->chunk);
  case LSC_SCHEME_FSS:
    if (s->batch_left == 0) {
      s->batch_size =
          fss_batch_chunk(sc->factor > 0 ? sc->factor : LSC_FSS_DEFAULT_FACTOR, remaining, s->procs);
      s->batch_left = s->procs;
    }
    s->batch_left--;
    return s->batch_size;
  case LSC_SCHEME_TSS: { /* seed 000 2.1.2: C_i = C_{i-1} - D, never below L */
    int64_t size = s->tss_next;
    s->tss_next = lsc_max64(s->tss_next - s->tss_delta, s->tss_last);
    return size;
  }
  case LSC_SCHEME_FISS:
    return lsc_fiss_next_size(pl, remaining);
  case LSC_SCHEME_TFSS:
    return lsc_tfss_next_size(pl, remaining);
  default:
    return 1;
  }
}
