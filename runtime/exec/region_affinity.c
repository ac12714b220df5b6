/* region_affinity.c - where a chunk goes inside a data region (region.h): the scheme still decides each
 * chunk's SIZE, the master picks its PLACE among the iterations whose data the requester holds, as LB4OMP's
 * static_steal keeps a block per thread and locality-aware self-scheduling prefers local iterations. At the
 * loop's start every iteration is queued for the rank that holds what it writes (the directory's anchor,
 * region_master.c); a request takes the front of its own queue, then of the queue of iterations rank 0 holds
 * when rank 0 does not compute, then steals from the back of the queue with the most left, so load still
 * balances and the ranges that move are those a slow rank could not get to. A steal needs the victim to
 * have at least 1/LSC_STEAL_FRACTION of a rank's share left: without slowdown the ranks finish their own
 * ranges within a few percent of each other, and stealing those last rows moved their data and their
 * ownership, which the next instance moved back (jacobi_2d, gss, np 2: 0.5-2 MB pulled per instance, the
 * thief waiting 3-10 ms for a holder busy computing, against ~70 us of rows stolen). A slow rank still
 * loses rows, and keeps losing them instance after instance until it is at most that far behind. Schemes
 * that place by worker
 * (static, cyclic, block_cyclic, static_steal) keep their own placement, which is the same from one instance
 * to the next and so already affine; reproducible mode (whole blocks) and calibration keep the planner's
 * placement too. */
#include "exec/region.h"

#include "exec/master.h"
#include "fatal.h"

#include <stdlib.h>

#define LSC_STEAL_FRACTION 8

__extension__ typedef __int128 wide;

typedef struct range {
  int64_t lo, hi;
} range;

typedef struct queue {
  range *r;
  size_t head, count, cap; /* live ranges are r[head .. count) */
  int64_t left;            /* iterations in them */
} queue;

static struct {
  int on;
  int workers; /* planner workers; queue `workers` is the pool */
  queue *q;
  size_t cap;
} aff;

static void push(queue *q, int64_t lo, int64_t hi) {
  if (q->count > q->head && q->r[q->count - 1].hi == lo) {
    q->r[q->count - 1].hi = hi;
  } else {
    if (q->count == q->cap) {
      size_t cap = q->cap ? 2 * q->cap : 8;
      range *grown = realloc(q->r, cap * sizeof *grown);
      if (!grown)
        lsc_fatal("out of memory placing chunks by affinity");
      q->r = grown;
      q->cap = cap;
    }
    q->r[q->count++] = (range){lo, hi};
  }
  q->left += hi - lo;
}

static int places_by_worker(lsc_scheme_id s) {
  return s == LSC_SCHEME_STATIC || s == LSC_SCHEME_CYCLIC || s == LSC_SCHEME_BLOCK_CYCLIC ||
         s == LSC_SCHEME_STATIC_STEAL;
}

/* One rank holds every iteration's data (a region's start, or after `update workers`): a block per rank,
 * as a static split would, instead of one queue the others steal from. Stealing from a single queue made
 * the first instance's race decide the ranks' rows for the rest of the region, and each loop of a time step
 * raced its own way (fdtd_2d, np 2: rank 0 kept 750 of 1000 rows, the worker then pulled 5-7 MB per loop
 * for the rows its loops disagreed on). */
static void split_evenly(int64_t n) {
  for (int w = 0; w <= aff.workers; w++) {
    aff.q[w].head = aff.q[w].count = 0;
    aff.q[w].left = 0;
  }
  for (int w = 0; w < aff.workers; w++) {
    /* In 128 bits: n times a rank number need not fit in 64. */
    int64_t lo = (int64_t)((wide)n * w / aff.workers), hi = (int64_t)((wide)n * (w + 1) / aff.workers);
    if (hi > lo)
      push(&aff.q[w], lo, hi);
  }
}

