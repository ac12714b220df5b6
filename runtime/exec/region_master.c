/* region_master.c - rank 0's side of the data directory (region.h): one directory per present array, and
 * for the loop at hand which of its array vars live in one (held) and where. A chunk's inputs are walked
 * against the directory: bytes its rank holds stay, bytes rank 0 holds go inside the ASSIGN, bytes another
 * worker holds go by an ORDER to that worker. Outputs are recorded, not moved. Whatever cannot follow the
 * directory (a pipelined nest, a global array reached through a part of itself, an array a loop touches
 * only in part) comes home first, which is today's data path and always sound. */
#include "exec/region.h"

#include "data/directory.h"
#include "data/slice.h"
#include "exec/chunk_data.h"
#include "exec/master.h"
#include "exec/staged_recv.h"
#include "fatal.h"
#include "obs/clock.h"
#include "obs/trace.h"
#include "state.h"
#include "transport/transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Products of 64-bit coefficients and iteration numbers do not fit in 64 bits; 128 bits always do. */
__extension__ typedef __int128 wide;

typedef struct dir_entry {
  uintptr_t base;
  uint64_t bytes;
  lsc_dir_map map;
} dir_entry;

static dir_entry *entries;
static size_t nentries, entries_cap;
static int64_t instances; /* loop instances run so far: the directory's writer ids */

/* The loop at hand (one at a time: nested loops run locally). */
static struct {
  int any; /* some var is held */
  int nvars;
  unsigned char *held; /* per var */
  size_t *entry;       /* per held var: its directory */
  uint64_t *offset;    /* per held var: byte offset of element 0 in its array */
  int64_t instance, peer_bytes;
  lsc_span_list spans;
  lsc_buffer ranges; /* one footprint's lsc_dir_range list, for one directory call (gather) */
} cur;

static lsc_order_outbox outbox;     /* the ORDERs being built and in flight */
static lsc_request_list home_reqs;  /* PEER receives into rank 0's memory */
static lsc_request_list home_sends; /* PEER sends from rank 0's memory, done by the loop's end */
static lsc_piece_list in_place;     /* the in-place ranges of the ASSIGN being built */

static dir_entry *containing(uintptr_t base, uint64_t bytes) {
  for (size_t i = 0; i < nentries; i++)
    if (base >= entries[i].base && base + bytes <= entries[i].base + entries[i].bytes)
      return &entries[i];
  return NULL;
}

int lsc_region_track(const void *base, size_t bytes) {
  if (nentries == entries_cap) {
    size_t cap = entries_cap ? 2 * entries_cap : 8;
    dir_entry *grown = realloc(entries, cap * sizeof *grown);
    if (!grown)
      return -1;
    entries = grown;
    entries_cap = cap;
  }
  dir_entry *e = &entries[nentries];
  e->base = (uintptr_t)base;
  e->bytes = bytes;
  if (lsc_dir_init(&e->map, bytes) != 0)
    return -1;
  nentries++;
  return 0;
}

int lsc_region_any(void) {
  return nentries > 0;
}

static void put(lsc_buffer *b, const void *p, size_t n) {
  if (lsc_buffer_put(b, p, n) != 0)
    lsc_fatal("out of memory for the data directory's messages");
}

static void order_add(int holder, int dest, const dir_entry *e, uint64_t lo, uint64_t hi) {
  lsc_orders_add(&outbox, holder, dest, e->base, e->bytes, lo, hi);
}

static void send_orders(void) {
  lsc_orders_send(&outbox);
}

static void wait_sends(void) {
  lsc_orders_wait(&outbox);
}

/* A transfer of the directory as a slice of its own on rank 0's row of the trace. */
static void trace_transfer(double begin, const char *what, int64_t bytes) {
  if (!lsc_trace_on() || bytes == 0)
    return;
  char args[128];
  snprintf(args, sizeof args, "\"for\":\"%s\",\"bytes\":%lld", what, (long long)bytes);
  lsc_trace_slice(0, "receive", begin, lsc_now(), args);
}

/* A run of bring_home: one holder's bytes, cut into pieces of at most a staging slot (one message each). */
static lsc_buffer home_runs; /* lsc_staged_piece */

