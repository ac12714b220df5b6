/* reissue.c - re-issue of outstanding chunks ([mohammed-rdlb]'s rDLB), the pure part: the text of
 * reissue(...) and LSC_REISSUE, read the same way by lsc-rewrite (which checks the clause) and the runtime --
 * a boolean, off meaning one copy of each chunk (no re-issue) and on two, or the most copies of one chunk
 * that may run at once, from 2 to LSC_REISSUE_MAX_COPIES -- and the table of the chunks handed out in one
 * loop instance, from which a worker that finds nothing left gets a copy of the oldest chunk still
 * outstanding when no chunk can give it a split part (sched/reissue_split.c, which shares the table's
 * inside through reissue_table.h). A copy counts toward the limit with the copies of the chunk it came from
 * (lsc_reissue_running). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "reissue_table.h"
#include "sched_internal.h"

int lsc_reissue_parse(const char *text, int *copies, lsc_sched_error *err) {
  static const char *const off[] = {"0", "no", "false", "off"}, *const on[] = {"1", "yes", "true", "on"};
  for (size_t i = 0; text && i < sizeof on / sizeof on[0]; i++) {
    if (strcasecmp(text, on[i]) == 0) {
      *copies = 2;
      return 0;
    }
    if (strcasecmp(text, off[i]) == 0) {
      *copies = 1;
      return 0;
    }
  }
  /* digits only, as every lsc count: "1e1" or " 3" would be read differently elsewhere */
  int value = 0, ok = text && *text;
  for (const char *c = text; ok && *c; c++) {
    ok = *c >= '0' && *c <= '9' && value <= LSC_REISSUE_MAX_COPIES;
    value = ok ? value * 10 + (*c - '0') : value;
  }
  if (!ok || value < 2 || value > LSC_REISSUE_MAX_COPIES)
    return lsc_sched_format_error(err,
                                  "expected on, off (or another boolean: 0, 1, yes, no, true, false) or the "
                                  "most copies of one chunk, 2..%d",
                                  LSC_REISSUE_MAX_COPIES);
  *copies = value;
  return 0;
}

lsc_reissue_table *lsc_reissue_create(int max_copies) {
  if (max_copies < 1 || max_copies > LSC_REISSUE_MAX_COPIES)
    return NULL;
  lsc_reissue_table *t = calloc(1, sizeof *t);
  if (t)
    t->max_copies = max_copies;
  return t;
}

void lsc_reissue_free(lsc_reissue_table *t) {
  if (!t)
    return;
  free(t->entries);
  free(t->index);
  free(t);
}

static uint64_t slot_of(int64_t start, int64_t cap) {
  uint64_t h = (uint64_t)start * 0x9e3779b97f4a7c15ull; /* Fibonacci hashing: nearby starts spread out */
  return (h ^ (h >> 29)) & (uint64_t)(cap - 1);
}

/* The slot holding `start`, or the empty slot where it would go. */
static int64_t find_slot(const lsc_reissue_table *t, int64_t start) {
  uint64_t s = slot_of(start, t->index_cap);
  while (t->index[s] != 0 && t->entries[t->index[s] - 1].chunk.start != start)
    s = (s + 1) & (uint64_t)(t->index_cap - 1);
  return (int64_t)s;
}

/* Keeps the index at most half full. */
static int grow_index(lsc_reissue_table *t) {
  if (2 * (t->count + 1) <= t->index_cap)
    return 0;
  int64_t cap = t->index_cap ? 2 * t->index_cap : 64;
  int64_t *old = t->index, old_cap = t->index_cap;
  t->index = calloc((size_t)cap, sizeof *t->index);
  if (!t->index) {
    t->index = old;
    return -1;
  }
  t->index_cap = cap;
  for (int64_t s = 0; s < old_cap; s++)
    if (old[s] != 0)
      t->index[find_slot(t, t->entries[old[s] - 1].chunk.start)] = old[s];
  free(old);
  return 0;
}

reissue_entry *lsc_reissue_append(lsc_reissue_table *t) {
  if (t->count == t->cap) {
    int64_t cap = t->cap ? 2 * t->cap : 64;
    reissue_entry *grown = realloc(t->entries, (size_t)cap * sizeof *grown);
    if (!grown)
      return NULL;
    t->entries = grown;
    t->cap = cap;
  }
  return &t->entries[t->count];
}

int64_t lsc_reissue_handed(lsc_reissue_table *t, int64_t start, int64_t size, int worker) {
  if (!lsc_reissue_append(t) || grow_index(t) != 0)
    return -1;
  int64_t s = find_slot(t, start);
  if (t->index[s] != 0)
    return -1;
  reissue_entry *e = &t->entries[t->count];
  *e = (reissue_entry){.chunk = {start, size},
                       .parent = -1,
                       .cut = start + size,
                       .first_part = -1,
                       .next_part = -1,
                       .copies = 1};
  e->holders[0] = worker;
  t->index[s] = ++t->count;
  t->outstanding++;
  return t->count - 1;
}

int lsc_reissue_holds(const reissue_entry *e, int worker) {
  for (int c = 0; c < e->copies; c++)
    if (e->holders[c] == worker)
      return 1;
  return 0;
}

