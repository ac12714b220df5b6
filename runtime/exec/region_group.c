/* region_group.c - a sub-master's directory of its group (region.h). Rank 0's directory sees a group as one
 * holder, its sub-master; inside, each member keeps the rows it computed, as a flat worker keeps its own,
 * and this directory (data/directory.h, by world rank) says which rank of the group holds the newest copy of
 * each range and which members hold current copies. It is rank 0's protocol one level down: a piece's ASSIGN
 * carries the bytes its member lacks from the sub-master's copies (in place when large), or names the member
 * holding them, which an ORDER sent first tells to send them; what the sub-master's own pieces read, and what
 * rank 0 orders from the group, the sub-master pulls from its members the same way (ORDER to the holder with
 * itself as dest, its receive posted first so the bytes never meet a probe of its serve loop).
 *
 * Why it is sound. The directory is consulted only for bytes rank 0 believes the group holds, and every such
 * byte either came from outside the group, into the sub-master's copies (lsc_region_group_arrived: newest
 * there), or was written by a piece of the group (lsc_region_group_record at its RESULT, when the member's
 * bytes are complete). A member listens only to its sub-master inside the group's loops and between loops
 * (worker.c), and every ORDER and ASSIGN inside the group comes from the sub-master, in one order, with an
 * ORDER before the ASSIGN that needs its bytes: as for rank 0's, no two ranks wait on each other. Bytes from
 * outside that fall on what a piece of the loop at hand wrote are a hull's edge the new group chunk does not
 * read (a DOALL chunk reads nothing another writes): the piece's record stays. Pulled bytes are not recorded
 * as the sub-master's copies: a result taken while they came may have rewritten some (rank 0's rule). */
#include "exec/region.h"

#include "data/directory.h"
#include "exec/chunk_data_io.h"
#include "fatal.h"
#include "state.h"
#include "transport/transport.h"

#include <stdlib.h>
#include <string.h>

typedef struct group_entry {
  uint64_t key, bytes;
  lsc_dir_map map;
} group_entry;

static group_entry *entries;
static size_t nentries, entries_cap;

/* The grouped loop at hand (active), per var: its entry and byte offset. */
static struct {
  int active;
  int64_t instance;
  const unsigned char *held;
  size_t *entry;
  uint64_t *offset;
  size_t cap;
  lsc_span_list spans;
  lsc_buffer ranges; /* one footprint's lsc_dir_range list, for one directory call */
  int64_t moved;     /* bytes moved inside the group since the loop began (LSC_STATS) */
} cur;
static lsc_order_outbox outbox;

static _Noreturn void out_of_memory(void) {
  lsc_fatal("rank %d: out of memory for its group's data directory", lsc_rt.rank);
}

static group_entry *entry_of(uint64_t key, uint64_t bytes) {
  for (size_t i = 0; i < nentries; i++)
    if (entries[i].key == key && entries[i].bytes == bytes)
      return &entries[i];
  return NULL;
}

/* The entry of (key, bytes), created with every byte on this rank: bytes rank 0 believes the group lacks
 * come before they are read, so what a new entry claims is never used before it is true. */
static size_t entry_add(uint64_t key, uint64_t bytes) {
  group_entry *e = entry_of(key, bytes);
  if (e)
    return (size_t)(e - entries);
  if (nentries == entries_cap) {
    size_t cap = entries_cap ? 2 * entries_cap : 8;
    group_entry *grown = realloc(entries, cap * sizeof *grown);
    if (!grown)
      out_of_memory();
    entries = grown;
    entries_cap = cap;
  }
  e = &entries[nentries];
  *e = (group_entry){key, bytes, {0}};
  if (lsc_dir_init(&e->map, bytes) != 0 || lsc_dir_set(&e->map, 0, bytes, lsc_rt.rank, -1, -1) != 0)
    out_of_memory();
  return nentries++;
}

void lsc_region_group_forget(uint64_t key, uint64_t bytes) {
  group_entry *e = entry_of(key, bytes);
  if (!e)
    return;
  lsc_dir_free(&e->map);
  *e = entries[--nentries];
}

void lsc_region_group_free(void) {
  for (size_t i = 0; i < nentries; i++)
    lsc_dir_free(&entries[i].map);
  free(entries);
  free(cur.entry);
  free(cur.offset);
  lsc_span_list_free(&cur.spans);
  lsc_buffer_free(&cur.ranges);
  lsc_orders_free(&outbox);
  entries = NULL;
  nentries = entries_cap = 0;
  cur.entry = NULL;
  cur.offset = NULL;
  cur.cap = 0;
  cur.active = 0;
}

