/* slice_lists.c - footprints that are unions of slices. An iteration of a symmetric update writes row i
 * right of the diagonal and column i below it; an iteration of a column loop writes column j of a row-major
 * matrix, which interleaves in memory with every other iteration's column. Neither is one range per
 * iteration, and the hull of either overlaps other iterations' elements. Here each distinct access becomes a
 * slice of its own (a column: a strided slice, from footprint.c), at most 1 + LSC_MORE_SLICES per direction.
 *
 * Writes: every out slice must be exact, holding only elements its access may write. Then the dependence test
 * (doall_depend.c), which proves that no element one iteration's access may write is touched by another
 * iteration, proves that the out slices of different iterations are disjoint; so the runtime can send a
 * chunk's out slices in first and return them after, each element either written by the chunk or carrying
 * rank 0's value back unchanged, never overwriting another chunk's result. Reads only need slices that cover
 * what they read. */
#define _XOPEN_SOURCE 700
#include "analyse/slice_lists.h"
#include "analyse/doall_depend.h"
#include "analyse/footprint.h"
#include "analyse/subscripts.h"

#include <string.h>

#define MAX_SLICES (1 + LSC_MORE_SLICES)

typedef struct slice_list {
  footprint s[MAX_SLICES];
  int n;
  int full; /* a slice did not fit */
} slice_list;

static int same_slice(const footprint *x, const footprint *y) {
  if (!poly_equal(&x->lo_a, &y->lo_a) || !poly_equal(&x->lo_b, &y->lo_b) || !poly_equal(&x->hi_a, &y->hi_a) ||
      !poly_equal(&x->hi_b, &y->hi_b) || x->strided != y->strided)
    return 0;
  return !x->strided || (poly_equal(&x->stride, &y->stride) && poly_equal(&x->cnt_a, &y->cnt_a) &&
                         poly_equal(&x->cnt_b, &y->cnt_b));
}

/* Adds fp unless the list holds it; with join, plain ranges that hull() can join are joined (for reads,
 * where a larger slice only moves more). */
static void add_slice(slice_list *l, const footprint *fp, int join) {
  for (int i = 0; i < l->n; i++) {
    if (same_slice(&l->s[i], fp))
      return;
    footprint joined = l->s[i];
    if (join && !fp->strided && !joined.strided && hull(&joined, fp)) {
      l->s[i] = joined;
      return;
    }
  }
  if (l->n == MAX_SLICES)
    l->full = 1;
  else
    l->s[l->n++] = *fp;
}

static void store(const slice_list *l, footprint *first, footprint *more, int *nmore) {
  *first = l->s[0];
  *nmore = l->n - 1;
  for (int i = 1; i < l->n; i++)
    more[i - 1] = l->s[i];
}

/* A slice that covers what the read a touches: strided when it has that form, else its footprint. */
static int read_slice(analysis *an, const access_rec *a, footprint *fp) {
  int exact;
  if (strided_footprint(an, a, fp, &exact))
    return 1;
  if (!a->affine || !a->shape.has_footprint)
    return 0;
  *fp = a->shape.fp;
  return 1;
}

int union_slices(analysis *an, body_var *v, int vi, int *used) {
  slice_list in, out;
  memset(&in, 0, sizeof in);
  memset(&out, 0, sizeof out);
  int reads = 0, writes = 0, whole = 0;
  for (size_t i = 0; i < an->naccesses; i++) {
    access_rec *a = &an->accesses[i];
    if (a->var != vi)
      continue;
    shape_access(an, a);
    int natural = a->shape.has_footprint;
    footprint fp, clipped;
    a->has_dims = a->clipped = 0;
    rule_shape_access(an, v, a, &clipped);
    if (a->mode & MODE_WRITE) {
      int exact = 0;
      writes = 1;
      if (!a->affine)
        return -1;
      if (!strided_footprint(an, a, &fp, &exact) || !exact) {
        if (!natural || !is_dense(an, a))
          return -1;
        fp = a->shape.fp;
      }
      add_slice(&out, &fp, 0);
      if (out.full)
        return -1;
    }
    if (a->mode & MODE_READ) {
      reads = 1;
      if (read_slice(an, a, &fp))
        add_slice(&in, &fp, 1);
      else
        whole = 1;
    }
  }
  if (!writes)
    return -1;
  if (in.full)
    whole = 1;
  if (whole && !v->extent_known)
    return -1;
  /* Every pair of accesses, each against itself too: no element is touched by two iterations. */
  if (check_dependences(an, v, vi, v->ndims >= 2, used) != 0)
    return -2;
  memset(&v->in, 0, sizeof v->in);
  v->nin_more = 0;
  if (reads && !whole)
    store(&in, &v->in, v->in_more, &v->nin_more);
  store(&out, &v->out, v->out_more, &v->nout_more);
  /* Not OUT_EXACT: a slice holds what its access may write, not what it must (j >= i stops at the bound). */
  v->flags = (reads ? LSC_VAR_READ : 0) | LSC_VAR_WRITE | (whole ? LSC_VAR_WHOLE : 0);
  return 0;
}

/* Whether a slice moves with k: a slice that does not is sent once per loop as it is (chunk_data.c). */
static int moves_with_k(const footprint *fp) {
  int64_t a, c;
  return !(poly_is_const(&fp->lo_a, &a) && a == 0 && poly_is_const(&fp->hi_a, &c) && c == 0);
}

int reads_as_list(analysis *an, body_var *v, int vi) {
  if (an->pipeline)
    return 0;
  slice_list in;
  memset(&in, 0, sizeof in);
  for (size_t i = 0; i < an->naccesses; i++) {
    const access_rec *a = &an->accesses[i];
    footprint fp;
    if (a->var != vi || !(a->mode & MODE_READ))
      continue;
    if (!read_slice(an, a, &fp))
      return 0;
    add_slice(&in, &fp, 1);
  }
  if (in.full || in.n == 0)
    return 0;
  store(&in, &v->in, v->in_more, &v->nin_more);
  return 1;
}

void narrow_reads(analysis *an, body_var *v, int vi) {
  if (!(v->flags & LSC_VAR_READ) || v->nin_more > 0 || an->pipeline)
    return;
  /* A plain k-dependent hull stays when no read has a strided form: nothing to narrow. */
  if (!(v->flags & LSC_VAR_WHOLE) && !moves_with_k(&v->in))
    return;
  slice_list in;
  memset(&in, 0, sizeof in);
  int strided = 0;
  for (size_t i = 0; i < an->naccesses; i++) {
    const access_rec *a = &an->accesses[i];
    if (a->var != vi || !(a->mode & MODE_READ))
      continue;
    footprint fp;
    if (!read_slice(an, a, &fp) || !moves_with_k(&fp))
      return; /* read anywhere, or the same elements every iteration: whole, sent once, is right */
    strided |= fp.strided;
    add_slice(&in, &fp, 1);
  }
  if (in.full || in.n == 0 || (!strided && !(v->flags & LSC_VAR_WHOLE)))
    return;
  /* The writes' out slice covers what the writes touch; the reads are now covered by the list. */
  store(&in, &v->in, v->in_more, &v->nin_more);
  v->flags &= ~(unsigned)LSC_VAR_WHOLE;
}
