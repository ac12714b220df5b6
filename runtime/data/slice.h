/* slice.h - which elements of an array a chunk of iterations touches.
 *
 * Iteration k touches [a*k + b, c*k + d) clipped to [0, extent) (repeated e*k + f times, stride elements
 * apart, for a strided slice). A chunk [lo, hi) touches the union. When the per-iteration ranges of
 * consecutive iterations touch or overlap the union is one span (the hull), computed in O(1) per repetition;
 * otherwise the exact spans are listed, merging neighbours that touch. Strided slices and lists of slices
 * are sorted and merged at the end, so each element appears once. Master and worker compute the
 * same spans from the same inputs, so span lists never travel.
 */
#ifndef LSC_DATA_SLICE_H
#define LSC_DATA_SLICE_H

#include "lsc.h"

#include <stddef.h>
#include <stdint.h>

typedef struct lsc_span {
  int64_t start, end; /* elements [start, end), end > start */
} lsc_span;

/* A reusable list: grows, never shrinks, so steady-state chunks allocate nothing. */
typedef struct lsc_span_list {
  lsc_span *spans;
  size_t count, capacity;
} lsc_span_list;

/* Fills `out` with the union over k in [lo, hi). Returns 0, or -1 when memory runs out. */
int lsc_slice_union(const lsc_slice *s, int64_t lo, int64_t hi, int64_t extent, lsc_span_list *out);
/* The union over k in [lo, hi) of a footprint that is a list of slices (first, then more[0..nmore)), sorted
 * and merged. Returns 0, or -1 when memory runs out. */
int lsc_slice_list_union(const lsc_slice *first, const lsc_slice *more, int nmore, int64_t lo, int64_t hi,
                         int64_t extent, lsc_span_list *out);
/* Sorts the spans by start and merges those that overlap or touch. */
void lsc_span_list_normalize(lsc_span_list *l);
/* Elements in the list (spans may overlap only for non-monotone slices; each is counted). */
int64_t lsc_span_list_elements(const lsc_span_list *l);
void lsc_span_list_free(lsc_span_list *l);

/* The least start and greatest end over k in [0, n) of every repetition, unclipped: bounds that may be
 * loose, never tight. Returns 0 when n <= 0 or the bounds do not fit in 64 bits (then they saturate). */
int lsc_slice_bounds(const lsc_slice *s, int64_t n, int64_t *least, int64_t *greatest);
/* The same over k in [lo, hi): a hull of what a chunk touches, in O(1) whatever its ranges. */
int lsc_slice_hull(const lsc_slice *s, int64_t lo, int64_t hi, int64_t *least, int64_t *greatest);
/* The smallest extent covering the slice for every k in [0, n): max over k of the clipped end, >= 0. */
int64_t lsc_slice_max_end(const lsc_slice *s, int64_t n);

#endif
