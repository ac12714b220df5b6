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
#include "exec/master_choice.h"
#include "exec/submaster.h"
#include "fatal.h"
#include "lsc_affinity.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
  int on;
  int workers; /* planner workers */
  lsc_affinity *queues;
} aff;

/* The ranks' shares of a region's rows by their speeds (lsc_affinity_balance). Stealing alone does not get
 * there: a slow rank takes its own range in the scheme's first, largest chunks (gss: half the loop) before
 * anyone could steal, and what is left when a faster rank runs dry is below the steal threshold (jacobi_2d,
 * np 2, LSC_SLOWDOWN=1,3: the slowed worker kept 874 of 1998 rows at every instance, 5.3 ms against rank 0's
 * 2.7 ms). The layout is the region's, not a loop's: the loops of a time step read what the others wrote,
 * and rows laid out by one loop and not by the next moved as halos every step (fdtd_2d: ey and hz moved, ex
 * stayed, 2.4 MB pulled per step; jacobi_2d: two boundaries 19 rows apart, 0.6 MB and four small chunks per
 * step). So each loop's rates since its second instance in the region (its first ran on the region's start:
 * fresh copies faulting in, the arrays moving out) feed the region's measured shares, averaged over the
 * instances with their spread. The first layout is the region's start's even blocks, laid from its first
 * loop's first instance on, before any rate (left to the directory until rates came in, each loop kept what
 * its own first-instance steals took, and fdtd_2d's hz loop pulled 600 KB of the other fields' rows every
 * step); the first rates replace it, and from then on it follows the shares when that pays
 * (lsc_affinity_relayout_pays): what the layout's imbalance costs the loop over as many instances again as
 * the region ran so far, against its rows' data moving. A fixed slack of 5% of the rows re-laid fdtd_2d's
 * 43-140 rows 3-17 times a run on equal ranks (the shares measured scatter by 2-3% an instance, 15% when a
 * rank is interrupted), each time step with a move 1-5 ms against 0.4-0.6; and every loop keeps its rows in
 * the layout's blocks. */
#define SHARE_WEIGHT 0.2 /* of a loop's last instance in the region's measured shares */
/* Iterations whose inputs tell what moving one costs: enough that a stencil's halo rows weigh little. */
#define MOVE_WINDOW 64
/* The spread assumed of a share before two instances measured it: what equal ranks show here. */
#define SHARE_SPREAD_PRIOR 0.02

static struct {
  int workers;     /* 0: no shares yet */
  double *share;   /* measured, averaged */
  double *spread;  /* of the measured shares: the square root of their averaged squared deviation */
  double *error;   /* of their average: the spread over the square root of the instances it weighs */
  double *layout;  /* by shares: each loop's rows in its blocks */
  int laid;        /* 0: no layout yet; else the workers it is for */
  int provisional; /* the layout is the region's start's, not yet one by rates */
  int64_t placed;  /* loop instances placed in this region, all loops */
  int64_t epoch;   /* regions so far: a site's count of instances in this one starts again */
} speeds;

void lsc_region_affinity_reset(void) {
  speeds.workers = 0;
  speeds.laid = 0;
  speeds.placed = 0;
  speeds.epoch++;
}

static double *grown(double *p, int workers) {
  p = realloc(p, (size_t)workers * sizeof *p);
  if (!p)
    lsc_fatal("out of memory placing chunks by affinity");
  return p;
}

/* The region's shares updated by this loop's rates; 0 when a rate is not known yet (nothing to lay out by).
 */