static void add_run(dir_entry *e, int holder, uint64_t a, uint64_t z) {
  for (uint64_t at = a; at < z; at += LSC_STAGE_SLOT_BYTES) {
    uint64_t end = z - at > LSC_STAGE_SLOT_BYTES ? at + LSC_STAGE_SLOT_BYTES : z;
    order_add(holder, 0, e, at, end);
    lsc_staged_piece p = {(char *)e->base + at, (size_t)(end - at), holder};
    put(&home_runs, &p, sizeof p);
  }
}

/* The widest gap a run crosses: bytes rank 0 and the run's holder both hold current, so that the holder's
 * copy of them is rank 0's too. A loop that writes each row but its edge columns (jacobi_2d's B[i][1..n-2])
 * leaves a range per row, and one message per row brought 2 x 1000 rows home in 19 ms where two messages
 * take 3. No message costs less than a few tens of kilobytes of copying. */
#define FILL_GAP_BYTES ((uint64_t)64 << 10)

/* Orders home every byte of [lo, hi) of e that a worker holds, receives it into rank 0's memory and
 * records rank 0 as the holder. Between loops, so nothing changes the bytes meanwhile: the workers serve
 * orders while they wait for the next loop. Received through staging slots (exec/staged_recv.h): these are
 * rows rank 0 never received before, each page's first receive slow on this project's VMs. */
static void bring_home(dir_entry *e, uint64_t lo, uint64_t hi, int exclusive) {
  hi = hi < e->bytes ? hi : e->bytes;
  if (lo >= hi || lsc_rt.finished)
    return;
  if (!lsc_dir_away(&e->map, lo, hi)) {
    if (exclusive && lsc_dir_set(&e->map, lo, hi, 0, -1, -1) != 0)
      lsc_fatal("out of memory for the data directory");
    return;
  }
  double begin = lsc_trace_on() ? lsc_now() : 0;
  int holder = -1; /* of the open run [a, z) */
  uint64_t a = 0, z = 0;
  home_runs.len = 0;
  for (size_t i = lsc_dir_find(&e->map, lo); i < e->map.count && e->map.segs[i].lo < hi; i++) {
    const lsc_dir_seg *s = &e->map.segs[i];
    uint64_t x = s->lo > lo ? s->lo : lo, y = s->hi < hi ? s->hi : hi;
    if (x >= y)
      continue;
    if (!lsc_dir_has(s, 0)) {
      if (s->rank == holder) { /* adjacent, or across fillers */
        z = y;
        continue;
      }
      if (holder >= 0)
        add_run(e, holder, a, z);
      holder = s->rank;
      a = x;
      z = y;
    } else if (holder >= 0 && !(lsc_dir_has(s, holder) && y - z <= FILL_GAP_BYTES)) {
      add_run(e, holder, a, z);
      holder = -1;
    }
  }
  if (holder >= 0)
    add_run(e, holder, a, z);
  send_orders();
  int64_t bytes = lsc_staged_recv((const lsc_staged_piece *)(const void *)home_runs.data,
                                  home_runs.len / sizeof(lsc_staged_piece), LSC_TAG_PEER);
  trace_transfer(begin, "data region: newest bytes home", bytes);
  if ((exclusive ? lsc_dir_set(&e->map, lo, hi, 0, -1, -1) : lsc_dir_share(&e->map, lo, hi, 0)) != 0)
    lsc_fatal("out of memory for the data directory");
}

void lsc_region_untrack(const void *base, size_t bytes) {
  for (size_t i = 0; i < nentries; i++) {
    if (entries[i].base != (uintptr_t)base || entries[i].bytes != bytes)
      continue;
    /* Every kind comes home, copyin and create too: the program after the region must see what the
     * sequential program would (docs/pragma.md). */
    bring_home(&entries[i], 0, bytes, 1);
    wait_sends();
    lsc_dir_free(&entries[i].map);
    entries[i] = entries[--nentries];
    if (nentries == 0)
      lsc_region_affinity_reset(); /* the next region learns the ranks' speeds afresh */
    return;
  }
}

/* home 0: rank 0's bytes become the only copy (update workers); 1: the newest bytes come home and stay where
 * they are too (update host); 2: they come home as the only copy, since what runs next may write them
 * anywhere (a loop that cannot follow the directory). */
