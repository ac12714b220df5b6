/* mirror.h - a worker's copies of the arrays of one loop site, one per var: allocated on first use, grown
 * when a later instance of the loop needs more, and otherwise reused, so a loop run many times allocates
 * once. */
#ifndef LSC_DATA_MIRROR_H
#define LSC_DATA_MIRROR_H

#include <stddef.h>

typedef struct lsc_mirror_set {
  int count;
  void **data;
  size_t *bytes;
} lsc_mirror_set;

/* Makes room for `count` vars; keeps the existing mirrors when the count is unchanged. 0, or -1 (no memory).
 */
int lsc_mirror_set_resize(lsc_mirror_set *set, int count);
/* Var `var`'s mirror with at least `bytes` bytes, new bytes zero-filled; NULL when memory runs out. */
void *lsc_mirror_get(lsc_mirror_set *set, int var, size_t bytes);
void lsc_mirror_set_free(lsc_mirror_set *set);

#endif
