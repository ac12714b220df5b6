/* steal.c - static_steal ([lb4omp], after LLVM's kmp_sch_static_steal): each worker owns one block of the
 * scheme region and takes chunks of k from its front; a worker whose block is empty takes a chunk from the
 * back of another's block, so the owner keeps the front of its range. Blocks are cut by power (weights
 * times cores); with the loop site's memory, by the iterations each worker ran in the previous instance, so
 * a worker gets the range it (mostly) held then. A placement function (the contract's placement): the range
 * depends on who asks. Empty blocks never refill, so the search for a victim only moves forward: O(p) per
 * instance, O(1) amortised per chunk. */
#include "sched_internal.h"

/* Iterations before worker k's block: the region cut in proportion to `share` (cumulative, exact). */
static void cut_by_counts(lsc_planner *pl, const int64_t *count, int64_t length) {
  int64_t total = 0, cumulative = 0;
  for (int64_t k = 0; k < pl->workers; k++)
    total += count[k];
  for (int64_t k = 0; k < pl->workers; k++) {
    pl->own_next[k] = pl->region_start + lsc_mul_div_floor(length, cumulative, total);
    cumulative += count[k];
    pl->own_end[k] = pl->region_start + lsc_mul_div_floor(length, cumulative, total);
  }
}

static void cut_by_power(lsc_planner *pl, int64_t length) {
  long double total = 0, cumulative = 0;
  for (int64_t k = 0; k < pl->workers; k++)
    total += pl->power[k];
  int64_t begin = 0;
  for (int64_t k = 0; k < pl->workers; k++) {
    cumulative += pl->power[k];
    int64_t end = k == pl->workers - 1 ? length : (int64_t)((long double)length * cumulative / total);
    if (end < begin)
      end = begin;
    if (end > length)
      end = length;
    pl->own_next[k] = pl->region_start + begin;
    pl->own_end[k] = pl->region_start + end;
    begin = end;
  }
}

int lsc_steal_start(lsc_planner *pl, lsc_sched_error *err) {
  (void)err;
  int64_t length = pl->iterations - pl->region_start;
  const lsc_sched_memory *m = pl->memory;
  int64_t held = 0;
  for (int64_t k = 0; m && k < pl->workers; k++)
    held += m->held[k];
  if (held > 0)
    cut_by_counts(pl, m->held, length);
  else
    cut_by_power(pl, length);
  /* default k: a block of an equal split in LSC_STEAL_DEFAULT_ROUNDS chunks */
  pl->self.batch_size = pl->schedule.chunk > 0
                            ? pl->schedule.chunk
                            : lsc_max64(lsc_div_ceil(length, LSC_STEAL_DEFAULT_ROUNDS * pl->workers), 1);
  pl->steal_cursor = 0;
  return 0;
}

int lsc_steal_place(lsc_planner *pl, int64_t worker, lsc_chunk *out) {
  int64_t k = pl->self.batch_size;
  int64_t left = pl->own_end[worker] - pl->own_next[worker];
  if (left > 0) {
    out->start = pl->own_next[worker];
    out->size = lsc_min64(k, left);
    pl->own_next[worker] += out->size;
    return 1;
  }
  while (pl->steal_cursor < pl->workers && pl->own_next[pl->steal_cursor] == pl->own_end[pl->steal_cursor])
    pl->steal_cursor++;
  if (pl->steal_cursor == pl->workers)
    return 0;
  int64_t victim = pl->steal_cursor;
  left = pl->own_end[victim] - pl->own_next[victim];
  /* at most half of what the victim has left, so it keeps working on its own front */
  out->size = lsc_min64(k, lsc_div_ceil(left, 2));
  pl->own_end[victim] -= out->size;
  out->start = pl->own_end[victim];
  return 1;
}
