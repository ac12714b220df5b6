/* region_worker.c - a worker's side of the data directory (region.h): one copy per array a region holds,
 * found by its address on rank 0 (the key), kept from loop to loop so that what this rank wrote stays here.
 * A global array is the worker's own object (the body names it directly), so its copy is that object; any
 * other array gets a buffer of its own. The copy's bytes count only where the directory says this rank
 * holds them (rank 0's, or for a group member its sub-master's, region_group.c): everything else arrives
 * before it is read (from the ASSIGN's sender inside it or in place, from the holder as PEER messages), so a
 * stale copy is never used. A sub-master's ORDER of rank 0 pulls what its members hold first. */
#include "exec/region.h"

#include "data/big_pages.h"
#include "data/mirror.h"
#include "data/warm.h"
#include "exec/chunk_data.h"
#include "exec/chunk_data_io.h"
#include "fatal.h"
#include "state.h"
#include "transport/transport.h"

#include <stdlib.h>
#include <string.h>

typedef struct store {
  uint64_t key, bytes;
  char *data;
  char *block; /* what data was carved from, to free; NULL when data is a global (this process's own) */
} store;

static store *stores;
static size_t nstores, stores_cap;
static unsigned char *held;
static size_t held_cap;
static lsc_request_list peer_sends, peer_recvs;
/* The loop at hand, per var: its array's key and size and the var's offset in it (held vars only). */
static uint64_t (*var_at)[3];
static size_t var_at_cap;
/* The ranges of the ASSIGN being read, for a sub-master's directory of its group once they are in. */
static lsc_buffer arrived;

static store *find(uint64_t key, uint64_t bytes) {
  for (size_t i = 0; i < nstores; i++)
    if (stores[i].key == key && stores[i].bytes == bytes)
      return &stores[i];
  return NULL;
}

static void drop(size_t i) {
  lsc_region_group_forget(stores[i].key, stores[i].bytes);
  lsc_warm_free(stores[i].block);
  stores[i] = stores[--nstores];
}

/* Where the next copy starts in its block: each a different 4 KiB page colour (73 pages apart, eight
 * colours) and cache line. The reserve's blocks are 2 MiB-aligned huge pages, so copies carved at their
 * starts had the same offset in the caches' sets: jacobi_2d's worker computed a row in 2.15-2.8 us against
 * rank 0's 2.0 (its copies of A and B at equal offsets), and a loop over two such arrays ran 15% slower here
 * than over two malloc'd ones, at 73 pages + 64 bytes apart as fast. The line is counted from where rank 0's
 * array starts in its page (its key's offset): the kernel's copies between the two then run with their
 * destination 0 or 64-448 bytes from their source modulo 4 KiB, never the 8-31 bytes that ran at 1.4 GB/s
 * against 4.7-5.8 (data/mirror.h: rank 0's heap arrays start 16 bytes into a page, the copies at colour 0
 * started at 0, and every byte of them that came home came at that speed). */
#define COLOUR_PAGES ((size_t)73 * 4096)
#define COLOUR_LINE ((size_t)64)
#define COLOURS 8
static size_t next_colour(void) {
  static unsigned colour;
  return (size_t)(colour++ % COLOURS);
}

/* The bytes from `block` to where colour `colour`'s copy of the array at `key` starts (see above). */
static size_t copy_skew(const char *block, uint64_t key, size_t colour) {
  return colour * COLOUR_PAGES + lsc_page_skew(block, LSC_PAGE_OFFSET_OF(key) + colour * COLOUR_LINE);
}

/* The copy of array (key, bytes); `global` is this process's own object when a var names it (NULL when
 * not): a copy kept elsewhere so far moves into it, whole, since which of its bytes count is rank 0's to
 * say. Copies whose rank-0 range overlaps the key belong to arrays no region holds any more: dropped. */
