#include "data/slice.h"

#include <stdlib.h>

/* Products of 64-bit coefficients and iteration numbers do not fit in 64 bits; 128 bits always do. */
__extension__ typedef __int128 wide;

static wide floor_div(wide num, wide den) {
  wide q = num / den;
  return (num % den != 0 && ((num < 0) != (den < 0))) ? q - 1 : q;
}

static wide span_start(const lsc_slice *s, wide k) {
  return (wide)s->a * k + s->b;
}
static wide span_end(const lsc_slice *s, wide k) {
  return (wide)s->c * k + s->d;
}
static wide wmin(wide x, wide y) {
  return x < y ? x : y;
}
static wide wmax(wide x, wide y) {
  return x > y ? x : y;
}

/* Narrows [*lo, *hi) to the iterations whose own range is not empty: length (c-a)k + (d-b) > 0 is linear,
 * so those iterations form one interval. Returns 0 when none remain. */
static int nonempty_iterations(const lsc_slice *s, wide *lo, wide *hi) {
  wide slope = (wide)s->c - s->a, base = (wide)s->d - s->b;
  if (slope == 0) {
    if (base <= 0)
      return 0;
  } else if (slope > 0) {
    *lo = wmax(*lo, floor_div(-base, slope) + 1);
  } else {
    *hi = wmin(*hi, floor_div(base - 1, -slope) + 1);
  }
  return *lo < *hi;
}

/* Consecutive ranges k, k+1 touch or overlap when start(k+1) <= end(k) and start(k) <= end(k+1); both sides
 * are linear in k, so checking the first and the last pair of the interval covers every pair. */
static int pair_touches(const lsc_slice *s, wide k) {
  return span_start(s, k + 1) <= span_end(s, k) && span_start(s, k) <= span_end(s, k + 1);
}

static int push_span(lsc_span_list *out, int64_t start, int64_t end) {
  if (out->count > 0) {
    lsc_span *last = &out->spans[out->count - 1];
    if (start <= last->end && end >= last->start) {
      last->start = start < last->start ? start : last->start;
      last->end = end > last->end ? end : last->end;
      return 0;
    }
  }
  if (out->count == out->capacity) {
    size_t cap = out->capacity ? out->capacity * 2 : 8;
    lsc_span *grown = realloc(out->spans, cap * sizeof *grown);
    if (!grown)
      return -1;
    out->spans = grown;
    out->capacity = cap;
  }
  out->spans[out->count++] = (lsc_span){start, end};
  return 0;
}

static int push_clipped(lsc_span_list *out, wide start, wide end, int64_t extent) {
  start = wmax(start, 0);
  end = wmin(end, extent);
  return end > start ? push_span(out, (int64_t)start, (int64_t)end) : 0;
}

int lsc_slice_union(const lsc_slice *s, int64_t lo, int64_t hi, int64_t extent, lsc_span_list *out) {
  out->count = 0;
  wide first = lo, stop = hi;
  if (extent <= 0 || !nonempty_iterations(s, &first, &stop))
    return 0;
  wide last = stop - 1;
  if (last == first || (pair_touches(s, first) && pair_touches(s, last - 1))) {
    wide start = wmin(span_start(s, first), span_start(s, last));
    wide end = wmax(span_end(s, first), span_end(s, last));
    return push_clipped(out, start, end, extent);
  }
  for (wide k = first; k <= last; k++)
    if (push_clipped(out, span_start(s, k), span_end(s, k), extent) != 0)
      return -1;
  return 0;
}

int64_t lsc_span_list_elements(const lsc_span_list *l) {
  int64_t total = 0;
  for (size_t i = 0; i < l->count; i++)
    total += l->spans[i].end - l->spans[i].start;
  return total;
}

void lsc_span_list_free(lsc_span_list *l) {
  free(l->spans);
  *l = (lsc_span_list){0};
}

int64_t lsc_slice_max_end(const lsc_slice *s, int64_t n) {
  wide first = 0, stop = n;
  if (n <= 0 || !nonempty_iterations(s, &first, &stop))
    return 0;
  wide end = wmax(span_end(s, first), span_end(s, stop - 1));
  return end <= 0 ? 0 : end >= INT64_MAX ? INT64_MAX : (int64_t)end;
}
