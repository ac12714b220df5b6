/* repro.c - block arithmetic and the table of block partials (repro.h). Every end is computed as start plus
 * what is left, never as (b + 1) * B, so trip counts up to INT64_MAX cannot overflow. */
#include "data/repro.h"

#include <stdlib.h>
#include <string.h>

lsc_repro_blocks lsc_repro_blocks_of(int64_t n, int64_t requested) {
  lsc_repro_blocks bl = {n > 0 ? n : 0, requested, 0};
  if (bl.size <= 0)
    bl.size = bl.n / LSC_REPRO_MAX_BLOCKS + (bl.n % LSC_REPRO_MAX_BLOCKS != 0);
  if (bl.size < 1)
    bl.size = 1;
  bl.count = bl.n / bl.size + (bl.n % bl.size != 0);
  return bl;
}

int64_t lsc_repro_block_start(const lsc_repro_blocks *bl, int64_t b) {
  return b * bl->size; /* b < count, so b * size < n */
}

int64_t lsc_repro_block_end(const lsc_repro_blocks *bl, int64_t b) {
  int64_t start = lsc_repro_block_start(bl, b);
  return bl->n - start < bl->size ? bl->n : start + bl->size;
}

int64_t lsc_repro_block_of(const lsc_repro_blocks *bl, int64_t k) {
  return k / bl->size;
}

int lsc_repro_whole_blocks(const lsc_repro_blocks *bl, int64_t lo, int64_t hi) {
  return lo >= 0 && lo < hi && hi <= bl->n && lo % bl->size == 0 && (hi == bl->n || hi % bl->size == 0);
}

int64_t lsc_repro_blocks_in(const lsc_repro_blocks *bl, int64_t lo, int64_t hi, int64_t *first) {
  *first = lo / bl->size;
  return hi <= lo ? 0 : (hi - 1) / bl->size - *first + 1;
}

int lsc_repro_table_init(lsc_repro_table *t, int64_t count, size_t bytes) {
  *t = (lsc_repro_table){0};
  if (count < 0 || (bytes > 0 && (uint64_t)count > SIZE_MAX / bytes))
    return -1;
  size_t flags = (size_t)count / 8 + 1;
  t->partials = malloc(count > 0 && bytes > 0 ? (size_t)count * bytes : 1);
  t->arrived = calloc(flags, 1);
  if (!t->partials || !t->arrived) {
    lsc_repro_table_free(t);
    return -1;
  }
  t->count = count;
  t->bytes = bytes;
  t->missing = count;
  return 0;
}

int lsc_repro_table_arrived(const lsc_repro_table *t, int64_t b) {
  return b >= 0 && b < t->count && (t->arrived[b / 8] >> (b % 8) & 1);
}

int64_t lsc_repro_table_store(lsc_repro_table *t, int64_t first, int64_t k, const void *src) {
  if (first < 0 || k < 0 || first > t->count || k > t->count - first)
    return -1;
  int64_t again = 0;
  for (int64_t i = 0; i < k; i++) {
    int64_t b = first + i;
    if (lsc_repro_table_arrived(t, b)) {
      again++;
      continue;
    }
    if (t->bytes > 0)
      memcpy(t->partials + (size_t)b * t->bytes, (const unsigned char *)src + (size_t)i * t->bytes, t->bytes);
    t->arrived[b / 8] |= (unsigned char)(1u << (b % 8));
    t->missing--;
  }
  return again;
}

const unsigned char *lsc_repro_table_partial(const lsc_repro_table *t, int64_t b) {
  return t->partials + (size_t)b * t->bytes;
}

void lsc_repro_table_free(lsc_repro_table *t) {
  free(t->partials);
  free(t->arrived);
  *t = (lsc_repro_table){0};
}
