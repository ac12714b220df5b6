/* subscripts.c - C's in-bounds rule for arrays of arrays (C11 6.5.6p8: an index into an inner dimension
 * must stay inside it, or the behaviour is undefined; GCC's and LLVM's dependence analyses rely on it).
 * Each subscript of an access is swept over its inner loops on its own, giving its range in one iteration.
 * Two accesses that cannot meet in one subscript touch different elements, provided the subscripts after
 * the first stay inside their dimensions: rows C[i] of different iterations, or a column range that lies
 * past the other's over the whole loop (j >= i against k < i). Subscripts lsc proves inside their dimension
 * need nothing; the others rest on the rule, and the checked run verifies them (LSC_CHECK_BOUNDS, plan.c).
 * A write footprint takes such a subscript over its whole dimension, so that a chunk's out slice stays in
 * its rows however far the loop's own bound reaches. */
#define _XOPEN_SOURCE 700
#include "analyse/subscripts.h"
#include "analyse/footprint.h"
#include "analyse/inner_loops.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

void iv_bounds(analysis *an) {
  loop_header h = an->h;
  h.may_wrap = 0; /* an instance whose i wraps runs on one rank: where it is distributed, i stays in range */
  inner_frame f;
  memset(&f, 0, sizeof f);
  an->iv_bounded = inner_loop_range(an, NULL, &h, &f) && atoms_usable(an, &f.lo) && atoms_usable(an, &f.hi);
  if (an->iv_bounded) {
    an->iv_lo = f.lo;
    an->iv_hi = f.hi;
  }
}

/* The least (or greatest) value p takes over the loop's iterations: i replaced by the end of its range that
 * its constant coefficient points to. */
static int over_loop(const analysis *an, const poly *p, int want_max, poly *out) {
  if (!poly_uses(p, an->iv_atom)) {
    *out = *p;
    return p->valid;
  }
  int64_t c;
  poly coeff = poly_coeff(p, an->iv_atom);
  if (!an->iv_bounded || poly_degree(p, an->iv_atom) != 1 || !poly_is_const(&coeff, &c))
    return 0;
  poly rest = poly_rest(p, an->iv_atom), end = poly_scale((c > 0) == want_max ? &an->iv_hi : &an->iv_lo, c);
  *out = poly_add(&rest, &end);
  return out->valid;
}

/* a - b >= least, for every iteration's a and every iteration's b. */
static int apart(const analysis *an, const poly *a, const poly *b, int64_t least) {
  poly amin, bmax;
  int64_t d;
  if (!over_loop(an, a, 0, &amin) || !over_loop(an, b, 1, &bmax))
    return 0;
  poly diff = poly_sub(&amin, &bmax);
  return poly_is_const(&diff, &d) && d >= least;
}

int shape_subscripts(analysis *an, const body_var *v, access_rec *a) {
  a->has_dims = 0;
  a->outside = 0;
  if (v->ndims < 2 || a->nsubs != v->ndims || a->whole)
    return 0;
  poly ivk = iv_in_k(an), zero = poly_const(0), one = poly_const(1);
  for (int d = 0; d < a->nsubs; d++) {
    if (!a->subs[d].valid || !atoms_usable(an, &a->subs[d]) ||
        !sweep_poly(an, a, &a->subs[d], -1, &a->dim_lo[d], &a->dim_hi[d]))
      return 0;
    access_shape *s = &a->dim_shape[d];
    memset(s, 0, sizeof *s);
    s->index = poly_subst(&a->subs[d], an->iv_atom, &ivk);
    s->has_index = s->index.valid;
    s->has_footprint = footprint_from_range(an, &a->dim_lo[d], &a->dim_hi[d], &s->fp);
    if (d == 0)
      continue;
    if (!v->dims[d].valid)
      return 0;
    poly last = poly_sub(&v->dims[d], &one);
    if (!apart(an, &a->dim_lo[d], &zero, 0) || !apart(an, &last, &a->dim_hi[d], 0))
      a->outside |= 1u << d;
  }
  a->has_dims = 1;
  return 1;
}