static void each_overlap(uintptr_t base, uint64_t bytes, int home) {
  for (size_t i = 0; i < nentries; i++) {
    dir_entry *e = &entries[i];
    if (base >= e->base + e->bytes || e->base >= base + bytes)
      continue;
    uint64_t lo = base > e->base ? base - e->base : 0;
    uint64_t hi = base + bytes < e->base + e->bytes ? base + bytes - e->base : e->bytes;
    if (home)
      bring_home(e, lo, hi, home == 2);
    else if (lsc_dir_set(&e->map, lo, hi, 0, -1, -1) != 0)
      lsc_fatal("out of memory for the data directory");
  }
  wait_sends();
}

void lsc_region_home(const void *base, size_t bytes) {
  if (lsc_rt.size > 1 && !lsc_rt.finished)
    each_overlap((uintptr_t)base, bytes, 1);
}

void lsc_region_touch(const void *base, size_t bytes) {
  if (nentries > 0 && lsc_rt.size > 1 && !lsc_rt.finished)
    each_overlap((uintptr_t)base, bytes, 2);
}

void lsc_region_reset(const void *base, size_t bytes) {
  each_overlap((uintptr_t)base, bytes, 0);
}

static void *field_pointer(void *env, const lsc_var *v) {
  void *p;
  memcpy(&p, (char *)env + v->offset, sizeof p);
  return p;
}

void lsc_region_local(void *env, const lsc_var *vars, int nvars) {
  if (nentries == 0 || lsc_rt.size <= 1 || lsc_rt.finished)
    return;
  int all = !vars;
  for (int i = 0; !all && i < nvars; i++)
    all = vars[i].kind == LSC_VAR_ARRAY && vars[i].extent <= 0;
  if (all) { /* as the only copy: the loop may write any of it */
    for (size_t i = 0; i < nentries; i++)
      bring_home(&entries[i], 0, entries[i].bytes, 1);
    wait_sends();
    return;
  }
  for (int i = 0; i < nvars; i++)
    if (vars[i].kind == LSC_VAR_ARRAY)
      each_overlap((uintptr_t)field_pointer(env, &vars[i]), (uint64_t)vars[i].extent * vars[i].size, 2);
}

/* A `parallel for` of n iterations on rank 0 alone: only its footprint over [0, n) comes home, what it
 * reads as a copy (the holders keep theirs), what it writes as the only copy. A loop of little work inside a
 * region (fdtd_2d's source row: 1200 stores) then moves nothing when its bytes are on rank 0 already, where
 * whole arrays would come home every step. */
void lsc_region_local_loop(void *env, const lsc_var *vars, int nvars, int64_t n) {
  if (nentries == 0 || lsc_rt.size <= 1 || lsc_rt.finished)
    return;
  for (int i = 0; i < nvars; i++) {
    const lsc_var *v = &vars[i];
    if (v->kind != LSC_VAR_ARRAY)
      continue;
    uintptr_t base = (uintptr_t)field_pointer(env, v);
    if (v->extent <= 0 && (v->flags & LSC_VAR_WHOLE)) { /* reads it cannot bound: every held array, whole */
      lsc_region_local(NULL, NULL, 0);
      return;
    }
    /* An unknown extent is the end of the footprint over [0, n) (master_setup.c): nothing to clip. */
    int64_t extent = v->extent > 0 ? v->extent : INT64_MAX;
    for (int write = 0; write <= 1; write++) {
      int64_t first, end;
      if (!(v->flags & (write ? LSC_VAR_WRITE : LSC_VAR_READ)))
        continue;
      cur.spans.count = 0;
      if (!write && lsc_var_read_once(v, extent, &first, &end)) {
        if (end > first)
          each_overlap(base + (uint64_t)first * v->size, (uint64_t)(end - first) * v->size, 1);
        continue;
      }
      const lsc_slice *s = write ? &v->out : &v->in, *more = write ? v->out_more : v->in_more;
      if (lsc_slice_list_union(s, more, write ? v->nout_more : v->nin_more, 0, n, extent, &cur.spans) != 0)
        lsc_fatal("out of memory computing the slices of '%s'", v->name ? v->name : "?");
      for (size_t k = 0; k < cur.spans.count; k++)
        each_overlap(base + (uint64_t)cur.spans.spans[k].start * v->size,
                     (uint64_t)(cur.spans.spans[k].end - cur.spans.spans[k].start) * v->size, write ? 2 : 1);
    }
  }
}

