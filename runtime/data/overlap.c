/* overlap.c - byte ranges of arrays over a loop instance, and the pairwise test. Slices are affine in k, so
 * the hull over [0, n) is reached at k = 0 or k = n - 1; overflowing arithmetic widens the range to all of
 * memory, which can only make the check more cautious (rank 0 alone), never wrong. */
#include "data/overlap.h"

#include <string.h>

/* a*k + b for k in {0, n-1}: the least and the greatest, or 0 on overflow. */
static int affine_ends(int64_t a, int64_t b, int64_t n, int64_t *least, int64_t *greatest) {
  int64_t last;
  if (__builtin_mul_overflow(a, n - 1, &last) || __builtin_add_overflow(last, b, &last))
    return 0;
  *least = b < last ? b : last;
  *greatest = b < last ? last : b;
  return 1;
}

static void whole_memory(uintptr_t *lo, uintptr_t *hi) {
  *lo = 0;
  *hi = UINTPTR_MAX;
}

int lsc_array_byte_range(const lsc_var *v, const void *env, int64_t n, uintptr_t *lo, uintptr_t *hi) {
  if (v->kind != LSC_VAR_ARRAY || n <= 0 || !(v->flags & (LSC_VAR_READ | LSC_VAR_WRITE)))
    return 0;
  void *base;
  memcpy(&base, (const char *)env + v->offset, sizeof base);
  int64_t start = INT64_MAX, end = INT64_MIN, s0, s1, e0, e1;
  if ((v->flags & LSC_VAR_READ) && (v->flags & LSC_VAR_WHOLE)) {
    if (v->extent <= 0) {
      whole_memory(lo, hi);
      return 1;
    }
    start = 0;
    end = v->extent;
  } else if (v->flags & LSC_VAR_READ) {
    if (!affine_ends(v->in.a, v->in.b, n, &s0, &s1) || !affine_ends(v->in.c, v->in.d, n, &e0, &e1)) {
      whole_memory(lo, hi);
      return 1;
    }
    start = s0;
    end = e1;
  }
  if (v->flags & LSC_VAR_WRITE) {
    if (!affine_ends(v->out.a, v->out.b, n, &s0, &s1) || !affine_ends(v->out.c, v->out.d, n, &e0, &e1)) {
      whole_memory(lo, hi);
      return 1;
    }
    start = s0 < start ? s0 : start;
    end = e1 > end ? e1 : end;
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
    int64_t least, greatest;
    int reads_slice = (v->flags & LSC_VAR_READ) && !(v->flags & LSC_VAR_WHOLE);
    if ((reads_slice && (!affine_ends(v->in.a, v->in.b, n, &least, &greatest) || least < 0)) ||
        ((v->flags & LSC_VAR_WRITE) &&
         (!affine_ends(v->out.a, v->out.b, n, &least, &greatest) || least < 0))) {
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
