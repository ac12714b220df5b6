/* placement.c - which range a requesting worker gets (the contract's placement, sched_internal.h).
 *
 * Today one cursor serves everybody: a worker's alpha share first, then the scheme's own range when the
 * scheme places by worker (static ones), else the next chunk from the front of the scheme region, and at the
 * end the alpha shares nobody claimed. The sizes come from the scheme through the table entry planner.c
 * passes in; this file never names a scheme. Per-worker range queues with stealing replace lsc_place and keep
 * the rest.
 */
#include "sched_internal.h"

static int take(int64_t start, int64_t size, lsc_chunk *out) {
  out->start = start;
  out->size = size;
  return 1;
}

/* [chang-alpha] 3.2: a worker's first request gets its weighted share of the alpha prefix. */
static int claim_alpha_share(lsc_planner *pl, int64_t worker, lsc_chunk *out) {
  int64_t size = pl->alpha_size[worker];
  if (size == 0)
    return 0;
  pl->alpha_size[worker] = 0;
  return take(pl->alpha_start[worker], size, out);
}

/* A dynamic planner must not end with iterations nobody will ask for: when its region is empty, alpha
 * shares still unclaimed (their worker has not asked yet, or never will) go to whoever asks. */
static int claim_orphan_share(lsc_planner *pl, lsc_chunk *out) {
  while (pl->alpha_orphan_from < pl->workers && pl->alpha_size[pl->alpha_orphan_from] == 0)
    pl->alpha_orphan_from++;
  if (pl->alpha_orphan_from == pl->workers)
    return 0;
  return claim_alpha_share(pl, pl->alpha_orphan_from, out);
}

/* The size worker gets: the scheme's size, or for a per-core scheme the sum of its cores' next chunks (seed
 * 002 3.1: "the master will use the applied self-scheduling scheme ... adding up the next p_i allocations";
 * p of the formulas is then the total number of cores, and one core is the flat case). */
static int64_t size_for(lsc_planner *pl, const lsc_scheme_ops *ops, int64_t worker, int64_t remaining) {
  if (!ops->per_core)
    return ops->next_size(pl, worker, remaining);
  int64_t cores = pl->cores[worker], total = 0;
  for (int64_t core = 0; core < cores && total < remaining; core++) {
    int64_t left = remaining - total;
    total += lsc_min64(ops->next_size(pl, worker, left), left);
  }
  return total;
}

int lsc_place(lsc_planner *pl, const lsc_scheme_ops *ops, int64_t worker, lsc_chunk *out) {
  if (claim_alpha_share(pl, worker, out))
    return 1;
  if (ops->place)
    return ops->place(pl, worker, out) || (ops->dynamic && claim_orphan_share(pl, out));
  int64_t remaining = pl->iterations - pl->region_next;
  if (remaining == 0)
    return claim_orphan_share(pl, out);
  /* the scheme's size may fall outside [1, remaining] (a rounded formula, the last chunk): clamped here */
  int64_t size = lsc_min64(lsc_max64(size_for(pl, ops, worker, remaining), 1), remaining);
  int64_t start = pl->region_next;
  pl->region_next += size;
  return take(start, size, out);
}