/* e itself counts done or not (a copy of a chunk is never handed back to a holder), its relatives only while
 * outstanding. (A split part never overlaps its chunk's other parts: splitting checks the chunk alone.) */
int lsc_reissue_holds_any(const lsc_reissue_table *t, const reissue_entry *e, int worker) {
  if (lsc_reissue_holds(e, worker))
    return 1;
  if (e->parent >= 0 && !t->entries[e->parent].done && lsc_reissue_holds(&t->entries[e->parent], worker))
    return 1;
  for (int64_t p = e->first_part; p >= 0; p = t->entries[p].next_part)
    if (!t->entries[p].done && lsc_reissue_holds(&t->entries[p], worker))
      return 1;
  return 0;
}

void lsc_reissue_timed(lsc_reissue_table *t, int64_t id, double handed_at, double expected) {
  lsc_reissue_paced(t, id, handed_at, expected, 0);
}

void lsc_reissue_paced(lsc_reissue_table *t, int64_t id, double handed_at, double expected, int64_t ahead) {
  if (id >= 0 && id < t->count) {
    t->entries[id].handed_at = handed_at;
    t->entries[id].expected = expected;
    t->entries[id].ahead = ahead;
  }
}

int lsc_reissue_overdue(double elapsed, double expected) {
  return expected > 0 && elapsed > LSC_REISSUE_OVERDUE * expected;
}

/* Copies of a chunk's iterations that run at once: its own, its parent's (a split part's iterations run in
 * the whole chunk too) and one more when parts were carved off it. */
int lsc_reissue_running(const lsc_reissue_table *t, const reissue_entry *e) {
  return e->copies + (e->parent >= 0 ? t->entries[e->parent].copies : 0) +
         (e->cut < e->chunk.start + e->chunk.size);
}

static int may_copy(const lsc_reissue_table *t, const reissue_entry *e, int worker) {
  return !e->done && !e->hold && lsc_reissue_running(t, e) < t->max_copies &&
         !lsc_reissue_holds_any(t, e, worker);
}

static int64_t take(lsc_reissue_table *t, int64_t i, int worker, lsc_chunk *chunk) {
  reissue_entry *e = &t->entries[i];
  e->holders[e->copies++] = worker;
  t->copies++;
  *chunk = e->chunk;
  return i;
}

void lsc_reissue_skip_done(lsc_reissue_table *t) {
  while (t->oldest < t->count && t->entries[t->oldest].done)
    t->oldest++;
}

int64_t lsc_reissue_pick(lsc_reissue_table *t, int worker, lsc_chunk *chunk) {
  lsc_reissue_skip_done(t);
  for (int64_t i = t->oldest; i < t->count; i++)
    if (may_copy(t, &t->entries[i], worker))
      return take(t, i, worker, chunk);
  return -1;
}

void lsc_reissue_set_hold(lsc_reissue_table *t, int64_t id, unsigned reason, int on) {
  if (id < 0 || id >= t->count)
    return;
  reissue_entry *e = &t->entries[id];
  e->hold = on ? e->hold | reason : e->hold & ~reason;
}

void lsc_reissue_receiving(lsc_reissue_table *t, int64_t id, int receiving) {
  lsc_reissue_set_hold(t, id, REISSUE_HOLD_RECEIVING, receiving);
}

int64_t lsc_reissue_held(lsc_reissue_table *t, int worker) {
  lsc_reissue_skip_done(t);
  int64_t held = 0;
  for (int64_t i = t->oldest, seen = 0; i < t->count && seen < LSC_REISSUE_SCAN; i++) {
    const reissue_entry *e = &t->entries[i];
    if (e->done)
      continue;
    seen++;
    if (lsc_reissue_holds(e, worker))
      held += e->chunk.size;
  }
  return held;
}

/* Only the oldest LSC_REISSUE_SCAN chunks not done are looked at: a chunk that is overdue went out early, and
 * a request must not cost a walk over every chunk of a long loop. */
int64_t lsc_reissue_pick_overdue(lsc_reissue_table *t, int worker, double now, lsc_chunk *chunk) {
  lsc_reissue_skip_done(t);
  for (int64_t i = t->oldest, seen = 0; i < t->count && seen < LSC_REISSUE_SCAN; i++) {
    const reissue_entry *e = &t->entries[i];
    if (e->done)
      continue;
    seen++;
    if (may_copy(t, e, worker) && lsc_reissue_overdue(now - e->handed_at, e->expected))
      return take(t, i, worker, chunk);
  }
  return -1;
}

int lsc_reissue_done(lsc_reissue_table *t, int64_t start) {
  if (t->index_cap == 0)
    return -1;
  int64_t s = find_slot(t, start);
  if (t->index[s] == 0)
    return -1;
  reissue_entry *e = &t->entries[t->index[s] - 1];
  if (e->done)
    return 0;
  lsc_reissue_mark_done(t, e);
  return 1;
}

int64_t lsc_reissue_outstanding(const lsc_reissue_table *t) {
  return t->outstanding;
}

int64_t lsc_reissue_copies(const lsc_reissue_table *t) {
  return t->copies;
}
