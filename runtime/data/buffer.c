/* buffer.c - growable byte buffers (buffer.h). A buffer grown to a MiB or more is laid on huge pages before
 * its bytes are first written: messages that carry arrays (a LOOP with the arrays read once, an ASSIGN or
 * RESULT with a chunk's rows) land in fresh memory, where a 4 KiB page's first touch costs 12-25 us on this
 * project's VMs and a 2 MiB page's about 60 us once the guest's memory is warm (96 ms against 2 ms for 32 MB,
 * measured page by page): syrk's LOOP copied its 5.8 MB read-once array into a fresh buffer in 17 ms, and
 * fdtd_2d's first ASSIGNs in a data region (0.6-2.4 MB of rows, one per row since its loops skip a column)
 * took rank 0 12 ms to pack and the worker 2-6 ms each to receive. Such a buffer is allocated 2 MiB-aligned
 * in whole 2 MiB pages, since only the aligned interior of a range can become huge: a 2.4 MB buffer from
 * malloc has at most one. And a freed one is kept for the next (a few, up to BIG_KEPT bytes in all): a loop's
 * messages are built in fresh buffers at every instance, and where malloc hands back the warm memory just
 * freed, a new aligned block was fresh again (atax's 2 MiB buffer per instance: 10 ms instances against 6).
 * On a worker a new block comes from its reserve when it has room (data/warm.h): fdtd_2d's worker waited
 * 10-17 ms for its first ASSIGN of `ex` rows (2.4 MB, a range per row) to land in a fresh inbox. */
#include "data/buffer.h"

#include "data/big_pages.h"
#include "data/warm.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* From this size a buffer grows in whole huge pages. */
#define BIG_BUFFER ((size_t)1 << 20)
#define HUGE_PAGE_BYTES ((size_t)2 << 20)
/* Freed big blocks kept for reuse: at most this many, and this many bytes in all. */
#define BIG_SLOTS 8
#define BIG_KEPT ((size_t)64 << 20)

static struct {
  pthread_mutex_t lock; /* buffers are the transport's, but OpenMP threads run beside it */
  void *block[BIG_SLOTS];
  size_t bytes[BIG_SLOTS];
  size_t kept;
} spare = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* The smallest kept block of at least cap bytes (its size in *got), or NULL. */
static void *take_spare(size_t cap, size_t *got) {
  pthread_mutex_lock(&spare.lock);
  int best = -1;
  for (int i = 0; i < BIG_SLOTS; i++)
    if (spare.block[i] && spare.bytes[i] >= cap && (best < 0 || spare.bytes[i] < spare.bytes[best]))
      best = i;
  void *p = NULL;
  if (best >= 0) {
    p = spare.block[best];
    *got = spare.bytes[best];
    spare.kept -= spare.bytes[best];
    spare.block[best] = NULL;
  }
  pthread_mutex_unlock(&spare.lock);
  return p;
}

/* Keeps a big block for the next buffer, or frees it when the keep is full. */
static void give_back(void *p, size_t bytes) {
  pthread_mutex_lock(&spare.lock);
  for (int i = 0; p && i < BIG_SLOTS && spare.kept + bytes <= BIG_KEPT; i++)
    if (!spare.block[i]) {
      spare.block[i] = p;
      spare.bytes[i] = bytes;
      spare.kept += bytes;
      p = NULL;
    }
  pthread_mutex_unlock(&spare.lock);
  lsc_warm_free(p);
}

static int is_big(const void *p, size_t cap) {
  return cap >= BIG_BUFFER && cap % HUGE_PAGE_BYTES == 0 && (uintptr_t)p % HUGE_PAGE_BYTES == 0;
}

/* At least cap bytes (a multiple of HUGE_PAGE_BYTES; the block's size in *cap) on huge pages, holding the
 * old buffer's len bytes. */
static unsigned char *grow_big(unsigned char *old, size_t old_cap, size_t len, size_t *cap) {
  size_t got = *cap;
  void *p = take_spare(*cap, &got);
  if (!p && !(p = lsc_warm_take(*cap))) { /* a worker's reserve, faulted in already (data/warm.h) */
    if (posix_memalign(&p, HUGE_PAGE_BYTES, *cap) != 0)
      return NULL;
    lsc_big_pages(p, *cap); /* before the copy below writes its first pages */
  }
  if (len)
    memcpy(p, old, len);
  if (old && is_big(old, old_cap))
    give_back(old, old_cap);
  else
    free(old);
  *cap = got;
  return p;
}

void *lsc_buffer_grow(lsc_buffer *b, size_t more) {
  if (more > SIZE_MAX - b->len)
    return NULL;
  size_t need = b->len + more;
  if (need > b->capacity || !b->data) {
    size_t cap = b->capacity ? b->capacity : 256;
    while (cap < need)
      cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    if (cap >= BIG_BUFFER && cap <= SIZE_MAX - HUGE_PAGE_BYTES)
      cap = (cap + HUGE_PAGE_BYTES - 1) / HUGE_PAGE_BYTES * HUGE_PAGE_BYTES;
    unsigned char *grown = cap >= BIG_BUFFER && cap % HUGE_PAGE_BYTES == 0
                               ? grow_big(b->data, b->capacity, b->len, &cap)
                               : realloc(b->data, cap);
    if (!grown)
      return NULL;
    b->data = grown;
    b->capacity = cap;
  }
  void *at = b->data + b->len;
  b->len = need;
  return at;
}

int lsc_buffer_put(lsc_buffer *b, const void *src, size_t n) {
  void *at = lsc_buffer_grow(b, n);
  if (!at)
    return -1;
  if (n)
    memcpy(at, src, n);
  return 0;
}

int lsc_buffer_put_i64(lsc_buffer *b, int64_t v) {
  return lsc_buffer_put(b, &v, sizeof v);
}
int lsc_buffer_put_f64(lsc_buffer *b, double v) {
  return lsc_buffer_put(b, &v, sizeof v);
}

void lsc_buffer_free(lsc_buffer *b) {
  if (b->data && is_big(b->data, b->capacity))
    give_back(b->data, b->capacity);
  else
    free(b->data);
  *b = (lsc_buffer){0};
}

lsc_reader lsc_reader_of(const void *data, size_t len) {
  return (lsc_reader){data, len, 0};
}

const void *lsc_read_skip(lsc_reader *r, size_t n) {
  if (r->short_read || n > r->left) {
    r->short_read = 1;
    r->left = 0;
    return NULL;
  }
  const void *at = r->at;
  r->at += n;
  r->left -= n;
  return at;
}

void lsc_read(lsc_reader *r, void *dst, size_t n) {
  const void *at = lsc_read_skip(r, n);
  if (at)
    memcpy(dst, at, n);
  else
    memset(dst, 0, n);
}

int64_t lsc_read_i64(lsc_reader *r) {
  int64_t v;
  lsc_read(r, &v, sizeof v);
  return v;
}

double lsc_read_f64(lsc_reader *r) {
  double v;
  lsc_read(r, &v, sizeof v);
  return v;
}