void lsc_region_affinity_build(lsc_master *m) {
  aff.on = 0;
  int64_t next;
  if (!m->loop.held || places_by_worker(m->settings.schedule.scheme) || m->loop.n <= 0 ||
      lsc_region_holder(m, 0, &next) < 0)
    return;
  size_t need = (size_t)m->executing + 1;
  if (need > aff.cap) {
    queue *q = realloc(aff.q, need * sizeof *q);
    if (q)
      aff.q = q;
    if (!q)
      lsc_fatal("out of memory placing chunks by affinity");
    for (size_t i = aff.cap; i < need; i++)
      aff.q[i] = (queue){0};
    aff.cap = need;
  }
  aff.workers = m->executing;
  for (int w = 0; w <= aff.workers; w++) {
    aff.q[w].head = aff.q[w].count = 0;
    aff.q[w].left = 0;
  }
  int only = -2; /* the one queue every iteration went to; -1 once two queues have some */
  for (int64_t k = 0; k < m->loop.n; k = next) {
    int w = lsc_region_holder(m, k, &next) - m->first;
    w = w >= 0 && w < aff.workers ? w : aff.workers;
    push(&aff.q[w], k, next);
    only = only == -2 || only == w ? w : -1;
  }
  if (only >= 0)
    split_evenly(m->loop.n);
  aff.on = 1;
}

static int take_front(queue *q, int64_t size, lsc_chunk *out) {
  while (q->head < q->count && q->r[q->head].hi <= q->r[q->head].lo)
    q->head++;
  if (q->head == q->count)
    return 0;
  range *r = &q->r[q->head];
  int64_t n = r->hi - r->lo < size ? r->hi - r->lo : size;
  *out = (lsc_chunk){r->lo, n};
  r->lo += n;
  q->left -= n;
  return 1;
}

static int take_back(queue *q, int64_t size, lsc_chunk *out) {
  while (q->count > q->head && q->r[q->count - 1].hi <= q->r[q->count - 1].lo)
    q->count--;
  if (q->head == q->count)
    return 0;
  range *r = &q->r[q->count - 1];
  int64_t n = r->hi - r->lo < size ? r->hi - r->lo : size;
  *out = (lsc_chunk){r->hi - n, n};
  r->hi -= n;
  q->left -= n;
  return 1;
}

int lsc_region_next(lsc_master *m, int worker, lsc_chunk *out) {
  if (!aff.on || m->loop.repro || m->plan_offset != 0 || worker < 0 || worker >= aff.workers)
    return lsc_planner_next(m->planner, worker, out);
  /* Once the scheme has planned every iteration, what is left is what placement cut off: a rank takes the
   * rest of its own range whole, and steals half of what the most loaded one has left. */
  lsc_chunk c;
  int planned = lsc_planner_next(m->planner, worker, &c) && c.size > 0;
  int64_t size = planned ? c.size : INT64_MAX;
  if (take_front(&aff.q[worker], size, out) || take_front(&aff.q[aff.workers], size, out))
    return 1;
  int victim = -1;
  for (int w = 0; w <= aff.workers; w++)
    if (aff.q[w].left > 0 && (victim < 0 || aff.q[w].left > aff.q[victim].left))
      victim = w;
  if (victim < 0)
    return 0;
  int64_t share = m->loop.n / (aff.workers > 0 ? aff.workers : 1);
  if (aff.q[victim].left * LSC_STEAL_FRACTION < share)
    return 0; /* the victim is nearly done: its rows stay where they are (see above) */
  /* Half of what the victim has left, or the scheme's size when larger: each steal pulls its rows from the
   * holder, a round trip that waits for the holder's current chunk, so few large steals beat many small
   * ones (a scheme's shrinking sizes made rank 0 steal 16, 4, 2, 1 rows, one pull each). */
  int64_t half = aff.q[victim].left / 2 > 0 ? aff.q[victim].left / 2 : 1;
  if (!planned || size < half)
    size = half;
  return take_back(&aff.q[victim], size, out);
}