static void grow_loop(int nvars) {
  size_t n = (size_t)nvars + 1;
  unsigned char *held = realloc(cur.held, n);
  size_t *entry = realloc(cur.entry, n * sizeof *entry);
  uint64_t *offset = realloc(cur.offset, n * sizeof *offset);
  if (held)
    cur.held = held;
  if (entry)
    cur.entry = entry;
  if (offset)
    cur.offset = offset;
  if (!held || !entry || !offset)
    lsc_fatal("out of memory for the data directory");
  memset(cur.held, 0, n);
}

static dir_entry *var_entry(const lsc_loop *loop, int i, int pipeline) {
  const lsc_var *v = &loop->vars[i];
  if (v->kind != LSC_VAR_ARRAY || loop->extents[i] <= 0)
    return NULL;
  uintptr_t base = (uintptr_t)loop->bases[i];
  uint64_t bytes = (uint64_t)loop->extents[i] * v->size;
  dir_entry *e = containing(base, bytes);
  /* A global is the worker's own object, so only a var that is that whole object can live in it. */
  int fits = e && !pipeline && (!(v->flags & LSC_VAR_GLOBAL) || (base == e->base && bytes == e->bytes));
  return fits ? e : NULL;
}

static int var_overlaps(const lsc_loop *loop, int i, const dir_entry *e) {
  uintptr_t base = (uintptr_t)loop->bases[i];
  uint64_t bytes = (uint64_t)loop->extents[i] * loop->vars[i].size;
  return base < e->base + e->bytes && e->base < base + bytes;
}

void lsc_region_loop_setup(lsc_master *m) {
  lsc_loop *loop = &m->loop;
  cur.any = 0;
  cur.nvars = loop->nvars;
  cur.instance = ++instances;
  cur.peer_bytes = 0;
  loop->held = NULL;
  if (nentries == 0)
    return;
  grow_loop(loop->nvars);
  int pipeline = loop->site->magic == LSC_PIPELINE_SITE_MAGIC;
  for (int i = 0; i < loop->nvars; i++) {
    dir_entry *e = var_entry(loop, i, pipeline);
    if (e) {
      cur.held[i] = 1;
      cur.entry[i] = (size_t)(e - entries);
      cur.offset[i] = (uintptr_t)loop->bases[i] - e->base;
    }
  }
  /* An array var that cannot follow the directory brings its bytes home and runs on today's path; a held
   * var over the same array must then too, or a worker would use a stale copy beside rank 0's. */
  for (int i = 0; i < loop->nvars; i++) {
    if (cur.held[i] || loop->vars[i].kind != LSC_VAR_ARRAY || loop->extents[i] <= 0)
      continue;
    for (int j = 0; j < loop->nvars; j++)
      if (cur.held[j] && var_overlaps(loop, i, &entries[cur.entry[j]])) {
        cur.held[j] = 0;
        bring_home(&entries[cur.entry[j]], 0, entries[cur.entry[j]].bytes, 1);
      }
    each_overlap((uintptr_t)loop->bases[i], (uint64_t)loop->extents[i] * loop->vars[i].size, 2);
  }
  for (int i = 0; i < loop->nvars; i++) {
    const lsc_var *v = &loop->vars[i];
    int64_t first, end;
    if (!cur.held[i])
      continue;
    cur.any = 1;
    /* Read once per loop: rank 0 sends it to every worker after LOOP (master_setup.c), from its memory. */
    if (lsc_var_read_once(v, loop->extents[i], &first, &end) && end > first)
      bring_home(&entries[cur.entry[i]], cur.offset[i] + (uint64_t)first * v->size,
                 cur.offset[i] + (uint64_t)end * v->size, 0);
  }
  wait_sends();
  loop->held = cur.any ? cur.held : NULL;
}

void lsc_region_loop_message(lsc_master *m, lsc_buffer *b) {
  int64_t count = cur.any ? m->loop.nvars : 0;
  put(b, &count, sizeof count);
  for (int64_t i = 0; i < count; i++) {
    lsc_region_var_record w = {cur.held[i], 0, 0, 0};
    if (cur.held[i]) {
      const dir_entry *e = &entries[cur.entry[i]];
      w.key = e->base;
      w.bytes = e->bytes;
      w.offset = cur.offset[i];
    }
    put(b, &w, sizeof w);
  }
}

