/* overlap.c - byte ranges of arrays over a loop instance, and the pairwise test. Slices are affine in k, so
 * the hull over [0, n) is reached at k = 0 or k = n - 1; overflowing arithmetic widens the range to all of
 * memory, which can only make the check more cautious (rank 0 alone), never wrong. */
#include "data/overlap.h"
#include "data/slice.h"

#include <string.h>

static void whole_memory(uintptr_t *lo, uintptr_t *hi) {
  *lo = 0;
  *hi = UINTPTR_MAX;
}

/* The least start and greatest end over every slice of one direction's list; 0 when one overflows. */
static int list_ends(const lsc_slice *first, const lsc_slice *more, int nmore, int64_t n, int64_t *start,
                     int64_t *end) {
  int64_t least, greatest;
  for (int i = -1; i < nmore; i++) {
    if (!lsc_slice_bounds(i < 0 ? first : &more[i], n, &least, &greatest))
      return 0;
    *start = least < *start ? least : *start;
    *end = greatest > *end ? greatest : *end;
  }
  return 1;
}

int lsc_array_byte_range(const lsc_var *v, const void *env, int64_t n, uintptr_t *lo, uintptr_t *hi) {
  if (v->kind != LSC_VAR_ARRAY || n <= 0 || !(v->flags & (LSC_VAR_READ | LSC_VAR_WRITE)))
    return 0;
  void *base;
  memcpy(&base, (const char *)env + v->offset, sizeof base);
  int64_t start = INT64_MAX, end = INT64_MIN;
  if ((v->flags & LSC_VAR_READ) && (v->flags & LSC_VAR_WHOLE)) {
    if (v->extent <= 0) {
      whole_memory(lo, hi);
      return 1;
    }
    start = 0;
    end = v->extent;
  } else if ((v->flags & LSC_VAR_READ) && !list_ends(&v->in, v->in_more, v->nin_more, n, &start, &end)) {
    whole_memory(lo, hi);
    return 1;
  }
  if ((v->flags & LSC_VAR_WRITE) && !list_ends(&v->out, v->out_more, v->nout_more, n, &start, &end)) {
    whole_memory(lo, hi);
    return 1;
  }
  if (v->extent > 0) {
    start = start < 0 ? 0 : start;
    end = end > v->extent ? v->extent : end;
  }
  if (end <= start)
    return 0;
  int64_t first, last;
  if (__builtin_mul_overflow(start, (int64_t)v->size, &first) ||
      __builtin_mul_overflow(end, (int64_t)v->size, &last)) {
    whole_memory(lo, hi);
    return 1;
  }
  uintptr_t b = (uintptr_t)base;
  /* Modular address arithmetic: a range that wraps around is all of memory. */
  uintptr_t l = b + (uintptr_t)first, h = b + (uintptr_t)last;
  if ((first < 0 && l > b) || (last > 0 && h < b) || h <= l) {
    whole_memory(lo, hi);
    return 1;
  }
  *lo = l;
  *hi = h;
  return 1;
}

int lsc_find_below_zero(const lsc_var *vars, int nvars, int64_t n, int *which) {
  for (int i = 0; i < nvars && n > 0; i++) {
    const lsc_var *v = &vars[i];
    if (v->kind != LSC_VAR_ARRAY)
      continue;
    int64_t least = INT64_MAX, greatest = INT64_MIN;
    int reads_slice = (v->flags & LSC_VAR_READ) && !(v->flags & LSC_VAR_WHOLE);
    if ((reads_slice && (!list_ends(&v->in, v->in_more, v->nin_more, n, &least, &greatest) || least < 0)) ||
        ((v->flags & LSC_VAR_WRITE) &&
         (!list_ends(&v->out, v->out_more, v->nout_more, n, &least, &greatest) || least < 0))) {
      *which = i;
      return 1;
    }
  }
  return 0;
}

int lsc_find_overlap(const lsc_var *vars, int nvars, const void *env, int64_t n, int *first, int *second) {
  for (int i = 0; i < nvars; i++) {
    uintptr_t li, hi_i;
    if ((vars[i].flags & LSC_VAR_NOALIAS) || !lsc_array_byte_range(&vars[i], env, n, &li, &hi_i))
      continue;
    for (int j = i + 1; j < nvars; j++) {
      uintptr_t lj, hi_j;
      if ((vars[j].flags & LSC_VAR_NOALIAS) || !lsc_array_byte_range(&vars[j], env, n, &lj, &hi_j))
        continue;
      int written = (vars[i].flags & LSC_VAR_WRITE) || (vars[j].flags & LSC_VAR_WRITE);
      if (written && li < hi_j && lj < hi_i) {
        *first = i;
        *second = j;
        return 1;
      }
    }
  }
  return 0;
}
