/* region_footprint.c - the bytes of held arrays a chunk must receive or writes (region.h), as byte ranges of
 * the arrays that hold them: rank 0 walks them against its directory (region_master.c), a sub-master
 * against its group's (region_group.c). A var's footprint is the union of its slices over the chunk
 * (data/slice.h), sorted and merged, so a directory can take one var's ranges in one call. An input walk
 * first asks whether the rank it is for holds a hull of the list's bytes (O(1) to compute, O(directory
 * ranges) to check): in steady state a rank holds its chunk's inputs, and walking them a range per row cost
 * rank 0 20-30 us per ASSIGN of fdtd_2d's 546 rows, on the way to the worker's start. */
#include "exec/region.h"

#include "data/slice.h"
#include "exec/chunk_data.h"
#include "fatal.h"

static void walk(const lsc_loop *loop, int i, const lsc_slice *s, const lsc_slice *more, int nmore,
                 uint64_t offset, int64_t lo, int64_t hi, lsc_span_list *spans, lsc_region_range_fn fn,
                 void *ctx) {
  if (lsc_slice_list_union(s, more, nmore, lo, hi, loop->extents[i], spans) != 0)
    lsc_fatal("out of memory computing the slices of '%s'", loop->vars[i].name ? loop->vars[i].name : "?");
  size_t elem = loop->vars[i].size;
  for (size_t k = 0; k < spans->count; k++)
    fn(i, offset + (uint64_t)spans->spans[k].start * elem, offset + (uint64_t)spans->spans[k].end * elem,
       ctx);
}

/* A hull of a slice list's elements over [lo, hi), clipped to the array: [*least, *greatest). 0 when past
 * 64 bits. */
static int list_hull(const lsc_loop *loop, int i, const lsc_slice *s, const lsc_slice *more, int nmore,
                     int64_t lo, int64_t hi, int64_t *least, int64_t *greatest) {
  *least = INT64_MAX;
  *greatest = INT64_MIN;
  for (int k = -1; k < nmore; k++) {
    int64_t l, g;
    if (!lsc_slice_hull(k < 0 ? s : &more[k], lo, hi, &l, &g))
      return 0;
    *least = l < *least ? l : *least;
    *greatest = g > *greatest ? g : *greatest;
  }
  *least = *least < 0 ? 0 : *least;
  *greatest = *greatest > loop->extents[i] ? loop->extents[i] : *greatest;
  return 1;
}

/* Whether skip's rank holds a hull of the list's bytes over [lo, hi) (all of them when it is empty). */
static int skipped(const lsc_loop *loop, int i, const lsc_slice *s, const lsc_slice *more, int nmore,
                   uint64_t offset, int64_t lo, int64_t hi, const lsc_region_skip *skip) {
  int64_t least, greatest;
  if (!skip || !list_hull(loop, i, s, more, nmore, lo, hi, &least, &greatest))
    return 0;
  if (greatest <= least)
    return 1;
  size_t elem = loop->vars[i].size;
  return skip->held(i, offset + (uint64_t)least * elem, offset + (uint64_t)greatest * elem, skip->rank);
}

int lsc_region_input_hull(const lsc_loop *loop, const uint64_t *offset, int i, int64_t lo, int64_t hi,
                          uint64_t *a, uint64_t *z) {
  const lsc_var *v = &loop->vars[i];
  int64_t least = INT64_MAX, greatest = INT64_MIN, l, g;
  if (v->flags & LSC_VAR_READ) {
    if (!list_hull(loop, i, &v->in, v->in_more, v->nin_more, lo, hi, &l, &g))
      return 0;
    least = l < least ? l : least;
    greatest = g > greatest ? g : greatest;
  }
  if ((v->flags & LSC_VAR_WRITE) && !(v->flags & LSC_VAR_OUT_EXACT)) {
    if (!list_hull(loop, i, &v->out, v->out_more, v->nout_more, lo, hi, &l, &g))
      return 0;
    least = l < least ? l : least;
    greatest = g > greatest ? g : greatest;
  }
  *a = *z = offset[i];
  if (greatest > least) {
    *a += (uint64_t)least * v->size;
    *z += (uint64_t)greatest * v->size;
  }
  return 1;
}

/* The slices of var i a chunk needs on its rank, into list: what it reads, and what it may leave unwritten
 * of what it writes (its old values must be there); the count. One list, so that one walk takes their union:
 * walked apart, a row read as x[i][1..n) and written as a whole row (x[i][j] = x[i][j] - ..., j >= 1, its
 * written range widened to the row) went twice, once a range per row (packed, its gaps possibly written)
 * and once as the rows whole (fdtd_2d's first ex instance: 2.4 MB packed into a fresh buffer, 2.6-14 ms,
 * then the same rows again in place). */
static int needed_slices(const lsc_loop *loop, int i, lsc_slice *list) {
  const lsc_var *v = &loop->vars[i];
  int n = 0;
  int64_t first, end;
  /* An array read once per loop reaches every worker after LOOP (master_setup.c), not with its chunks. */
  if ((v->flags & LSC_VAR_READ) && !lsc_var_read_once(v, loop->extents[i], &first, &end)) {
    list[n++] = v->in;
    for (int k = 0; k < v->nin_more; k++)
      list[n++] = v->in_more[k];
  }
  /* Outputs the body may leave unwritten keep their old values: the chunk's rank needs those first. */
  if ((v->flags & LSC_VAR_WRITE) && !(v->flags & LSC_VAR_OUT_EXACT)) {
    list[n++] = v->out;
    for (int k = 0; k < v->nout_more; k++)
      list[n++] = v->out_more[k];
  }
  return n;
}

void lsc_region_each_input(const lsc_loop *loop, const unsigned char *held, const uint64_t *offset,
                           int64_t lo, int64_t hi, lsc_span_list *spans, const lsc_region_skip *skip,
                           lsc_region_range_fn fn, lsc_region_batch_fn batch, void *ctx) {
  for (int i = 0; i < loop->nvars; i++) {
    lsc_slice list[2 * (1 + LSC_MORE_SLICES)];
    int n = held[i] ? needed_slices(loop, i, list) : 0;
    if (n == 0 || skipped(loop, i, list, list + 1, n - 1, offset[i], lo, hi, skip))
      continue;
    walk(loop, i, list, list + 1, n - 1, offset[i], lo, hi, spans, fn, ctx);
    if (batch)
      batch(i, ctx);
  }
}

void lsc_region_each_output(const lsc_loop *loop, const unsigned char *held, const uint64_t *offset,
                            int64_t lo, int64_t hi, lsc_span_list *spans, lsc_region_range_fn fn,
                            lsc_region_batch_fn batch, void *ctx) {
  for (int i = 0; i < loop->nvars; i++) {
    const lsc_var *v = &loop->vars[i];
    if (!held[i] || !(v->flags & LSC_VAR_WRITE))
      continue;
    walk(loop, i, &v->out, v->out_more, v->nout_more, offset[i], lo, hi, spans, fn, ctx);
    if (batch)
      batch(i, ctx);
  }
}