/* Whether `rank` holds a current copy of every byte of [lo, hi) of var's array. */
static int holds_all(int var, uint64_t lo, uint64_t hi, int rank) {
  return lsc_dir_all_held(&entries[cur.entry[var]].map, lo, hi, rank);
}

/* A chunk's footprint over the held vars of the loop at hand (region_footprint.c), but the lists `for_rank`
 * (>= 0) holds already. */
static void each_input_then(lsc_loop *loop, int64_t lo, int64_t hi, int for_rank, lsc_region_range_fn fn,
                            lsc_region_batch_fn batch, void *ctx) {
  lsc_region_skip skip = {holds_all, for_rank};
  lsc_region_each_input(loop, cur.held, cur.offset, lo, hi, &cur.spans, for_rank >= 0 ? &skip : NULL, fn,
                        batch, ctx);
}

static void each_input(lsc_loop *loop, int64_t lo, int64_t hi, int for_rank, lsc_region_range_fn fn,
                       void *ctx) {
  each_input_then(loop, lo, hi, for_rank, fn, NULL, ctx);
}

/* One footprint's byte ranges (sorted, merged: lsc_slice_list_union) go to cur.ranges, reused from chunk to
 * chunk, for one directory call; the call's arguments ride in a batch. */
typedef struct batch {
  int rank; /* for the directory call */
  int64_t chunk;
  int duplicate, checked; /* record: the chunk's result arrived before (its first range says) */
} batch;

static void gather(int var, uint64_t lo, uint64_t hi, void *ctx) {
  (void)var;
  (void)ctx;
  if (lsc_buffer_put(&cur.ranges, &(lsc_dir_range){lo, hi}, sizeof(lsc_dir_range)) != 0)
    lsc_fatal("out of memory for the data directory");
}

static const lsc_dir_range *gathered(size_t *n) {
  *n = cur.ranges.len / sizeof(lsc_dir_range);
  cur.ranges.len = 0; /* the next footprint starts afresh; the bytes stay until then */
  return (const lsc_dir_range *)(const void *)cur.ranges.data;
}

static void add_bytes(int var, uint64_t lo, uint64_t hi, void *ctx) {
  (void)var;
  *(double *)ctx += (double)(hi - lo);
}

double lsc_region_input_bytes(lsc_master *m, int64_t lo, int64_t hi) {
  double bytes = 0;
  if (m->loop.held && hi > lo)
    each_input(&m->loop, lo, hi, -1, add_bytes, &bytes);
  return bytes;
}

typedef struct assign_ctx {
  lsc_master *m;
  int rank;
  lsc_buffer *b;
  int64_t count;
} assign_ctx;

static void emit(assign_ctx *a, const dir_entry *e, uint64_t x, uint64_t z, int64_t source) {
  lsc_wire_range w = {e->base, e->bytes, x, z};
  put(a->b, &w, sizeof w);
  put(a->b, &source, sizeof source);
  if (source == 0) {
    put(a->b, (const char *)e->base + x, (size_t)(z - x));
  } else if (source == LSC_REGION_HOME_IN_PLACE) {
    /* Rank 0 does not write these bytes while the loop runs (a DOALL chunk reads nothing another chunk
     * writes, and this chunk's own outputs are the worker's; a run's gaps are written by no chunk), so they
     * may leave straight from the array. */
    lsc_piece_list_add(&in_place, (char *)e->base + x, (size_t)(z - x));
  } else {
    order_add((int)source, a->rank, e, x, z);
    cur.peer_bytes += (int64_t)(z - x);
  }
  a->count++;
}

/* Rank 0's bytes of the ASSIGN being built, joined into runs across the gaps a chunk's footprint leaves
 * between its rows (gap_fills): a loop reading `x[i][j - 1]` for j >= 1 leaves a range per row, and a
 * region's first instance packed each row into the message -- fdtd_2d's worker waited 10 ms for its first 2.4
 * MB of `ex` while rank 0 copied it into a buffer growing in fresh pages. A run goes in place when large
 * enough. */
static struct {
  int open;
  const dir_entry *e;
  uint64_t a, z;
} run;