void lsc_region_group_loop(const lsc_loop *loop, int64_t instance) {
  if (!loop->held)
    return;
  if ((size_t)loop->nvars > cur.cap) {
    size_t *entry = realloc(cur.entry, (size_t)loop->nvars * sizeof *entry);
    if (entry)
      cur.entry = entry;
    uint64_t *offset = realloc(cur.offset, (size_t)loop->nvars * sizeof *offset);
    if (offset)
      cur.offset = offset;
    if (!entry || !offset)
      out_of_memory();
    cur.cap = (size_t)loop->nvars;
  }
  for (int i = 0; i < loop->nvars; i++) {
    if (!loop->held[i])
      continue;
    uint64_t key, bytes;
    lsc_region_worker_var(i, &key, &bytes, &cur.offset[i]);
    cur.entry[i] = entry_add(key, bytes);
  }
  cur.held = loop->held;
  cur.instance = instance;
  cur.active = 1;
  cur.moved = 0;
}

int64_t lsc_region_group_loop_end(void) {
  if (!cur.active)
    return 0;
  cur.active = 0;
  lsc_orders_wait(&outbox); /* every ORDER was served before the pieces that needed it ended */
  return cur.moved;
}

static void gather(int var, uint64_t lo, uint64_t hi, void *ctx) {
  (void)var;
  (void)ctx;
  if (lsc_buffer_put(&cur.ranges, &(lsc_dir_range){lo, hi}, sizeof(lsc_dir_range)) != 0)
    out_of_memory();
}

static const lsc_dir_range *gathered(size_t *n) {
  *n = cur.ranges.len / sizeof(lsc_dir_range);
  cur.ranges.len = 0;
  return (const lsc_dir_range *)(const void *)cur.ranges.data;
}

static void put(lsc_buffer *b, const void *p, size_t n) {
  if (lsc_buffer_put(b, p, n) != 0)
    lsc_fatal("rank %d: out of memory for an ASSIGN message", lsc_rt.rank);
}

void lsc_region_group_arrived(uint64_t key, uint64_t bytes, uint64_t lo, uint64_t hi) {
  group_entry *e = entry_of(key, bytes);
  if (!e)
    return;
  for (size_t i = lsc_dir_find(&e->map, lo); i < e->map.count && e->map.segs[i].lo < hi; i++) {
    const lsc_dir_seg *s = &e->map.segs[i];
    uint64_t x = s->lo > lo ? s->lo : lo, z = s->hi < hi ? s->hi : hi;
    if (x < z && !(cur.active && s->instance == cur.instance))
      gather(0, x, z, NULL);
  }
  size_t n;
  const lsc_dir_range *r = gathered(&n);
  if (n > 0 && lsc_dir_set_ranges(&e->map, r, n, lsc_rt.rank, -1, -1) != 0)
    out_of_memory();
}

typedef struct assign_ctx {
  int rank;
  lsc_buffer *b;
  lsc_piece_list *in_place;
  int64_t count;
} assign_ctx;

static void assign_range(int var, uint64_t lo, uint64_t hi, void *ctx) {
  assign_ctx *a = ctx;
  group_entry *e = &entries[cur.entry[var]];
  char *copy = lsc_region_worker_copy(e->key, e->bytes);
  for (size_t i = lsc_dir_find(&e->map, lo); i < e->map.count && e->map.segs[i].lo < hi; i++) {
    const lsc_dir_seg *s = &e->map.segs[i];
    uint64_t x = s->lo > lo ? s->lo : lo, z = s->hi < hi ? s->hi : hi;
    if (x >= z || lsc_dir_has(s, a->rank))
      continue;
    int64_t source =
        lsc_dir_has(s, lsc_rt.rank) ? (z - x >= LSC_IN_PLACE_BYTES ? LSC_REGION_HOME_IN_PLACE : 0) : s->rank;
    if (source == 0 && !lsc_dir_has(s, lsc_rt.rank))
      lsc_fatal("rank %d: internal error: its group's directory names rank 0 as a holder", lsc_rt.rank);
    lsc_wire_range w = {e->key, e->bytes, x, z};
    put(a->b, &w, sizeof w);
    put(a->b, &source, sizeof source);
    if (source == 0)
      put(a->b, copy + x, (size_t)(z - x));
    else if (source == LSC_REGION_HOME_IN_PLACE)
      lsc_piece_list_add(a->in_place, copy + x, (size_t)(z - x));
    else
      lsc_orders_add(&outbox, (int)source, a->rank, e->key, e->bytes, x, z);
    a->count++;
    cur.moved += (int64_t)(z - x);
  }
}

