/* directory.c - the data directory of one array (directory.h): a sorted list of ranges that cover it, found
 * by binary search and rewritten by copying around the ranges that change. An array holds about as many
 * ranges as the chunks that wrote it last, and a range per row where a footprint's rows leave gaps between
 * them (the copies a share adds stop at each gap): a footprint's ranges are therefore applied in one walk of
 * the list (lsc_dir_set_ranges, lsc_dir_share_ranges), not a copy of the list per range. */
#include "data/directory.h"

#include <stdlib.h>
#include <string.h>

static int grow(lsc_dir_seg **segs, size_t *cap, size_t need) {
  if (need <= *cap)
    return 0;
  size_t cap2 = *cap ? *cap : 8;
  while (cap2 < need)
    cap2 *= 2;
  lsc_dir_seg *grown = realloc(*segs, cap2 * sizeof *grown);
  if (!grown)
    return -1;
  *segs = grown;
  *cap = cap2;
  return 0;
}

int lsc_dir_init(lsc_dir_map *d, uint64_t bytes) {
  *d = (lsc_dir_map){0};
  d->bytes = bytes;
  if (grow(&d->segs, &d->cap, 1) != 0)
    return -1;
  d->segs[0] = (lsc_dir_seg){0, bytes, 0, -1, -1, 1};
  d->count = bytes > 0;
  return 0;
}

