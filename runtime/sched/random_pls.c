/* random_pls.c - RND (chunk sizes drawn uniformly from [min, max] by a seeded generator, so a run can be
 * repeated) and PLS (a static part of the loop split once, the rest by GSS). RND is a size function; PLS
 * only lays out its static part at start and then uses GSS's size (planner.c). */
#include <math.h>

#include "sched_internal.h"

int lsc_rnd_start(lsc_planner *pl, lsc_sched_error *err) {
  (void)err;
  pl->random = pl->schedule.seed;
  return 0;
}

int64_t lsc_rnd_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* [lb4omp] RND: uniform in [min, max]; defaults min = 1, max = ceil(N / 2p) (the FAC2 first chunk) */
  (void)worker;
  (void)remaining;
  const lsc_schedule *s = &pl->schedule;
  int64_t low = s->chunk > 0 ? s->chunk : 1;
  int64_t high = s->max_chunk > 0 ? s->max_chunk : lsc_div_ceil(pl->self.total, 2 * pl->self.procs);
  if (high < low)
    high = low;
  uint64_t span = (uint64_t)(high - low) + 1; /* high <= 2^62: no overflow */
  return low + (int64_t)(lsc_draw_next(&pl->random) % span);
}

int lsc_pls_start(lsc_planner *pl, lsc_sched_error *err) {
  /* [lb4omp] PLS (Shao et al.): the first SWR of the loop is split once, equally, the rest goes by GSS. The
   * static part joins the alpha prefix, so with alpha too each worker's first chunk is its alpha share then
   * its PLS share, one range. */
  (void)err;
  double swr = pl->schedule.ratio > 0 ? pl->schedule.ratio : LSC_PLS_DEFAULT_SWR;
  int64_t part = lsc_min64(lsc_size_from_real(ceil((double)pl->self.total * swr)), pl->self.total);
  if (pl->self.total == 0)
    part = 0;
  int64_t each = pl->workers > 0 ? lsc_div_ceil(part, pl->workers) : 0, left = part, cursor = 0;
  for (int64_t k = 0; k < pl->workers; k++) {
    int64_t mine = lsc_min64(each, left);
    pl->alpha_start[k] = cursor;
    pl->alpha_size[k] += mine;
    cursor += pl->alpha_size[k];
    left -= mine;
  }
  pl->region_start += part;
  pl->region_next = pl->region_start;
  pl->self.total -= part;
  return 0;
}