static store *store_of(uint64_t key, uint64_t bytes, char *global) {
  store *s = find(key, bytes);
  if (s) {
    if (global && s->data != global) {
      memcpy(global, s->data, (size_t)bytes);
      lsc_warm_free(s->block);
      s->data = global;
      s->block = NULL;
    }
    return s;
  }
  for (size_t i = 0; i < nstores;)
    if (stores[i].key < key + bytes && key < stores[i].key + stores[i].bytes)
      drop(i);
    else
      i++;
  if (nstores == stores_cap) {
    size_t cap = stores_cap ? 2 * stores_cap : 8;
    store *grown = realloc(stores, cap * sizeof *grown);
    if (!grown)
      lsc_fatal("rank %d: out of memory for a data region's arrays", lsc_rt.rank);
    stores = grown;
    stores_cap = cap;
  }
  /* From the reserve faulted in while this rank waited for its first loop (data/warm.h), else malloc. */
  char *block = NULL, *data = global;
  if (!global) {
    size_t colour = next_colour(), room = (size_t)bytes + colour * COLOUR_PAGES + LSC_PAGE_ALIGN_BYTES;
    if (!(block = lsc_warm_take(room)) && !(block = malloc(room)))
      lsc_fatal("rank %d: out of memory for a %llu-byte array of a data region", lsc_rt.rank,
                (unsigned long long)bytes);
    data = block + copy_skew(block, key, colour);
  }
  /* Received into, page by page, inside the region's loops. A reserve block keeps the page size the reserve
   * found faster (data/warm.h). */
  if (!lsc_warm_owns(block))
    lsc_big_pages(data, (size_t)bytes);
  stores[nstores] = (store){key, bytes, data, block};
  return &stores[nstores++];
}

void lsc_region_worker_loop(lsc_loop *loop, lsc_reader *r) {
  int64_t count = lsc_read_i64(r);
  loop->held = NULL;
  if (count == 0 || r->short_read)
    return;
  if (count != loop->nvars)
    lsc_fatal("rank %d: malformed LOOP message (data region part)", lsc_rt.rank);
  if ((size_t)count > held_cap) {
    unsigned char *grown = realloc(held, (size_t)count);
    uint64_t(*at)[3] = realloc(var_at, (size_t)count * sizeof *at);
    if (grown)
      held = grown;
    if (at)
      var_at = at;
    if (!grown || !at)
      lsc_fatal("rank %d: out of memory for a data region", lsc_rt.rank);
    held_cap = var_at_cap = (size_t)count;
  }
  for (int i = 0; i < loop->nvars; i++) {
    lsc_region_var_record w;
    lsc_read(r, &w, sizeof w);
    held[i] = w.held != 0;
    if (!held[i])
      continue;
    const lsc_var *v = &loop->vars[i];
    if (r->short_read || v->kind != LSC_VAR_ARRAY ||
        w.offset + (uint64_t)loop->extents[i] * v->size > w.bytes)
      lsc_fatal("rank %d: malformed LOOP message (data region part)", lsc_rt.rank);
    /* A global var is the whole object (region_master.c), so its copy starts where bind put it. */
    char *global = v->flags & LSC_VAR_GLOBAL ? loop->bases[i] : NULL;
    store *s = store_of(w.key, w.bytes, global);
    loop->bases[i] = s->data + w.offset;
    memcpy((char *)loop->env + v->offset, &loop->bases[i], sizeof loop->bases[i]);
    var_at[i][0] = w.key;
    var_at[i][1] = w.bytes;
    var_at[i][2] = w.offset;
  }
  loop->held = held;
}

void lsc_region_worker_var(int i, uint64_t *key, uint64_t *bytes, uint64_t *offset) {
  *key = var_at[i][0];
  *bytes = var_at[i][1];
  *offset = var_at[i][2];
}

char *lsc_region_worker_copy(uint64_t key, uint64_t bytes) {
  store *s = find(key, bytes);
  return s ? s->data : NULL;
}