static int update_shares(const double *rates, int workers) {
  double sum = 0;
  for (int w = 0; w < workers; w++) {
    if (!(rates[w] > 0))
      return speeds.workers == workers;
    sum += 1.0 / rates[w];
  }
  if (speeds.workers != workers) {
    speeds.share = grown(speeds.share, workers);
    speeds.spread = grown(speeds.spread, workers);
    speeds.error = grown(speeds.error, workers);
    for (int w = 0; w < workers; w++) {
      speeds.share[w] = 1.0 / rates[w] / sum;
      speeds.spread[w] = speeds.error[w] = SHARE_SPREAD_PRIOR;
    }
    if (speeds.laid != workers)
      speeds.laid = 0;
    speeds.workers = workers;
    return 1;
  }
  for (int w = 0; w < workers; w++) {
    double measured = 1.0 / rates[w] / sum, off = measured - speeds.share[w];
    double var = (1 - SHARE_WEIGHT) * speeds.spread[w] * speeds.spread[w] + SHARE_WEIGHT * off * off;
    speeds.spread[w] = sqrt(var);
    speeds.share[w] += SHARE_WEIGHT * off;
    /* An average with weights w (1 - w)^i has the variance of the samples times w / (2 - w). */
    speeds.error[w] = speeds.spread[w] * sqrt(SHARE_WEIGHT / (2 - SHARE_WEIGHT));
  }
  return 1;
}

/* The region's first layout: where its first loop's queues put the rows (a region's start: even blocks). 0,
 * or -1 when nothing is queued. */
static int lay_out_as_queued(int workers) {
  speeds.layout = grown(speeds.layout, workers);
  if (lsc_affinity_queued_shares(aff.queues, speeds.layout) != 0)
    return -1;
  speeds.laid = workers;
  speeds.provisional = 1;
  return 0;
}

/* The layout follows the shares when moving the rows that change rank costs less than the layout's imbalance
 * would over as many loop instances again as the region placed so far (the rule that a rental is bought once
 * the rent paid reaches its price: never more than twice the cost of knowing the future). The instances of
 * all its loops count, each as this one: one layout moves the rows of every loop of a time step, and each
 * loses to its imbalance (fdtd_2d, LSC_SLOWDOWN=1,3, counting this loop's instances alone: the slowed rank
 * kept half the rows for 20-25 time steps, 0.52 s against 0.39-0.42 s laid out at once). */
static void follow_shares(const double *rates, int workers, int64_t n, int64_t instances, double move) {
  double speed = 0;
  for (int w = 0; w < workers; w++) {
    if (!(rates[w] > 0))
      return; /* this loop's rates are not known yet: the layout of the others holds */
    speed += 1.0 / rates[w];
  }
  if (speeds.laid != workers && lay_out_as_queued(workers) != 0)
    return;
  /* The start's even blocks say nothing of the ranks' speeds: the first rates replace them at once (a rank
   * three times slower otherwise kept half the rows until the rule below judged the move worth it, losing
   * to steals each instance the rows the layout then moved back). */
  if (speeds.provisional ||
      lsc_affinity_relayout_pays(speeds.layout, speeds.share, speeds.error, workers, (double)n / speed,
                                 (double)instances, (double)n * move))
    memcpy(speeds.layout, speeds.share, (size_t)workers * sizeof *speeds.layout);
  speeds.provisional = 0;
}

/* The rates this site measured, the region's shares and layout updated by them: 0, or -1 when out of memory.
 */
static int measure(lsc_master *m, lsc_site_state *st) {
  if (st->affinity_epoch != speeds.epoch) {
    st->affinity_epoch = speeds.epoch;
    st->affinity_instances = 0;
  }
  int64_t placed = ++st->affinity_instances;
  speeds.placed++;
  double *rates = malloc((size_t)m->executing * sizeof *rates);
  if (!rates)
    return -1;
  /* From the site's third instance on; a sub-master's rate is its group's (its group chunks' time). */
  for (int w = 0; w < m->executing; w++)
    rates[w] = placed >= 3 ? st->ahead_rate[lsc_groups_worker_rank(m, w)] : 0;
  /* Moving a row costs what its chunk reads, at LSC_ASSUMED_BANDWIDTH: a steal and a new layout weigh it.
   * Read off a window in the loop's middle: the whole loop's footprint is a range per row to walk at every
   * instance (fdtd_2d: 11 us of a 400 us instance, before rank 0 started its chunk). */
  int64_t window = m->loop.n < MOVE_WINDOW ? m->loop.n : MOVE_WINDOW, from = (m->loop.n - window) / 2;
  double move = lsc_region_input_bytes(m, from, from + window) / (double)window / LSC_ASSUMED_BANDWIDTH;
  int ok = lsc_affinity_rates(aff.queues, rates, move) == 0;
  if (ok && update_shares(rates, m->executing))
    follow_shares(rates, m->executing, m->loop.n, speeds.placed, move);
  free(rates);
  return ok ? 0 : -1;
}