/* Elements between rows: how many one step of subscript d moves, the product of the dimensions after d. */
static poly stride_of(const body_var *v, int d) {
  poly s = poly_const(1);
  for (int e = d + 1; e < v->ndims; e++)
    s = poly_mul(&s, &v->dims[e]);
  return s;
}

int subscript_footprint(analysis *an, const body_var *v, const access_rec *a, int clip, footprint *fp) {
  /* Strides are products of dimensions, positive: the least element has every subscript at its least. */
  poly lo = poly_const(0), hi = poly_const(0), one = poly_const(1);
  for (int d = 0; d < v->ndims; d++) {
    poly l = a->dim_lo[d], h = a->dim_hi[d], stride = stride_of(v, d);
    if (clip && (a->outside & (1u << d))) {
      l = poly_const(0);
      h = poly_sub(&v->dims[d], &one);
    }
    l = poly_mul(&l, &stride);
    h = poly_mul(&h, &stride);
    lo = poly_add(&lo, &l);
    hi = poly_add(&hi, &h);
  }
  return lo.valid && hi.valid && footprint_from_range(an, &lo, &hi, fp);
}

int rows_footprint(const body_var *v, const footprint *rows, footprint *fp) {
  poly stride = stride_of(v, 0);
  fp->lo_a = poly_mul(&rows->lo_a, &stride);
  fp->lo_b = poly_mul(&rows->lo_b, &stride);
  fp->hi_a = poly_mul(&rows->hi_a, &stride);
  fp->hi_b = poly_mul(&rows->hi_b, &stride);
  fp->strided = 0;
  return fp->lo_a.valid && fp->lo_b.valid && fp->hi_a.valid && fp->hi_b.valid;
}

int subscripts_independent(const analysis *an, const access_rec *w, const access_rec *x) {
  if (!w->has_dims || !x->has_dims || w->nsubs != x->nsubs)
    return 0;
  int inner[MAX_DIMS * 8];
  int ninner = 0;
  for (size_t f = 0; f < an->nframes && ninner < (int)(sizeof inner / sizeof inner[0]); f++)
    inner[ninner++] = an->frames[f].atom;
  loop_atoms atoms = {an->k_atom, inner, ninner};
  for (int d = 0; d < w->nsubs; d++) {
    if (accesses_independent(&w->dim_shape[d], &x->dim_shape[d], &atoms, an->trips))
      return 1;
    /* One range past the other over the whole loop: a column j >= i against k < i. */
    if (apart(an, &w->dim_lo[d], &x->dim_hi[d], 1) || apart(an, &x->dim_lo[d], &w->dim_hi[d], 1))
      return 1;
  }
  return 0;
}

/* The constant c with p = iv + c, when p is one. */
static int iv_offset(const analysis *an, const poly *p, int64_t *c) {
  poly iv = poly_atom(an->iv_atom), d = poly_sub(p, &iv);
  return poly_is_const(&d, c);
}

/* Subscript d of a is exactly the induction variable (the row, or the column, of the iteration). */
static int subscript_is_iv(const analysis *an, const access_rec *a, int d) {
  int64_t lo, hi;
  return iv_offset(an, &a->dim_lo[d], &lo) && iv_offset(an, &a->dim_hi[d], &hi) && lo == 0 && hi == 0;
}

/* The symmetric update: w = A[i][j] with j >= i (row i from the diagonal on) and x = A[j'][i'] with
 * j' >= i' (column i' from the diagonal down), or both with <= (the lower triangle). A common element has
 * i = j' >= i' and i' = j >= i, so i = i': the same iteration. Needs subscript d of w and e != d of x to be
 * the induction variable, and the other two to lie on the same side of it; 2-D accesses. */
