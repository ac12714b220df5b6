/* present.c - the present table: a short list (a program holds a few arrays in regions), searched linearly;
 * a range is identified by its exact bytes, and an overlap that is not identity is an error, since the
 * runtime could not tell which region's copy is the newest. */
#include "data/present.h"

#include <stdlib.h>

static int overlaps(const lsc_present_range *r, uintptr_t base, size_t bytes) {
  return base < r->base + r->bytes && r->base < base + bytes;
}

static lsc_present_range *exact(lsc_present_table *t, uintptr_t base, size_t bytes) {
  for (size_t i = 0; i < t->count; i++)
    if (t->ranges[i].base == base && t->ranges[i].bytes == bytes)
      return &t->ranges[i];
  return NULL;
}

const lsc_present_range *lsc_present_overlapping(const lsc_present_table *t, const void *base, size_t bytes) {
  for (size_t i = 0; i < t->count; i++)
    if (overlaps(&t->ranges[i], (uintptr_t)base, bytes))
      return &t->ranges[i];
  return NULL;
}

const lsc_present_range *lsc_present_find(const lsc_present_table *t, const void *base, size_t bytes) {
  uintptr_t b = (uintptr_t)base;
  for (size_t i = 0; i < t->count; i++)
    if (b >= t->ranges[i].base && b + bytes <= t->ranges[i].base + t->ranges[i].bytes)
      return &t->ranges[i];
  return NULL;
}

lsc_present_status lsc_present_enter(lsc_present_table *t, const void *base, size_t bytes, const char *name) {
  lsc_present_range *r = exact(t, (uintptr_t)base, bytes);
  if (r) {
    r->holders++;
    return LSC_PRESENT_OK;
  }
  if (lsc_present_overlapping(t, base, bytes))
    return LSC_PRESENT_OVERLAP;
  if (t->count == t->cap) {
    size_t cap = t->cap ? 2 * t->cap : 8;
    lsc_present_range *grown = realloc(t->ranges, cap * sizeof *grown);
    if (!grown)
      return LSC_PRESENT_NO_MEMORY;
    t->ranges = grown;
    t->cap = cap;
  }
  t->ranges[t->count++] = (lsc_present_range){(uintptr_t)base, bytes, 1, name};
  return LSC_PRESENT_OK;
}

lsc_present_status lsc_present_exit(lsc_present_table *t, const void *base, size_t bytes) {
  lsc_present_range *r = exact(t, (uintptr_t)base, bytes);
  if (!r)
    return LSC_PRESENT_NOT_PRESENT;
  if (--r->holders == 0)
    *r = t->ranges[--t->count];
  return LSC_PRESENT_OK;
}

void lsc_present_free(lsc_present_table *t) {
  free(t->ranges);
  *t = (lsc_present_table){0};
}
