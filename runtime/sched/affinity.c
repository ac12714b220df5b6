/* affinity.c - chunk placement by where the data is (lsc_affinity.h): one queue of unit ranges per worker
 * plus a pool, each a growing array whose live ranges are r[head .. count), so taking from either end is
 * O(1) and a request is O(workers) only when it steals (it looks for the queue with the most left). */
#include "lsc_affinity.h"

#include <math.h>
#include <stdlib.h>

__extension__ typedef __int128 wide;

typedef struct range {
  int64_t lo, hi;
} range;

typedef struct queue {
  range *r;
  size_t head, count, cap; /* live ranges are r[head .. count) */
  int64_t left;            /* units in them */
} queue;

struct lsc_affinity {
  int64_t workers; /* queue `workers` is the pool */
  queue *q;
  size_t cap;
  int64_t only; /* the one queue every add went to; -1 once two have some; -2 before the first */
  int64_t n;    /* units in all (lsc_affinity_finish) */
  double *rate; /* by worker, seconds per unit (lsc_affinity_rates); used when rated: all known */
  double move;  /* and the seconds moving a unit's data costs */
  int rated;
};

int lsc_scheme_places_by_worker(lsc_scheme_id s) {
  return s == LSC_SCHEME_STATIC || s == LSC_SCHEME_CYCLIC || s == LSC_SCHEME_BLOCK_CYCLIC ||
         s == LSC_SCHEME_STATIC_STEAL;
}

lsc_affinity *lsc_affinity_new(void) {
  return calloc(1, sizeof(lsc_affinity));
}

void lsc_affinity_free(lsc_affinity *a) {
  if (!a)
    return;
  for (size_t i = 0; i < a->cap; i++)
    free(a->q[i].r);
  free(a->q);
  free(a->rate);
  free(a);
}

static void clear(lsc_affinity *a) {
  for (int64_t w = 0; w <= a->workers; w++) {
    a->q[w].head = a->q[w].count = 0;
    a->q[w].left = 0;
  }
}

int lsc_affinity_start(lsc_affinity *a, int64_t workers) {
  size_t need = (size_t)workers + 1;
  if (need > a->cap) {
    queue *q = realloc(a->q, need * sizeof *q);
    if (!q)
      return -1;
    a->q = q;
    for (size_t i = a->cap; i < need; i++)
      a->q[i] = (queue){0};
    a->cap = need;
  }
  a->workers = workers;
  a->only = -2;
  a->rated = 0;
  clear(a);
  return 0;
}

static int push(queue *q, int64_t lo, int64_t hi) {
  if (q->count > q->head && q->r[q->count - 1].hi == lo) {
    q->r[q->count - 1].hi = hi;
  } else {
    if (q->count == q->cap) {
      size_t cap = q->cap ? 2 * q->cap : 8;
      range *grown = realloc(q->r, cap * sizeof *grown);
      if (!grown)
        return -1;
      q->r = grown;
      q->cap = cap;
    }
    q->r[q->count++] = (range){lo, hi};
  }
  q->left += hi - lo;
  return 0;
}

int lsc_affinity_add(lsc_affinity *a, int64_t worker, int64_t lo, int64_t hi) {
  if (hi <= lo)
    return 0;
  int64_t w = worker >= 0 && worker < a->workers ? worker : a->workers;
  a->only = a->only == -2 || a->only == w ? w : -1;
  return push(&a->q[w], lo, hi);
}

