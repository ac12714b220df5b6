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

/* The union of one plain range over [lo, hi), shifted by `shift` elements, appended to out. */
static int append_range(const lsc_slice *s, wide lo, wide hi, wide shift, int64_t extent,
                        lsc_span_list *out) {
  wide first = lo, stop = hi;
  if (!nonempty_iterations(s, &first, &stop))
    return 0;
  wide last = stop - 1;
  if (last == first || (pair_touches(s, first) && pair_touches(s, last - 1))) {
    wide start = wmin(span_start(s, first), span_start(s, last));
    wide end = wmax(span_end(s, first), span_end(s, last));
    return push_clipped(out, start + shift, end + shift, extent);
  }
  for (wide k = first; k <= last; k++)
    if (push_clipped(out, span_start(s, k) + shift, span_end(s, k) + shift, extent) != 0)
      return -1;
  return 0;
}

/* A strided slice, repetition by repetition: repetition t exists for the iterations with t < e*k + f, one
 * interval of k (the count is linear), over which it is the plain range shifted by t*stride. Repetitions
 * past the array's ends (in the stride's direction) end the walk, so a bogus count costs nothing. */
static int append_strided(const lsc_slice *s, wide lo, wide hi, int64_t extent, lsc_span_list *out) {
  wide most = wmax((wide)s->e * lo + s->f, (wide)s->e * (hi - 1) + s->f);
  wide least_start = wmin(span_start(s, lo), span_start(s, hi - 1));
  wide greatest_end = wmax(span_end(s, lo), span_end(s, hi - 1));
  for (wide t = 0; t < most; t++) {
    wide shift = t * s->stride;
    if ((s->stride > 0 && least_start + shift >= extent) || (s->stride < 0 && greatest_end + shift <= 0))
      break;
    /* t < e*k + f, i.e. e*k > t - f: an interval of k. */
    wide first = lo, stop = hi;
    if (s->e == 0) {
      if (t >= s->f)
        continue;
    } else if (s->e > 0) {
      first = wmax(first, floor_div(t - s->f, s->e) + 1);
    } else {
      stop = wmin(stop, floor_div(s->f - t - 1, -(wide)s->e) + 1);
    }
    if (first < stop && append_range(s, first, stop, shift, extent, out) != 0)
      return -1;
  }
  return 0;
}

static int append_slice(const lsc_slice *s, int64_t lo, int64_t hi, int64_t extent, lsc_span_list *out) {
  if (extent <= 0 || lo >= hi)
    return 0;
  return s->stride != 0 ? append_strided(s, lo, hi, extent, out) : append_range(s, lo, hi, 0, extent, out);
}

int lsc_slice_union(const lsc_slice *s, int64_t lo, int64_t hi, int64_t extent, lsc_span_list *out) {
  out->count = 0;
  if (append_slice(s, lo, hi, extent, out) != 0)
    return -1;
  if (s->stride != 0)
    lsc_span_list_normalize(out);
  return 0;
}

int lsc_slice_list_union(const lsc_slice *first, const lsc_slice *more, int nmore, int64_t lo, int64_t hi,
                         int64_t extent, lsc_span_list *out) {
  out->count = 0;
  int strided = first->stride != 0;
  if (append_slice(first, lo, hi, extent, out) != 0)
    return -1;
  for (int i = 0; i < nmore; i++) {
    strided |= more[i].stride != 0;
    if (append_slice(&more[i], lo, hi, extent, out) != 0)
      return -1;
  }
  if (strided || nmore > 0)
    lsc_span_list_normalize(out);
  return 0;
}

static int by_start(const void *x, const void *y) {
  const lsc_span *p = x, *q = y;
  return p->start < q->start ? -1 : p->start > q->start;
}

/* Sorted by start, spans that overlap or touch merged: every element once, so a union of slices moves each
 * element once (row i and column i share one) and master and worker agree on the order. */
void lsc_span_list_normalize(lsc_span_list *l) {
  if (l->count < 2)
    return;
  qsort(l->spans, l->count, sizeof *l->spans, by_start);
  size_t kept = 0;
  for (size_t i = 1; i < l->count; i++) {
    lsc_span *last = &l->spans[kept];
    if (l->spans[i].start <= last->end) {
      if (l->spans[i].end > last->end)
        last->end = l->spans[i].end;
    } else {
      l->spans[++kept] = l->spans[i];
    }
  }
  l->count = kept + 1;
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

/* The least start and the greatest end of a slice over k in [first, last], unclipped. Every end is linear in
 * k (the last repetition's too, t = e*k + f - 1), so the two ends bound it; iterations whose range or count
 * is empty can only make the true bounds tighter. */
static void slice_bounds(const lsc_slice *s, wide first, wide last, wide *least, wide *greatest) {
  *least = wmin(span_start(s, first), span_start(s, last));
  *greatest = wmax(span_end(s, first), span_end(s, last));
  if (s->stride == 0)
    return;
  wide shift0 = ((wide)s->e * first + s->f - 1) * s->stride,
       shift1 = ((wide)s->e * last + s->f - 1) * s->stride;
  *least = wmin(*least, wmin(span_start(s, first) + shift0, span_start(s, last) + shift1));
  *greatest = wmax(*greatest, wmax(span_end(s, first) + shift0, span_end(s, last) + shift1));
}

static int64_t saturate(wide x) {
  return x >= INT64_MAX ? INT64_MAX : x <= INT64_MIN ? INT64_MIN : (int64_t)x;
}

int lsc_slice_hull(const lsc_slice *s, int64_t lo, int64_t hi, int64_t *least, int64_t *greatest) {
  if (hi <= lo)
    return 0;
  wide l, g;
  slice_bounds(s, lo, (wide)hi - 1, &l, &g);
  *least = saturate(l);
  *greatest = saturate(g);
  return l > INT64_MIN && l < INT64_MAX && g > INT64_MIN && g < INT64_MAX;
}

int lsc_slice_bounds(const lsc_slice *s, int64_t n, int64_t *least, int64_t *greatest) {
  return lsc_slice_hull(s, 0, n, least, greatest);
}

int64_t lsc_slice_max_end(const lsc_slice *s, int64_t n) {
  wide first = 0, stop = n;
  if (n <= 0 || !nonempty_iterations(s, &first, &stop))
    return 0;
  wide end = wmax(span_end(s, first), span_end(s, stop - 1));
  if (s->stride > 0) {
    wide least, greatest;
    slice_bounds(s, 0, (wide)n - 1, &least, &greatest);
    end = wmax(end, greatest);
  }
  return end <= 0 ? 0 : end >= INT64_MAX ? INT64_MAX : (int64_t)end;
}