static void balance(lsc_master *m) {
  lsc_site_state *st = m->loop.state;
  if (m->executing < 2)
    return;
  /* Before any rates, the region's first loop lays out its rows as it queued them (even blocks), and every
   * loop keeps them there: left to the directory until rates came in, each loop's first instances kept the
   * rows its own steals took (a worker late to its first chunk loses its block's end to rank 0: fdtd_2d's
   * loops split at 781, 812 and 874 for three time steps, handed the worker chunks of 1-30 rows between rank
   * 0's ranges, 20-80 us of round trip each, then moved 1-2 MB to the first layout by rates). */
  if (!speeds.laid)
    (void)lay_out_as_queued(m->executing);
  /* A site's rates exist from its first instance's end on. */
  if (st && st->ahead_ranks >= m->size && measure(m, st) != 0)
    lsc_fatal("out of memory placing chunks by affinity");
  int64_t moved = speeds.laid == m->executing ? lsc_affinity_balance(aff.queues, speeds.layout, 0.0) : 0;
  if (moved < 0)
    lsc_fatal("out of memory placing chunks by affinity");
  size_t used = strlen(m->master_why);
  if (moved > 0 && used < sizeof m->master_why)
    snprintf(m->master_why + used, sizeof m->master_why - used,
             "; placement: %lld iterations moved to other ranks, to the region's layout by speed",
             (long long)moved);
}

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
  for (int64_t k = 0; k < m->loop.n; k = next) {
    /* The holder first, then the range's end it sets: as arguments of one call, the order in which they
     * were evaluated was the compiler's (gcc read the end first, so every range after the first was empty,
     * and every instance was split in even blocks whatever the directory said). */
    int holder = lsc_region_holder(m, k, &next);
    if (lsc_affinity_add(aff.queues, lsc_groups_holder_worker(m, holder), k, next) != 0)
      lsc_fatal("out of memory placing chunks by affinity");
  }
  if (lsc_affinity_finish(aff.queues, m->loop.n) != 0)
    lsc_fatal("out of memory placing chunks by affinity");
  balance(m);
  aff.on = 1;
}

/* Whether planner worker i is a group of two or more ranks under a sub-master (a grouped region loop). */
static int group_worker(const lsc_master *m, int i) {
  int rank = lsc_groups_worker_rank(m, i);
  for (int r = 1; m->boss && r < m->size; r++)
    if (r != rank && m->boss[r] == rank)
      return 1;
  return 0;
}

int lsc_region_next(lsc_master *m, int worker, lsc_chunk *out) {
  /* schedule(auto) resolves its pick after the queues were built (the scheme was still `auto` then) */
  /* Queues for another count of workers would leave a queue nobody takes: its iterations never ran (built
   * before the ranks formed groups, a group's queue was one per rank, and the last rank's iterations were
   * dropped from the loop). */
  if (!aff.on || aff.workers != m->executing || m->loop.repro || m->plan_offset != 0 || worker < 0 ||
      worker >= aff.workers || lsc_scheme_places_by_worker(m->settings.schedule.scheme))
    return lsc_planner_next(m->planner, worker, out);
  /* Once the scheme has planned every iteration, what is left is what placement cut off: a rank takes the
   * rest of its own range whole, and steals half of what the most loaded one has left. */
  lsc_chunk c;
  int planned = lsc_planner_next(m->planner, worker, &c) && c.size > 0;
  /* A group takes its own range whole: its sub-master asks for one group chunk at a time, so a range handed
   * in the scheme's shrinking chunks cost its members a round trip to rank 0 each (jacobi_2d across the
   * namespace hosts: a member waited 11 ms of a 24 ms instance, 5-8 pieces each); its members' blocks are
   * cut from it (exec/submaster_chunk.c), and what it has left over is stolen as a rank's would be. */
  if (planned && group_worker(m, worker))
    planned = 0;
  return lsc_affinity_next(aff.queues, worker, planned ? c.size : 0, out);
}