static void flush_run(assign_ctx *a) {
  if (!run.open)
    return;
  run.open = 0;
  emit(a, run.e, run.a, run.z, run.z - run.a >= LSC_IN_PLACE_BYTES ? LSC_REGION_HOME_IN_PLACE : 0);
}

/* Floor of p / q for q > 0. */
static wide floor_div(wide p, wide q) {
  return p >= 0 ? p / q : -((-p + q - 1) / q);
}

/* The most iterations a gap's writers are looked for among: a row's gap has one or two. */
#define GAP_WRITERS 64

/* Whether some iteration of the loop may write an element of var j within bytes [y, x) of its array. Known
 * only for one plain range per iteration moving forward (the anchor's shape); otherwise it may. */
static int writes_within(const lsc_loop *loop, int j, uint64_t y, uint64_t x) {
  const lsc_var *v = &loop->vars[j];
  const lsc_slice *s = &v->out;
  if (v->nout_more > 0 || s->stride != 0 || s->a <= 0 || s->c <= 0)
    return 1;
  if (x <= cur.offset[j])
    return 0;
  wide size = (wide)v->size, from = (wide)y - (wide)cur.offset[j];
  wide lo = from <= 0 ? 0 : from / size, hi = ((wide)x - (wide)cur.offset[j] + size - 1) / size;
  if (lo >= loop->extents[j])
    return 0;
  /* Iteration k writes [a k + b, c k + d): it meets [lo, hi) when a k + b < hi and c k + d > lo. */
  wide first = floor_div(lo - s->d, s->c) + 1, end = floor_div(hi - 1 - s->b, s->a) + 1;
  first = first < 0 ? 0 : first;
  end = end > loop->n ? loop->n : end;
  if (first >= end)
    return 0;
  if (end - first > GAP_WRITERS)
    return 1;
  /* Not cur.spans: the walk that asks is going through those. */
  static lsc_span_list writes;
  if (lsc_slice_union(s, (int64_t)first, (int64_t)end, loop->extents[j], &writes) != 0)
    lsc_fatal("out of memory computing the slices of '%s'", v->name ? v->name : "?");
  for (size_t k = 0; k < writes.count; k++)
    if (writes.spans[k].start < hi && lo < writes.spans[k].end)
      return 1;
  return 0;
}

/* Whether the bytes [y, x) of var's array between two of a chunk's ranges may travel with them from rank 0:
 * rank 0 holds them current (the requester has no newer value), and no held var of the loop writes any of
 * them (rank 0 does not change them while they leave, and no chunk of this instance wrote them on the
 * requester before its result came in). The requester does not count them as held: it needs them not. */
static int gap_fills(const lsc_loop *loop, int var, uint64_t y, uint64_t x) {
  if (!lsc_dir_all_held(&entries[cur.entry[var]].map, y, x, 0))
    return 0;
  for (int j = 0; j < loop->nvars; j++)
    if (cur.held[j] && cur.entry[j] == cur.entry[var] && (loop->vars[j].flags & LSC_VAR_WRITE) &&
        writes_within(loop, j, y, x))
      return 0;
  return 1;
}

static void assign_range(int var, uint64_t lo, uint64_t hi, void *ctx) {
  assign_ctx *a = ctx;
  const dir_entry *e = &entries[cur.entry[var]];
  for (size_t i = lsc_dir_find(&e->map, lo); i < e->map.count && e->map.segs[i].lo < hi; i++) {
    const lsc_dir_seg *s = &e->map.segs[i];
    uint64_t x = s->lo > lo ? s->lo : lo, z = s->hi < hi ? s->hi : hi;
    if (lsc_dir_has(s, a->rank) || x >= z)
      continue;
    if (!lsc_dir_has(s, 0)) {
      flush_run(a);
      emit(a, e, x, z, s->rank);
      continue;
    }
    if (run.open && run.e == e && x >= run.z && x - run.z <= FILL_GAP_BYTES &&
        (x == run.z || gap_fills(&a->m->loop, var, run.z, x))) {
      run.z = z;
      continue;
    }
    flush_run(a);
    run.open = 1;
    run.e = e;
    run.a = x;
    run.z = z;
  }
}

static void assign_batch(int var, void *ctx) {
  (void)var;
  flush_run(ctx);
}