int lsc_region_worker_inputs(lsc_loop *loop, lsc_reader *r, int from) {
  if (!loop->held)
    return 0;
  int64_t count = lsc_read_i64(r);
  arrived.len = 0;
  for (int64_t i = 0; i < count && !r->short_read; i++) {
    lsc_wire_range w;
    lsc_read(r, &w, sizeof w);
    int64_t source = lsc_read_i64(r);
    store *s = find(w.key, w.bytes);
    if (r->short_read || !s || w.lo >= w.hi || w.hi > w.bytes || source < LSC_REGION_HOME_IN_PLACE ||
        source >= lsc_rt.size || source == lsc_rt.rank)
      return -1;
    if (source == 0) {
      const void *bytes = lsc_read_skip(r, (size_t)(w.hi - w.lo));
      if (!bytes)
        return -1;
      memcpy(s->data + w.lo, bytes, (size_t)(w.hi - w.lo));
    } else {
      /* From a holder, or from the sender in place: PEER messages that came (or will come) after this ASSIGN.
       */
      lsc_piece_list one = {&(lsc_piece){s->data + w.lo, (size_t)(w.hi - w.lo)}, 1, 1};
      lsc_pieces_recv_tagged(&one, source == LSC_REGION_HOME_IN_PLACE ? from : (int)source, LSC_TAG_PEER,
                             &peer_recvs);
    }
    if (lsc_buffer_put(&arrived, &w, sizeof w) != 0)
      lsc_fatal("rank %d: out of memory for a data region", lsc_rt.rank);
  }
  if (r->short_read)
    return -1;
  lsc_region_wait(&peer_recvs, NULL, NULL);
  for (size_t at = 0; at < arrived.len; at += sizeof(lsc_wire_range)) {
    lsc_wire_range w;
    memcpy(&w, arrived.data + at, sizeof w);
    lsc_region_group_arrived(w.key, w.bytes, w.lo, w.hi);
  }
  return 0;
}

void lsc_region_serve_order(const lsc_buffer *msg, lsc_between_fn serve, void *ctx) {
  /* Serving while a pull comes (a sub-master, serve set) may receive the next message into msg's buffer:
   * then it is read from a copy. A worker serves nothing meanwhile and reads it in place. */
  lsc_buffer own = {0};
  if (serve && lsc_buffer_put(&own, msg->data, msg->len) != 0)
    lsc_fatal("rank %d: out of memory for an ORDER", lsc_rt.rank);
  lsc_reader r = serve ? lsc_reader_of(own.data, own.len) : lsc_reader_of(msg->data, msg->len);
  int64_t dest = lsc_read_i64(&r), count = lsc_read_i64(&r);
  if (r.short_read || dest < 0 || dest >= lsc_rt.size || dest == lsc_rt.rank || count < 0)
    lsc_fatal("rank %d: malformed ORDER message", lsc_rt.rank);
  const char *ranges = lsc_read_skip(&r, (size_t)count * sizeof(lsc_wire_range));
  if (!ranges)
    lsc_fatal("rank %d: malformed ORDER message", lsc_rt.rank);
  /* A sub-master's group may hold the newest of these bytes on a member: they come here first. */
  for (int64_t i = 0; i < count; i++) {
    lsc_wire_range w;
    memcpy(&w, ranges + (size_t)i * sizeof w, sizeof w);
    if (find(w.key, w.bytes) && w.lo < w.hi && w.hi <= w.bytes)
      lsc_region_group_pull(w.key, w.bytes, w.lo, w.hi, serve, ctx);
  }
  for (int64_t i = 0; i < count; i++) {
    lsc_wire_range w;
    memcpy(&w, ranges + (size_t)i * sizeof w, sizeof w);
    store *s = find(w.key, w.bytes);
    if (!s || w.lo >= w.hi || w.hi > w.bytes)
      lsc_fatal("rank %d: malformed ORDER message (no such array range here)", lsc_rt.rank);
    lsc_piece_list one = {&(lsc_piece){s->data + w.lo, (size_t)(w.hi - w.lo)}, 1, 1};
    lsc_pieces_send_tagged(&one, (int)dest, LSC_TAG_PEER, &peer_sends);
  }
  lsc_buffer_free(&own);
}

void lsc_region_worker_flush(void) {
  lsc_region_wait(&peer_sends, NULL, NULL);
}

void lsc_region_worker_free(void) {
  lsc_region_worker_flush();
  while (nstores > 0)
    drop(nstores - 1);
  lsc_region_group_free();
  free(stores);
  free(held);
  free(var_at);
  lsc_buffer_free(&arrived);
  stores = NULL;
  held = NULL;
  var_at = NULL;
  stores_cap = held_cap = var_at_cap = 0;
  lsc_requests_free(&peer_sends);
  lsc_requests_free(&peer_recvs);
}