size_t lsc_dir_find(const lsc_dir_map *d, uint64_t at) {
  size_t lo = 0, hi = d->count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (d->segs[mid].hi <= at)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static int same_writer(const lsc_dir_seg *a, const lsc_dir_seg *b) {
  return a->rank == b->rank && a->instance == b->instance && a->chunk == b->chunk && a->copies == b->copies;
}

/* Appends s to out, merged with the last range when it continues it with the same holder and writer. */
static void push(lsc_dir_seg *out, size_t *n, lsc_dir_seg s) {
  if (s.hi <= s.lo)
    return;
  if (*n > 0 && out[*n - 1].hi == s.lo && same_writer(&out[*n - 1], &s)) {
    out[*n - 1].hi = s.hi;
    return;
  }
  out[(*n)++] = s;
}

static uint64_t bit(int rank) {
  return rank >= 0 && rank < 64 ? (uint64_t)1 << rank : 0;
}

int lsc_dir_has(const lsc_dir_seg *s, int rank) {
  return s->rank == rank || (s->copies & bit(rank)) != 0;
}

/* The scratch becomes the list: swapping keeps both allocations for the next change. */
static void swap_in(lsc_dir_map *d, size_t n) {
  lsc_dir_seg *old = d->segs;
  size_t old_cap = d->cap;
  d->segs = d->scratch;
  d->cap = d->scratch_cap;
  d->count = n;
  d->scratch = old;
  d->scratch_cap = old_cap;
}

/* Rewrites [lo, hi) (clipped): a new range over it (set) or each range in it with `rank` added to its copies
 * (share), the ranges around it cut at lo and hi. */
static int change(lsc_dir_map *d, uint64_t lo, uint64_t hi, const lsc_dir_seg *set, int rank) {
  hi = hi < d->bytes ? hi : d->bytes;
  if (lo >= hi)
    return 0;
  if (grow(&d->scratch, &d->scratch_cap, 2 * d->count + 2) != 0)
    return -1;
  size_t n = 0, i = lsc_dir_find(d, lo);
  for (size_t j = 0; j < i; j++)
    push(d->scratch, &n, d->segs[j]);
  for (int placed = 0; i < d->count; i++) {
    lsc_dir_seg s = d->segs[i], before = s, inside = s, after = s;
    before.hi = s.hi < lo ? s.hi : lo;
    inside.lo = s.lo > lo ? s.lo : lo;
    inside.hi = s.hi < hi ? s.hi : hi;
    inside.copies |= bit(rank);
    after.lo = s.lo > hi ? s.lo : hi;
    push(d->scratch, &n, before);
    if (set && !placed) {
      push(d->scratch, &n, (lsc_dir_seg){lo, hi, set->rank, set->instance, set->chunk, set->copies});
      placed = 1;
    }
    if (!set)
      push(d->scratch, &n, inside);
    push(d->scratch, &n, after);
  }
  swap_in(d, n);
  return 0;
}

int lsc_dir_set(lsc_dir_map *d, uint64_t lo, uint64_t hi, int rank, int64_t instance, int64_t chunk) {
  lsc_dir_seg s = {lo, hi, rank, instance, chunk, bit(rank)};
  return change(d, lo, hi, &s, -1);
}

int lsc_dir_share(lsc_dir_map *d, uint64_t lo, uint64_t hi, int rank) {
  return change(d, lo, hi, NULL, rank);
}

/* Whether the ranges are sorted and disjoint, as the one-pass rewrite needs. */
static int in_order(const lsc_dir_range *r, size_t n) {
  for (size_t k = 1; k < n; k++)
    if (r[k].lo < r[k - 1].hi)
      return 0;
  return 1;
}

/* change() over every range at once: each range over the ranges it meets, in one walk of both lists. */
static int change_ranges(lsc_dir_map *d, const lsc_dir_range *r, size_t n, const lsc_dir_seg *set, int rank) {
  if (!in_order(r, n)) {
    for (size_t k = 0; k < n; k++)
      if (change(d, r[k].lo, r[k].hi, set, rank) != 0)
        return -1;
    return 0;
  }
  /* Every range cuts at most two ranges of the directory in two and adds at most one of its own. */
  if (grow(&d->scratch, &d->scratch_cap, d->count + 3 * n + 2) != 0)
    return -1;
  size_t out = 0, k = 0;
  for (size_t i = 0; i < d->count; i++) {
    const lsc_dir_seg s = d->segs[i];
    uint64_t at = s.lo;
    while (at < s.hi) {
      while (k < n && (r[k].hi <= at || r[k].hi <= r[k].lo))
        k++;
      lsc_dir_seg piece = s;
      piece.lo = at;
      if (k == n || r[k].lo >= s.hi) { /* no range in the rest of s */
        push(d->scratch, &out, piece);
        break;
      }
      if (r[k].lo > at) { /* the part of s before the range */
        piece.hi = r[k].lo;
        push(d->scratch, &out, piece);
        at = r[k].lo;
        continue;
      }
      uint64_t end = r[k].hi < s.hi ? r[k].hi : s.hi;
      if (set) {
        piece = *set;
        piece.lo = at;
      } else {
        piece.copies |= bit(rank);
      }
      piece.hi = end;
      push(d->scratch, &out, piece);
      at = end;
    }
  }
  swap_in(d, out);
  return 0;
}

int lsc_dir_set_ranges(lsc_dir_map *d, const lsc_dir_range *r, size_t n, int rank, int64_t instance,
                       int64_t chunk) {
  lsc_dir_seg s = {0, 0, rank, instance, chunk, bit(rank)};
  return change_ranges(d, r, n, &s, -1);
}

int lsc_dir_share_ranges(lsc_dir_map *d, const lsc_dir_range *r, size_t n, int rank) {
  return change_ranges(d, r, n, NULL, rank);
}

int lsc_dir_all_held(const lsc_dir_map *d, uint64_t lo, uint64_t hi, int rank) {
  if (lo >= hi)
    return 1;
  for (size_t i = lsc_dir_find(d, lo); i < d->count && d->segs[i].lo < hi; i++)
    if (!lsc_dir_has(&d->segs[i], rank))
      return 0;
  return 1;
}

int lsc_dir_written_by(const lsc_dir_map *d, uint64_t at, int64_t instance, int64_t chunk) {
  size_t i = lsc_dir_find(d, at);
  return i < d->count && d->segs[i].lo <= at && d->segs[i].instance == instance &&
         d->segs[i].chunk == chunk && instance >= 0;
}

int lsc_dir_away(const lsc_dir_map *d, uint64_t lo, uint64_t hi) {
  for (size_t i = lsc_dir_find(d, lo); i < d->count && d->segs[i].lo < hi; i++)
    if (d->segs[i].rank != 0)
      return 1;
  return 0;
}

void lsc_dir_free(lsc_dir_map *d) {
  free(d->segs);
  free(d->scratch);
  *d = (lsc_dir_map){0};
}