static void share_batch(int var, void *ctx) {
  size_t n;
  const lsc_dir_range *r = gathered(&n);
  if (lsc_dir_share_ranges(&entries[cur.entry[var]].map, r, n, ((batch *)ctx)->rank) != 0)
    lsc_fatal("out of memory for the data directory");
}

/* Counts the iterations of [lo, hi) whose anchor `rank` holds, and the others (schedule(auto) splits the
 * bytes moved between them, exec/master_auto.c). Before the chunk's inputs are shared to it. */
static void count_held(lsc_master *m, int rank, int64_t lo, int64_t hi) {
  int64_t next;
  for (int64_t k = lo; k < hi; k = next) {
    int holder = lsc_region_holder(m, k, &next);
    if (holder < 0)
      return; /* no anchor: nothing to count by */
    int64_t end = next < hi ? next : hi;
    *(holder == rank ? &m->held_iterations : &m->unheld_iterations) += end - k;
  }
}

void lsc_region_assign(lsc_master *m, int rank, int64_t lo, int64_t hi, lsc_buffer *b) {
  if (!m->loop.held)
    return;
  count_held(m, rank, lo, hi);
  size_t at = b->len;
  in_place.count = 0;
  assign_ctx a = {m, rank, b, 0};
  put(b, &a.count, sizeof a.count);
  each_input_then(&m->loop, lo, hi, rank, assign_range, assign_batch, &a);
  memcpy(b->data + at, &a.count, sizeof a.count);
  send_orders();
  /* The requester holds all of it now (it will before it computes): later chunks there need it not again. */
  batch shared = {.rank = rank};
  each_input_then(&m->loop, lo, hi, rank, gather, share_batch, &shared);
}

void lsc_region_assign_sent(lsc_master *m, int rank) {
  if (!m->loop.held || in_place.count == 0)
    return;
  m->chunk_in_bytes += lsc_pieces_send_tagged(&in_place, rank, LSC_TAG_PEER, &home_sends);
  in_place.count = 0;
}

/* The ranges rank 0's chunk at hand pulls (a var's, in bytes of its array), to find what may compute first.
 */
typedef struct pulled_range {
  int var;
  uint64_t lo, hi;
} pulled_range;
static lsc_buffer pulled;
static struct {
  double begin;
  int64_t bytes; /* received */
} pull;

static void own_range(int var, uint64_t lo, uint64_t hi, void *ctx) {
  lsc_master *m = ctx;
  dir_entry *e = &entries[cur.entry[var]];
  for (size_t i = lsc_dir_find(&e->map, lo); i < e->map.count && e->map.segs[i].lo < hi; i++) {
    const lsc_dir_seg *s = &e->map.segs[i];
    uint64_t x = s->lo > lo ? s->lo : lo, z = s->hi < hi ? s->hi : hi;
    if (lsc_dir_has(s, 0) || x >= z)
      continue;
    order_add(s->rank, 0, e, x, z);
    lsc_piece_list one = {&(lsc_piece){(char *)e->base + x, (size_t)(z - x)}, 1, 1};
    int64_t got = lsc_pieces_recv_tagged(&one, s->rank, LSC_TAG_PEER, &home_reqs);
    m->chunk_out_bytes += got;
    pull.bytes += got;
    put(&pulled, &(pulled_range){var, x, z}, sizeof(pulled_range));
  }
}

/* Whether iterations [lo, end) read none of the ranges pulled: their input hulls miss every one. */
static int reads_none_pulled(const lsc_loop *loop, int64_t lo, int64_t end) {
  const pulled_range *p = (const pulled_range *)(const void *)pulled.data;
  for (size_t k = 0; k < pulled.len / sizeof *p; k++) {
    uint64_t a, z;
    if (!lsc_region_input_hull(loop, cur.offset, p[k].var, lo, end, &a, &z))
      return 0;
    if (a < z && a < p[k].hi && p[k].lo < z)
      return 0;
  }
  return 1;
}

