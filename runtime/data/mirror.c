#include "data/mirror.h"

#include "data/big_pages.h"
#include "data/warm.h"

#include <stdlib.h>
#include <string.h>

void lsc_mirror_set_free(lsc_mirror_set *set) {
  for (int i = 0; i < set->count; i++)
    lsc_warm_free(set->data[i]); /* a mirror lives in the worker's reserve when it could (data/warm.h) */
  free(set->data);
  free(set->bytes);
  *set = (lsc_mirror_set){0};
}

int lsc_mirror_set_resize(lsc_mirror_set *set, int count) {
  if (set->data && set->count == count)
    return 0;
  lsc_mirror_set_free(set);
  size_t n = count > 0 ? (size_t)count : 1;
  set->data = calloc(n, sizeof *set->data);
  set->bytes = calloc(n, sizeof *set->bytes);
  if (!set->data || !set->bytes) {
    lsc_mirror_set_free(set);
    return -1;
  }
  set->count = count;
  return 0;
}

void *lsc_mirror_get(lsc_mirror_set *set, int var, size_t bytes) {
  if (var < 0 || var >= set->count)
    return NULL;
  /* At least one byte, so an empty array still has a non-null address to put in the env. */
  size_t want = bytes ? bytes : 1;
  if (want > set->bytes[var]) {
    void *old = set->data[var], *grown = lsc_warm_take(want);
    if (!grown && !lsc_warm_owns(old)) {
      grown = realloc(old, want);
    } else {
      if (!grown && !(grown = malloc(want)))
        return NULL;
      if (set->bytes[var])
        memcpy(grown, old, set->bytes[var]);
      lsc_warm_free(old);
    }
    if (!grown)
      return NULL;
    /* before the zero-fill below touches every page; a reserve block keeps the reserve's page size */
    if (!lsc_warm_owns(grown))
      lsc_big_pages(grown, want);
    memset((char *)grown + set->bytes[var], 0, want - set->bytes[var]);
    set->data[var] = grown;
    set->bytes[var] = want;
  }
  return set->data[var];
}
