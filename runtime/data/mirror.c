#include "data/mirror.h"

#include "data/big_pages.h"
#include "data/warm.h"

#include <stdlib.h>
#include <string.h>

void lsc_mirror_set_free(lsc_mirror_set *set) {
  for (int i = 0; set->blocks && i < set->count; i++)
    lsc_warm_free(set->blocks[i]); /* a mirror lives in the worker's reserve when it could (data/warm.h) */
  free(set->data);
  free(set->blocks);
  free(set->bytes);
  *set = (lsc_mirror_set){0};
}

int lsc_mirror_set_resize(lsc_mirror_set *set, int count) {
  if (set->data && set->count == count)
    return 0;
  lsc_mirror_set_free(set);
  size_t n = count > 0 ? (size_t)count : 1;
  set->data = calloc(n, sizeof *set->data);
  set->blocks = calloc(n, sizeof *set->blocks);
  set->bytes = calloc(n, sizeof *set->bytes);
  if (!set->data || !set->blocks || !set->bytes) {
    lsc_mirror_set_free(set);
    return -1;
  }
  set->count = count;
  return 0;
}

void *lsc_mirror_get(lsc_mirror_set *set, int var, size_t bytes, size_t page_offset) {
  if (var < 0 || var >= set->count)
    return NULL;
  /* At least one byte, so an empty array still has a non-null address to put in the env. */
  size_t want = bytes ? bytes : 1, offset = page_offset % LSC_PAGE_ALIGN_BYTES;
  char *old = set->data[var];
  if (old && want <= set->bytes[var] && LSC_PAGE_OFFSET_OF(old) == offset)
    return old;
  /* A page more than the bytes, to start at the offset asked for wherever the block starts. */
  size_t room = want + LSC_PAGE_ALIGN_BYTES;
  char *block = lsc_warm_take(room);
  int reserve = block != NULL;
  if (!block && !(block = malloc(room)))
    return NULL;
  char *data = block + lsc_page_skew(block, offset);
  /* before the zero-fill below touches every page; a reserve block keeps the reserve's page size */
  if (!reserve)
    lsc_big_pages(data, want);
  size_t kept = set->bytes[var] < want ? set->bytes[var] : want;
  if (kept)
    memcpy(data, old, kept);
  memset(data + kept, 0, want - kept);
  lsc_warm_free(set->blocks[var]);
  set->data[var] = data;
  set->blocks[var] = block;
  set->bytes[var] = want;
  return data;
}
