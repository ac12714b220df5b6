/* region_affinity.c - where a chunk goes inside a data region (region.h): the scheme still decides each
 * chunk's SIZE, the master picks its PLACE among the iterations whose data the requester holds (the queues
 * and the rule are the pure lsc_affinity.h, which schedule(auto)'s simulation runs too; this file reads the
 * holders off the directory), as LB4OMP's
 * static_steal keeps a block per thread and locality-aware self-scheduling prefers local iterations. At the
 * loop's start every iteration is queued for the rank that holds what it writes (the directory's anchor,
 * region_master.c); a request takes the front of its own queue, then of the queue of iterations rank 0 holds
 * when rank 0 does not compute, then steals from the back of the queue with the most left, so load still
 * balances and the ranges that move are those a slow rank could not get to. A steal needs the victim to
 * have at least 1/LSC_AFFINITY_STEAL_FRACTION of a rank's share left: without slowdown the ranks finish their
 * own ranges within a few percent of each other, and stealing those last rows moved their data and their
 * ownership, which the next instance moved back (jacobi_2d, gss, np 2: 0.5-2 MB pulled per instance, the
 * thief waiting 3-10 ms for a holder busy computing, against ~70 us of rows stolen). A slow rank still
 * loses rows, and keeps losing them instance after instance until it is at most that far behind. Schemes
 * that place by worker
 * (static, cyclic, block_cyclic, static_steal) keep their own placement, which is the same from one instance
 * to the next and so already affine; reproducible mode (whole blocks) and calibration keep the planner's
 * placement too; so does a schedule(auto) instance whose pick places by worker. */
#include "exec/region.h"

#include "exec/master.h"
#include "fatal.h"
#include "lsc_affinity.h"

static struct {
  int on;
  int workers; /* planner workers */
  lsc_affinity *queues;
} aff;

void lsc_region_affinity_build(lsc_master *m) {
  aff.on = 0;
  int64_t next;
  if (!m->loop.held || lsc_scheme_places_by_worker(m->settings.schedule.scheme) || m->loop.n <= 0 ||
      lsc_region_holder(m, 0, &next) < 0)
    return;
  if ((!aff.queues && !(aff.queues = lsc_affinity_new())) ||
      lsc_affinity_start(aff.queues, m->executing) != 0)
    lsc_fatal("out of memory placing chunks by affinity");
  aff.workers = m->executing;
  /* Holders outside the computing ranks (rank 0 when it does not compute) go to the pool. One rank holding
   * every iteration's data (a region's start, or after `update workers`) gets a block per rank instead, as a
   * static split would: stealing from a single queue made the first instance's race decide the ranks' rows
   * for the rest of the region, and each loop of a time step raced its own way (fdtd_2d, np 2: rank 0 kept
   * 750 of 1000 rows, the worker then pulled 5-7 MB per loop for the rows its loops disagreed on). */
  for (int64_t k = 0; k < m->loop.n; k = next)
    if (lsc_affinity_add(aff.queues, lsc_region_holder(m, k, &next) - m->first, k, next) != 0)
      lsc_fatal("out of memory placing chunks by affinity");
  if (lsc_affinity_finish(aff.queues, m->loop.n) != 0)
    lsc_fatal("out of memory placing chunks by affinity");
  aff.on = 1;
}

int lsc_region_next(lsc_master *m, int worker, lsc_chunk *out) {
  /* schedule(auto) resolves its pick after the queues were built (the scheme was still `auto` then) */
  if (!aff.on || m->loop.repro || m->plan_offset != 0 || worker < 0 || worker >= aff.workers ||
      lsc_scheme_places_by_worker(m->settings.schedule.scheme))
    return lsc_planner_next(m->planner, worker, out);
  /* Once the scheme has planned every iteration, what is left is what placement cut off: a rank takes the
   * rest of its own range whole, and steals half of what the most loaded one has left. */
  lsc_chunk c;
  int planned = lsc_planner_next(m->planner, worker, &c) && c.size > 0;
  return lsc_affinity_next(aff.queues, worker, planned ? c.size : 0, out);
}
