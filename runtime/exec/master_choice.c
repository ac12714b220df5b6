/* master_choice.c - rank 0's measured decisions (master_choice.h): rules over the site's last instances, so
 * each instance costs a few comparisons and the reasons LSC_STATS prints are the very numbers compared. */
#include "exec/master_choice.h"

#include "exec/region.h"
#include "state.h"

#include <stdio.h>

/* The rule both decisions compare: what `ranks` ranks would save of `work` against what moving `bytes` and
 * running the instance distributed cost. */
static int bytes_outweigh(double work, double bytes, int ranks, double *saved, double *cost) {
  *saved = work * (1.0 - 1.0 / ranks);
  *cost = bytes / LSC_ASSUMED_BANDWIDTH + LSC_INSTANCE_COST * ranks;
  return *saved <= *cost;
}

int lsc_master_choose_alone(const lsc_site_state *st, int64_t n, int ranks, char *why, size_t len) {
  if (lsc_rt.config.master != LSC_MASTER_AUTO || !st || st->work_per_iteration < 0 ||
      st->bytes_per_iteration < 0 || ranks < 2)
    return 0;
  double work = st->work_per_iteration * (double)n, bytes = st->bytes_per_iteration * (double)n;
  /* Inside a data region the bytes measured were the region's start (or a halo), and a loop run alone brings
   * home only its footprint (exec/region.h): the instance's own cost decides. */
  int region = lsc_region_any();
  if (region)
    bytes = 0;
  double saved, cost;
  if (!bytes_outweigh(work, bytes, ranks, &saved, &cost))
    return 0;
  if (region) {
    snprintf(why, len,
             "none (inside a data region, too little work: %d ranks would save %.2g s of %.2g s work, "
             "an instance costs %.2g s)",
             ranks, saved, work, cost);
    return 1;
  }
  snprintf(why, len,
           "none (bytes outweigh work: moving %.0f bytes costs %.2g s, %d ranks would save %.2g s of %.2g s "
           "work)",
           bytes, cost, ranks, saved, work);
  return 1;
}

int lsc_master_choose_alone_first(double work, double bytes, int64_t led, int ranks, char *why, size_t len) {
  double saved, cost;
  int alone = bytes_outweigh(work, bytes, ranks, &saved, &cost);
  snprintf(why, len,
           "%s, measured on its first %lld iterations: moving %.0f bytes costs %.2g s, %d ranks would save "
           "%.2g s of %.2g s work%s",
           alone ? "none (bytes outweigh work" : "work outweighs bytes", (long long)led, bytes, cost, ranks,
           saved, work, alone ? ")" : "");
  return alone;
}

static int retry_after(const lsc_site_state *st) {
  return st->retry_after > 0 ? st->retry_after : LSC_RETRY_COMPUTE;
}

int lsc_master_choose_compute(const lsc_site_state *st, char *why, size_t len) {
  if (lsc_rt.config.master == LSC_MASTER_COMPUTE) {
    snprintf(why, len, "computes (LSC_MASTER=compute)");
    return 1;
  }
  if (lsc_rt.config.master == LSC_MASTER_SERVE) {
    snprintf(why, len, "serves (LSC_MASTER=serve)");
    return 0;
  }
  /* Inside a data region rank 0's rows stay with it (exec/region.h): switching to serving would move them all
   * to the workers, and the first instances' timings measure the region's start, not its steady state. */
  if (lsc_region_any()) {
    snprintf(why, len, "computes (inside a data region, its rows stay on it)");
    return 1;
  }
  /* Measured weights belong to the ranks that were calibrated: switching would drop them (equal weights). */
  if (st && st->measured) {
    int compute = st->measured_ranks == lsc_rt.size;
    snprintf(why, len, "%s (as when the site's weights were calibrated)", compute ? "computes" : "serves");
    return compute;
  }
  if (!st || st->compute_wall < 0) {
    snprintf(why, len, "computes (default: rank 0 computes between requests)");
    return 1;
  }
  if (st->serve_wall < 0) {
    if (st->workers_wait <= st->own_busy) {
      snprintf(why, len,
               "computes (measured: workers waited %.2g s in all, less than rank 0's %.2g s of work)",
               st->workers_wait, st->own_busy);
      return 1;
    }
    snprintf(
        why, len,
        "serves (trying: when rank 0 computed, workers waited %.2g s in all, more than its %.2g s of work)",
        st->workers_wait, st->own_busy);
    return 0;
  }
  int compute = st->compute_wall <= st->serve_wall, retry = st->same_choice >= retry_after(st);
  if (retry)
    compute = !compute;
  snprintf(why, len, "%s (measured: %.3g s per 1000 iterations computing, %.3g s serving%s)",
           compute ? "computes" : "serves", st->compute_wall * 1e3, st->serve_wall * 1e3,
           retry ? "; measuring again" : "");
  return compute;
}

void lsc_master_measured(lsc_site_state *st, int64_t n, double work, double bytes, int computed,
                         double workers_wait, double own_busy, double wall) {
  if (!st || n <= 0)
    return;
  st->work_per_iteration = work / (double)n;
  if (bytes >= 0)
    st->bytes_per_iteration = bytes / (double)n;
  if (wall < 0)
    return;
  double *mine = computed ? &st->compute_wall : &st->serve_wall;
  double *other = computed ? &st->serve_wall : &st->compute_wall;
  int was_better = *mine >= 0 && (*other < 0 || *mine <= *other);
  /* Tried again after losing: losing again doubles the wait before the next try, winning resets it. */
  int retried = *mine >= 0 && *other >= 0 && !was_better;
  *mine = wall / (double)n;
  st->same_choice = was_better ? st->same_choice + 1 : 0;
  if (retried)
    st->retry_after = *mine > *other ? (retry_after(st) < LSC_RETRY_MAX ? 2 * retry_after(st) : LSC_RETRY_MAX)
                                     : LSC_RETRY_COMPUTE;
  if (computed) {
    st->workers_wait = workers_wait;
    st->own_busy = own_busy;
  }
}