int transposed_apart(const analysis *an, const access_rec *w, const access_rec *x) {
  if (!w->has_dims || !x->has_dims || w->nsubs != 2 || x->nsubs != 2)
    return 0;
  for (int d = 0; d < 2; d++) {
    int e = 1 - d;
    int64_t wl, xl, wh, xh;
    if (!subscript_is_iv(an, w, d) || !subscript_is_iv(an, x, e))
      continue;
    if (iv_offset(an, &w->dim_lo[e], &wl) && iv_offset(an, &x->dim_lo[d], &xl) && wl >= 0 && xl >= 0)
      return 1;
    if (iv_offset(an, &w->dim_hi[e], &wh) && iv_offset(an, &x->dim_hi[d], &xh) && wh <= 0 && xh <= 0)
      return 1;
  }
  return 0;
}

int index_ranges_apart(const analysis *an, const access_rec *w, const access_rec *x) {
  poly wlo, whi, xlo, xhi;
  if (!w->affine || !x->affine || !sweep_inner_loops(an, w, -1, &wlo, &whi) ||
      !sweep_inner_loops(an, x, -1, &xlo, &xhi))
    return 0;
  return apart(an, &wlo, &xhi, 1) || apart(an, &xlo, &whi, 1);
}

/* The bracketed groups of the declaration's text, last ndims-1 of them: "double C[NI + 0][NJ]" -> "NJ". */
static char *declared_dimension(const analysis *an, const body_var *v, int d) {
  char *text = cursor_source_text(v->decl, an->sf);
  const char *groups[MAX_DIMS * 2];
  size_t lens[MAX_DIMS * 2];
  int n = 0, depth = 0;
  const char *open = NULL;
  for (const char *c = text; *c && n < MAX_DIMS * 2; c++) {
    if (*c == '=' && depth == 0)
      break; /* an initialiser follows */
    if (*c == '[' && depth++ == 0)
      open = c + 1;
    else if (*c == ']' && --depth == 0 && open) {
      groups[n] = open;
      lens[n++] = (size_t)(c - open);
    }
  }
  int g = n - (v->ndims - d);
  char *out = g >= 0 && lens[g] > 0 ? xstrndup(groups[g], lens[g]) : NULL;
  free(text);
  return out;
}

void spell_dimensions(const analysis *an, body_var *v) {
  for (int d = 1; d < v->ndims; d++) {
    char *s = declared_dimension(an, v, d);
    free(v->dim_spelling[d]);
    v->dim_spelling[d] = s ? s : xstrdup(v->dim_text[d] ? v->dim_text[d] : "?");
  }
}

/* "d[k][j]", from the subscripts' text, when the walk kept every one (not made by a macro); else NULL. */
char *access_spelling(const analysis *an, const body_var *v, const access_rec *a) {
  if (a->nsubs < 2)
    return NULL;
  strbuf sb;
  sb_init(&sb);
  sb_puts(&sb, v->name);
  for (int d = 0; d < a->nsubs; d++) {
    if (a->sub_begin[d] == SIZE_MAX) {
      sb_free(&sb);
      return NULL;
    }
    sb_putc(&sb, '[');
    sb_append(&sb, an->sf->text + a->sub_begin[d], a->sub_end[d] - a->sub_begin[d]);
    sb_putc(&sb, ']');
  }
  return sb_take(&sb);
}

/* In rule mode (subscripts.c), an access of an array of arrays whose flattened index has no footprint (a
 * symbolic stride: A[r][q][p] of a VLA) takes the box of its subscripts' ranges. A write whose subscripts
 * the rule bounds also gets a clipped footprint, those subscripts over their whole dimension: it stays in
 * its rows however far the loop's own bound reaches, for when its natural footprints would overlap. */
int rule_shape_access(analysis *an, const body_var *v, access_rec *a, footprint *clipped) {
  if (!shape_subscripts(an, v, a))
    return 0;
  footprint fp;
  if (!a->shape.has_footprint && subscript_footprint(an, v, a, 0, &fp)) {
    a->shape.fp = fp;
    a->shape.has_footprint = 1;
    a->affine = 1;
  }
  return (a->mode & MODE_WRITE) && a->outside && a->affine && subscript_footprint(an, v, a, 1, clipped);
}