static void share_batch(int var, void *ctx) {
  size_t n;
  const lsc_dir_range *r = gathered(&n);
  if (lsc_dir_share_ranges(&entries[cur.entry[var]].map, r, n, *(const int *)ctx) != 0)
    out_of_memory();
}

/* Whether `rank` holds a current copy of every byte of [lo, hi) of var's array, by the group's directory. */
static int holds_all(int var, uint64_t lo, uint64_t hi, int rank) {
  return lsc_dir_all_held(&entries[cur.entry[var]].map, lo, hi, rank);
}

void lsc_region_group_assign(const lsc_loop *loop, int rank, int64_t lo, int64_t hi, lsc_buffer *b,
                             lsc_piece_list *in_place) {
  in_place->count = 0;
  if (!cur.active)
    return;
  size_t at = b->len;
  assign_ctx a = {rank, b, in_place, 0};
  put(b, &a.count, sizeof a.count);
  lsc_region_skip skip = {holds_all, rank};
  lsc_region_each_input(loop, cur.held, cur.offset, lo, hi, &cur.spans, &skip, assign_range, NULL, &a);
  memcpy(b->data + at, &a.count, sizeof a.count);
  lsc_orders_send(&outbox);
  /* The member holds all of it now (it will before it computes): later pieces there need it not again. */
  lsc_region_each_input(loop, cur.held, cur.offset, lo, hi, &cur.spans, &skip, gather, share_batch, &rank);
}

typedef struct record_ctx {
  int rank;
  int64_t chunk;
} record_ctx;

static void record_batch(int var, void *ctx) {
  const record_ctx *c = ctx;
  size_t n;
  const lsc_dir_range *r = gathered(&n);
  if (lsc_dir_set_ranges(&entries[cur.entry[var]].map, r, n, c->rank, cur.instance, c->chunk) != 0)
    out_of_memory();
}

void lsc_region_group_record(const lsc_loop *loop, int rank, int64_t lo, int64_t hi) {
  if (!cur.active)
    return;
  record_ctx c = {rank, lo};
  lsc_region_each_output(loop, cur.held, cur.offset, lo, hi, &cur.spans, gather, record_batch, &c);
}

/* Posts the receive of every byte of [lo, hi) of e this rank lacks and adds its ORDER to the holder. */
static void pull_range(const group_entry *e, uint64_t lo, uint64_t hi, lsc_request_list *reqs) {
  char *copy = lsc_region_worker_copy(e->key, e->bytes);
  for (size_t i = lsc_dir_find(&e->map, lo); i < e->map.count && e->map.segs[i].lo < hi; i++) {
    const lsc_dir_seg *s = &e->map.segs[i];
    uint64_t x = s->lo > lo ? s->lo : lo, z = s->hi < hi ? s->hi : hi;
    if (x >= z || lsc_dir_has(s, lsc_rt.rank))
      continue;
    lsc_piece_list one = {&(lsc_piece){copy + x, (size_t)(z - x)}, 1, 1};
    lsc_pieces_recv_tagged(&one, s->rank, LSC_TAG_PEER, reqs);
    lsc_orders_add(&outbox, s->rank, lsc_rt.rank, e->key, e->bytes, x, z);
    cur.moved += (int64_t)(z - x); /* a pull between loops is not reported, as rank 0's orders then are not */
  }
}

static void pull_wait(lsc_request_list *reqs, lsc_between_fn serve, void *ctx) {
  if (reqs->count > 0) {
    lsc_orders_send(&outbox);
    /* Its members may wait for this rank (a RESULT to take) before they poll again: it serves meanwhile. */
    lsc_region_wait(reqs, serve, ctx);
  }
  lsc_requests_free(reqs);
}

static void own_range(int var, uint64_t lo, uint64_t hi, void *ctx) {
  pull_range(&entries[cur.entry[var]], lo, hi, ctx);
}

void lsc_region_group_own_inputs(const lsc_loop *loop, int64_t lo, int64_t hi, lsc_between_fn serve,
                                 void *ctx) {
  if (!cur.active)
    return;
  lsc_request_list reqs = {0};
  lsc_region_skip skip = {holds_all, lsc_rt.rank};
  lsc_region_each_input(loop, cur.held, cur.offset, lo, hi, &cur.spans, &skip, own_range, NULL, &reqs);
  pull_wait(&reqs, serve, ctx);
}

void lsc_region_group_pull(uint64_t key, uint64_t bytes, uint64_t lo, uint64_t hi, lsc_between_fn serve,
                           void *ctx) {
  const group_entry *e = entry_of(key, bytes);
  if (!e)
    return;
  lsc_request_list reqs = {0};
  pull_range(e, lo, hi, &reqs);
  pull_wait(&reqs, serve, ctx);
}