int lsc_affinity_finish(lsc_affinity *a, int64_t n) {
  a->n = n;
  if (a->only < 0)
    return 0;
  clear(a);
  for (int64_t w = 0; w < a->workers; w++) {
    /* In 128 bits: n times a worker number need not fit in 64. */
    int64_t lo = (int64_t)((wide)n * w / a->workers), hi = (int64_t)((wide)n * (w + 1) / a->workers);
    if (hi > lo && push(&a->q[w], lo, hi) != 0)
      return -1;
  }
  return 0;
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

int lsc_affinity_rates(lsc_affinity *a, const double *unit_seconds, double move_seconds) {
  double *rate = realloc(a->rate, (size_t)(a->workers > 0 ? a->workers : 1) * sizeof *rate);
  if (!rate)
    return -1;
  a->rate = rate;
  a->move = move_seconds;
  a->rated = 1;
  for (int64_t w = 0; w < a->workers; w++) {
    rate[w] = unit_seconds[w];
    a->rated &= unit_seconds[w] > 0;
  }
  return 0;
}

/* The block of `worker` in the layout by shares of n units: [n x (shares before it), n x (shares up to it)).
 */
static void block_in(int64_t n, const double *share, int64_t workers, int64_t worker, int64_t *lo,
                     int64_t *hi) {
  double before = 0;
  for (int64_t w = 0; w < worker; w++)
    before += share[w];
  double to = worker == workers - 1 ? 1.0 : before + share[worker];
  *lo = (int64_t)((double)n * before + 0.5);
  *hi = (int64_t)((double)n * to + 0.5);
  *lo = *lo > n ? n : *lo;
  *hi = *hi > n ? n : *hi;
}

static void block_of(const lsc_affinity *a, const double *share, int64_t worker, int64_t *lo, int64_t *hi) {
  block_in(a->n, share, a->workers, worker, lo, hi);
}

double lsc_affinity_layout_change(const double *from, const double *to, int64_t workers) {
  /* On a fine grid of units: the fraction whose block changes worker. */
  const int64_t n = 1 << 20;
  int64_t kept = 0;
  for (int64_t w = 0; w < workers; w++) {
    int64_t a_lo, a_hi, b_lo, b_hi;
    block_in(n, from, workers, w, &a_lo, &a_hi);
    block_in(n, to, workers, w, &b_lo, &b_hi);
    int64_t x = a_lo > b_lo ? a_lo : b_lo, z = a_hi < b_hi ? a_hi : b_hi;
    kept += z > x ? z - x : 0;
  }
  return 1.0 - (double)kept / (double)n;
}

int lsc_affinity_queued_shares(const lsc_affinity *a, double *share) {
  int64_t all = 0;
  for (int64_t w = 0; w <= a->workers; w++)
    all += a->q[w].left;
  if (all <= 0 || a->workers <= 0)
    return -1;
  double pool = (double)a->q[a->workers].left / (double)a->workers;
  for (int64_t w = 0; w < a->workers; w++)
    share[w] = ((double)a->q[w].left + pool) / (double)all;
  return 0;
}

int lsc_affinity_relayout_pays(const double *layout, const double *share, const double *spread,
                               int64_t workers, double instance_seconds, double horizon,
                               double move_all_seconds) {
  double worst = 1.0;
  for (int64_t w = 0; w < workers; w++) {
    double gap = layout[w] - share[w], doubt = LSC_AFFINITY_SHARE_DOUBT * spread[w];
    /* The share least favourable to moving that the measurements allow. */
    double likely = share[w] + (fabs(gap) < doubt ? gap : copysign(doubt, gap));
    if (likely > 0 && layout[w] / likely > worst)
      worst = layout[w] / likely;
  }
  double lost = (worst - 1.0) * instance_seconds * horizon;
  return lost > lsc_affinity_layout_change(layout, share, workers) * move_all_seconds;
}

int64_t lsc_affinity_balance(lsc_affinity *a, const double *share, double slack) {
  if (a->workers < 2 || a->n <= 0)
    return 0;
  for (int64_t w = 0; w < a->workers; w++)
    if (!(share[w] >= 0))
      return 0;
  /* Units already in their block's queue; the rest (the pool's included) would move. */
  int64_t in_place = 0, queued = 0;
  for (int64_t w = 0; w <= a->workers; w++) {
    const queue *q = &a->q[w];
    queued += q->left;
    if (w == a->workers)
      continue;
    int64_t lo, hi;
    block_of(a, share, w, &lo, &hi);
    for (size_t i = q->head; i < q->count; i++) {
      int64_t x = q->r[i].lo > lo ? q->r[i].lo : lo, z = q->r[i].hi < hi ? q->r[i].hi : hi;
      in_place += z > x ? z - x : 0;
    }
  }
  int64_t moving = queued - in_place;
  if (moving == 0 || (double)moving <= slack * (double)queued)
    return 0;
  clear(a);
  for (int64_t w = 0; w < a->workers; w++) {
    int64_t lo, hi;
    block_of(a, share, w, &lo, &hi);
    if (hi > lo && push(&a->q[w], lo, hi) != 0)
      return -1;
  }
  return moving;
}

/* Whether no steal (the rules of lsc_affinity_next below) could take any of `left` units from worker w's
 * queue: too few of them, or, with rates known, units that compute faster than their data moves. */
static int never_stolen(const lsc_affinity *a, int64_t w, int64_t left) {
  int64_t share = a->n / (a->workers > 0 ? a->workers : 1);
  if (a->rated)
    return left * 2 * LSC_AFFINITY_STEAL_FRACTION < share || !(a->rate[w] > a->move);
  return left * LSC_AFFINITY_STEAL_FRACTION < share;
}

int lsc_affinity_next(lsc_affinity *a, int64_t worker, int64_t planned, lsc_chunk *out) {
  int64_t size = planned > 0 ? planned : INT64_MAX;
  /* A chunk of its own queue that would leave units no steal can take takes them too: they go to this
   * worker anyway, and every chunk more is a request (jacobi_2d, np 2: the worker's own 1074 rows came in 11
   * chunks down to single rows, the small ones each waiting 40-70 us for their answer). */
  const queue *own = &a->q[worker];
  if (worker < a->workers && size < own->left && never_stolen(a, worker, own->left - size))
    size = own->left;
  if (take_front(&a->q[worker], size, out) || take_front(&a->q[a->workers], size, out))
    return 1;
  /* The victim: the queue that would take longest to finish (most units when the rates are not known). */
  int rated = a->rated;
  int64_t victim = -1;
  double longest = 0;
  for (int64_t w = 0; w <= a->workers; w++) {
    double finish = (double)a->q[w].left * (rated && w < a->workers ? a->rate[w] : 1.0);
    if (a->q[w].left > 0 && (victim < 0 || finish > longest)) {
      victim = w;
      longest = finish;
    }
  }
  if (victim < 0)
    return 0;
  int64_t share = a->n / (a->workers > 0 ? a->workers : 1), left = a->q[victim].left;
  if (rated && victim < a->workers) {
    /* As much as makes both finish together at their rates: half between equals, a quarter for a thief
     * three times slower than its victim (which otherwise took half and finished last). */
    double rv = a->rate[victim], rt = a->rate[worker];
    int64_t part = (int64_t)((double)left * rv / (rv + rt));
    /* Not worth its pull: too little, or a unit's data takes longer to move than the victim takes to compute
     * it (fdtd_2d, LSC_SLOWDOWN=1,3: 30 KB for 3 us rows; the rows stolen each instance moved 5 MB per time
     * step and ran 1.5x slower than a static split). The placement's balance by the rates does the rest. */
    if (part * 2 * LSC_AFFINITY_STEAL_FRACTION < share || !(rv > a->move))
      return 0;
    return take_back(&a->q[victim], part, out);
  }
  if (left * LSC_AFFINITY_STEAL_FRACTION < share)
    return 0; /* the victim is nearly done: its units stay where they are */
  /* Half of what the victim has left, or the scheme's size when larger: few large steals beat many small
   * ones, each being a pull from the holder. */
  int64_t half = left / 2 > 0 ? left / 2 : 1;
  if (planned <= 0 || size < half)
    size = half;
  return take_back(&a->q[victim], size, out);
}