int64_t lsc_region_own_inputs_post(lsc_master *m, int64_t lo, int64_t hi) {
  if (!m->loop.held)
    return hi;
  pull.begin = lsc_trace_on() ? lsc_now() : 0;
  pulled.len = 0;
  pull.bytes = 0;
  each_input(&m->loop, lo, hi, 0, own_range, m);
  if (home_reqs.count == 0)
    return hi;
  send_orders();
  /* The longest prefix that reads none of it, by bisection: a prefix's hulls only grow with its end. A halo
   * row at the end of rank 0's block then comes while the rest of it computes (fdtd_2d: rank 0 waited 17-35
   * us per hz instance for the worker's first ey row before computing anything). */
  int64_t good = lo, bad = hi;
  while (bad - good > 1) {
    int64_t mid = good + (bad - good) / 2;
    *(reads_none_pulled(&m->loop, lo, mid) ? &good : &bad) = mid;
  }
  return good;
}

void lsc_region_own_inputs_wait(lsc_master *m, lsc_between_fn serve, void *ctx) {
  (void)m;
  if (home_reqs.count == 0)
    return;
  /* The holders serve orders between their chunks: rank 0 keeps answering them meanwhile, since a holder
   * may be waiting for an answer (or for rank 0 to take its RESULT) before it polls again. */
  lsc_region_wait(&home_reqs, serve, ctx);
  /* Not recorded as rank 0's copies: a result taken meanwhile may have rewritten some of these bytes (a
   * hull's edge the chunk does not read), and a copy recorded now would claim the new value. */
  trace_transfer(pull.begin, "data region: rank 0's chunk inputs from their holders", pull.bytes);
}

static void record_batch(int var, void *ctx) {
  batch *b = ctx;
  dir_entry *e = &entries[cur.entry[var]];
  size_t n;
  const lsc_dir_range *r = gathered(&n);
  if (n > 0 && !b->checked) {
    b->checked = 1;
    b->duplicate = lsc_dir_written_by(&e->map, r[0].lo, cur.instance, b->chunk);
  }
  if (!b->duplicate && lsc_dir_set_ranges(&e->map, r, n, b->rank, cur.instance, b->chunk) != 0)
    lsc_fatal("out of memory for the data directory");
}

int lsc_region_record(lsc_master *m, int rank, int64_t lo, int64_t hi) {
  lsc_loop *loop = &m->loop;
  if (!loop->held)
    return 1;
  batch b = {.rank = rank, .chunk = lo};
  lsc_region_each_output(loop, cur.held, cur.offset, lo, hi, &cur.spans, gather, record_batch, &b);
  return !b.duplicate;
}

int lsc_region_sends_done(void) {
  return home_sends.count == 0 || lsc_requests_done(&home_sends, -1);
}

void lsc_region_loop_end(lsc_master *m) {
  (void)m;
  lsc_region_wait(&home_sends, NULL, NULL);
  wait_sends();
}

/* The anchor: the first held var written by one plain range per iteration that moves forward with k. */
static int anchor_var(const lsc_loop *loop) {
  for (int i = 0; i < loop->nvars; i++) {
    const lsc_var *v = &loop->vars[i];
    if (cur.held[i] && (v->flags & LSC_VAR_WRITE) && v->out.stride == 0 && v->nout_more == 0 && v->out.a > 0)
      return i;
  }
  return -1;
}

int lsc_region_holder(lsc_master *m, int64_t k, int64_t *next) {
  lsc_loop *loop = &m->loop;
  int i = loop->held ? anchor_var(loop) : -1;
  if (i < 0)
    return -1;
  const lsc_var *v = &loop->vars[i];
  const dir_entry *e = &entries[cur.entry[i]];
  wide elem = (wide)v->out.a * k + v->out.b;
  elem = elem < 0 ? 0 : elem >= loop->extents[i] ? loop->extents[i] - 1 : elem;
  uint64_t at = cur.offset[i] + (uint64_t)elem * v->size;
  size_t s = lsc_dir_find(&e->map, at);
  if (s >= e->map.count) {
    *next = loop->n;
    return 0;
  }
  /* The first iteration whose anchor element starts at or after the range's end. */
  wide end_elem = ((wide)e->map.segs[s].hi - cur.offset[i] + v->size - 1) / v->size;
  wide num = end_elem - v->out.b, after = num <= 0 ? 0 : (num + v->out.a - 1) / v->out.a;
  *next = after <= k ? k + 1 : after > loop->n ? loop->n : (int64_t)after;
  return e->map.segs[s].rank;
}

int lsc_region_loop_held(void) {
  return cur.any;
}

int64_t lsc_region_peer_bytes(void) {
  return cur.peer_bytes;
}
