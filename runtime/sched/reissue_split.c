/* reissue_split.c - split copies: instead of a copy of a whole outstanding chunk, an asking rank gets a part
 * carved off the chunk's tail, a chunk of its own, while the holder keeps computing the whole chunk from its
 * start. Pure: the time is an argument. The chunk is done when its parts cover it or its holder's whole
 * result arrives, whichever comes first; a result of iterations already applied is dropped, and a whole
 * result that comes after some parts tells its caller which parts to keep (lsc_reissue_covered_part). The
 * size of a part is the rest the holder is not estimated to have reached, shared among the ranks that
 * compute: the tail is what the holder reaches last, so it is taken first (docs/runtime.md). */
#include <stdlib.h>

#include "reissue_table.h"
#include "sched_internal.h"

int64_t lsc_reissue_reached(const lsc_reissue_view *v) {
  /* Without the holder's own rate, or past the overdue line (stopped?), nothing is counted as done. */
  if (v->expected <= 0 || lsc_reissue_overdue(v->elapsed, v->expected))
    return 0;
  double done = v->elapsed / v->expected * (double)(v->ahead + v->size) - (double)v->ahead;
  if (done <= 0)
    return 0;
  return done >= (double)v->size ? v->size : (int64_t)done;
}

int64_t lsc_reissue_split(const lsc_reissue_view *v, int sharers, int64_t min, int64_t unit,
                          lsc_chunk *part) {
  if (v->cut <= v->start)
    return -1;
  sharers = sharers < 1 ? 1 : sharers;
  unit = unit < 1 ? 1 : unit;
  min = min < unit ? unit : min;
  int64_t rest = v->cut - (v->start + lsc_reissue_reached(v));
  rest = rest < 0 ? 0 : rest;
  int64_t k = (rest + sharers - 1) / sharers;
  k = k < min ? min : k;
  int64_t lo = v->cut - k;
  if (lo > v->start)
    lo -= lo % unit; /* reductions go by block: a part is whole blocks, its end being one already */
  lo = lo < v->start ? v->start : lo;
  *part = (lsc_chunk){lo, v->cut - lo};
  return rest;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double lsc_reissue_median_pace(const int64_t *iterations, const double *seconds, int n) {
  double *paces = malloc((size_t)(n > 0 ? n : 1) * sizeof *paces);
  int known = 0;
  for (int i = 0; paces && i < n; i++)
    if (iterations[i] > 0 && seconds[i] > 0)
      paces[known++] = seconds[i] / (double)iterations[i];
  double median = -1;
  if (known > 0) {
    qsort(paces, (size_t)known, sizeof *paces, by_value);
    median = known % 2 ? paces[known / 2] : (paces[known / 2 - 1] + paces[known / 2]) / 2;
  }
  free(paces);
  return median;
}

void lsc_reissue_mark_done(lsc_reissue_table *t, reissue_entry *e) {
  if (e->done)
    return;
  e->done = 1;
  t->outstanding--;
  for (int64_t j = e->first_part; j >= 0; j = t->entries[j].next_part)
    if (!t->entries[j].done) {
      t->entries[j].done = 1;
      t->outstanding--;
    }
}

/* A part's iterations are applied (its result, or rank 0's claim): its chunk is done once they all are. */
static void cover(lsc_reissue_table *t, reissue_entry *part) {
  reissue_entry *whole = &t->entries[part->parent];
  part->counted = 1;
  if (!part->done) {
    part->done = 1;
    t->outstanding--;
  }
  whole->covered += part->chunk.size;
  if (whole->covered == whole->chunk.size)
    lsc_reissue_mark_done(t, whole);
}

/* The view of chunk e for the split rule, with its expected time from the ask's pace when its rank had no
 * rate of its own (for the overdue test only: *own_rate 0). */
static lsc_reissue_view view_of(const reissue_entry *e, const lsc_reissue_ask *a, double *expected) {
  *expected = e->expected > 0 ? e->expected : a->pace > 0 ? a->pace * (double)(e->ahead + e->chunk.size) : -1;
  return (lsc_reissue_view){.start = e->chunk.start,
                            .size = e->chunk.size,
                            .cut = e->cut,
                            .ahead = e->ahead,
                            .elapsed = a->now - e->handed_at,
                            .expected = e->expected};
}

static int splittable(const lsc_reissue_table *t, const reissue_entry *e, int worker) {
  return !e->done && !e->hold && e->parent < 0 && e->cut > e->chunk.start && e->copies < t->max_copies &&
         !lsc_reissue_holds(e, worker);
}

static int64_t carve(lsc_reissue_table *t, int64_t from, const lsc_reissue_ask *a, lsc_chunk part) {
  reissue_entry *c = lsc_reissue_append(t);
  if (!c)
    return -2;
  reissue_entry *whole = &t->entries[from];
  *c = (reissue_entry){.chunk = part,
                       .handed_at = a->now,
                       .expected = -1,
                       .parent = from,
                       .cut = part.start + part.size,
                       .first_part = -1,
                       .next_part = whole->first_part,
                       .copies = 1};
  c->holders[0] = a->worker;
  int64_t id = t->count++;
  whole->first_part = id;
  whole->cut = part.start;
  t->outstanding++;
  t->parts++;
  if (a->claim)
    cover(t, c);
  return id;
}

int64_t lsc_reissue_split_pick(lsc_reissue_table *t, const lsc_reissue_ask *a, lsc_chunk *part) {
  lsc_reissue_skip_done(t);
  int64_t best = -1, best_rest = -1;
  lsc_chunk best_part = {0, 0};
  for (int64_t i = t->oldest, seen = 0; i < t->count && seen < LSC_REISSUE_SCAN; i++) {
    const reissue_entry *e = &t->entries[i];
    if (e->done)
      continue;
    seen++;
    if (!splittable(t, e, a->worker))
      continue;
    double expected;
    lsc_reissue_view v = view_of(e, a, &expected);
    if (a->overdue_only && !lsc_reissue_overdue(v.elapsed, expected))
      continue;
    lsc_chunk p;
    int64_t rest = lsc_reissue_split(&v, a->sharers, a->min, a->unit, &p);
    if (a->patient && rest < (a->min > 1 ? a->min : 1))
      continue; /* its holder is about to reach its end: a part would be work done twice */
    if (rest > best_rest) {
      best = i;
      best_rest = rest;
      best_part = p;
    }
  }
  if (best < 0)
    return -1;
  *part = best_part;
  return carve(t, best, a, best_part);
}

int lsc_reissue_result(lsc_reissue_table *t, int64_t id, int64_t start, int64_t size, int64_t *fresh) {
  if (id < 0 || id >= t->count)
    return -1;
  reissue_entry *e = &t->entries[id];
  if (e->chunk.start != start || e->chunk.size != size)
    return -1;
  if (e->done)
    return 0;
  *fresh = e->chunk.size - e->covered;
  if (e->parent >= 0) {
    cover(t, e);
  } else {
    e->counted = 1;
    lsc_reissue_mark_done(t, e);
  }
  return 1;
}

int64_t lsc_reissue_covered_part(const lsc_reissue_table *t, int64_t id, int64_t after, lsc_chunk *part) {
  int64_t j = after < 0 ? t->entries[id].first_part : t->entries[after].next_part;
  while (j >= 0 && !t->entries[j].counted)
    j = t->entries[j].next_part;
  if (j >= 0)
    *part = t->entries[j].chunk;
  return j;
}

int64_t lsc_reissue_parts(const lsc_reissue_table *t) {
  return t->parts;
}
