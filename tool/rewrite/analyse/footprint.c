/* footprint.c - the geometry of accesses in the logical iteration k: the induction variable as init + k*step,
 * an access's index swept over its inner loops to a range [lo, hi], and that range as the half-open
 * footprint [lo_a*k + lo_b, hi_a*k + hi_b) of one iteration. The footprints and dependence steps build on it.
 */
#define _XOPEN_SOURCE 700
#include "analyse/footprint.h"
#include "analyse/atoms.h"
#include "analyse/expr_poly.h"

#include <string.h>

/* i = init + k*step, as a polynomial in k: slices are functions of the logical iteration. */
/* Both in C's terms: init as the value i starts from (converted to its type), step as a signed number of
 * i's width. The values are exact while i does not wrap around; where that is not proven at compile time
 * the generated code checks it before distributing (iv_types.c, plan.c). */
poly iv_in_k(analysis *an) {
  if (an->iv_k_ready)
    return an->iv_k;
  poly init = header_init_poly(an, NULL, &an->h);
  if (!init.valid)
    init = poly_atom(atom_add(an, ATOM_TEXT, an->h.init_k_text, -1));
  poly step =
      an->h.step_known ? poly_const(an->h.step) : poly_atom(atom_add(an, ATOM_TEXT, an->h.step_k_text, -1));
  poly k = poly_atom(an->k_atom);
  poly sk = poly_mul(&step, &k);
  an->iv_k = poly_add(&init, &sk);
  an->iv_k_ready = 1;
  return an->iv_k;
}

/* Symbols must be loop-invariant and inner loop variables must move only through their own loop. */
int atoms_usable(const analysis *an, const poly *p) {
  for (int t = 0; t < p->nterms; t++) {
    for (int f = 0; f < p->terms[t].nfactors; f++) {
      const atom *a = &an->atoms[p->terms[t].factors[f]];
      if (a->kind == ATOM_SYMBOL && an->vars[a->var].written)
        return 0;
      if (a->kind == ATOM_INNER && an->vars[a->var].body_writes)
        return 0;
    }
  }
  return 1;
}

/* [min, max] of p over the inner loops enclosing the access, innermost first. */
int sweep_poly(const analysis *an, const access_rec *a, const poly *p, int keep, poly *lo, poly *hi) {
  *lo = *hi = *p;
  for (int s = a->nframes - 1; s >= 0; s--) {
    const inner_frame *f = &an->frames[a->frames[s]];
    if (f->atom == keep)
      continue;
    poly c_lo = poly_coeff(lo, f->atom), c_hi = poly_coeff(hi, f->atom);
    int64_t cl, ch;
    if (!poly_is_const(&c_lo, &cl) || !poly_is_const(&c_hi, &ch))
      return 0; /* a symbolic stride over an inner loop: direction unknown */
    poly r_lo = poly_rest(lo, f->atom), r_hi = poly_rest(hi, f->atom);
    poly t_lo = poly_scale(cl >= 0 ? &f->lo : &f->hi, cl), t_hi = poly_scale(ch >= 0 ? &f->hi : &f->lo, ch);
    *lo = poly_add(&r_lo, &t_lo);
    *hi = poly_add(&r_hi, &t_hi);
    if (!atoms_usable(an, &f->lo) || !atoms_usable(an, &f->hi))
      return 0;
  }
  return lo->valid && hi->valid;
}

int sweep_inner_loops(const analysis *an, const access_rec *a, int keep, poly *lo, poly *hi) {
  return sweep_poly(an, a, &a->index, keep, lo, hi);
}

static int split_in_k(const analysis *an, const poly *p, poly *a, poly *b) {
  if (poly_degree(p, an->k_atom) > 1)
    return 0;
  *a = poly_coeff(p, an->k_atom);
  *b = poly_rest(p, an->k_atom);
  return a->valid && b->valid;
}

/* lo/hi inclusive in IV terms -> the half-open footprint in k. */
int footprint_from_range(analysis *an, const poly *lo, const poly *hi, footprint *fp) {
  poly ivk = iv_in_k(an), one = poly_const(1);
  poly lk = poly_subst(lo, an->iv_atom, &ivk), hk = poly_subst(hi, an->iv_atom, &ivk);
  hk = poly_add(&hk, &one);
  fp->strided = 0;
  return split_in_k(an, &lk, &fp->lo_a, &fp->lo_b) && split_in_k(an, &hk, &fp->hi_a, &fp->hi_b);
}

void shape_access(analysis *an, access_rec *a) {
  memset(&a->shape, 0, sizeof a->shape);
  if (a->whole || !a->affine || !atoms_usable(an, &a->index)) {
    a->affine = 0;
    return;
  }
  poly ivk = iv_in_k(an);
  a->shape.index = poly_subst(&a->index, an->iv_atom, &ivk);
  a->shape.has_index = a->shape.index.valid;
  poly lo, hi;
  a->shape.has_footprint =
      sweep_inner_loops(an, a, -1, &lo, &hi) && footprint_from_range(an, &lo, &hi, &a->shape.fp);
  a->affine = a->shape.has_footprint;
}

/* Smallest footprint holding both: possible when the ends move in step and differ by constants. */
int hull(footprint *acc, const footprint *x) {
  poly d_lo = poly_sub(&acc->lo_b, &x->lo_b), d_hi = poly_sub(&acc->hi_b, &x->hi_b);
  int64_t dl, dh;
  if (!poly_equal(&acc->lo_a, &x->lo_a) || !poly_equal(&acc->hi_a, &x->hi_a) || !poly_is_const(&d_lo, &dl) ||
      !poly_is_const(&d_hi, &dh))
    return 0;
  if (dl > 0)
    acc->lo_b = x->lo_b;
  if (dh < 0)
    acc->hi_b = x->hi_b;
  return 1;
}

int is_dense(const analysis *an, const access_rec *a) {
  int moving = 0;
  for (int s = 0; s < a->nframes; s++) {
    const inner_frame *f = &an->frames[a->frames[s]];
    poly c = poly_coeff(&a->index, f->atom);
    int64_t v;
    if (!poly_is_const(&c, &v))
      return 0;
    if (v == 0)
      continue;
    if (++moving > 1 || (v != 1 && v != -1) || (f->step != 1 && f->step != -1))
      return 0;
  }
  return 1;
}

/* Whether p names the variable of an inner loop: then it is not one value per iteration. */
static int uses_inner(const analysis *an, const poly *p) {
  for (int t = 0; t < p->nterms; t++)
    for (int f = 0; f < p->terms[t].nfactors; f++)
      if (an->atoms[p->terms[t].factors[f]].kind == ATOM_INNER)
        return 1;
  return 0;
}

/* The inner loop that strides the access: the one whose coefficient is symbolic (a row length of a
 * variable-length array) or the largest constant of at least 2 in magnitude. -1 when none, or when two
 * are symbolic (a 3-D column: not one stride). */
static int striding_frame(const analysis *an, const access_rec *a) {
  int best = -1, symbolic = 0;
  int64_t best_mag = 1;
  for (int s = 0; s < a->nframes; s++) {
    const inner_frame *f = &an->frames[a->frames[s]];
    poly c = poly_coeff(&a->index, f->atom);
    int64_t v;
    if (!c.valid)
      return -1;
    if (!poly_is_const(&c, &v)) {
      if (symbolic++)
        return -1;
      best = s;
      best_mag = INT64_MAX;
    } else if ((v > best_mag || -v > best_mag) && !symbolic) {
      best = s;
      best_mag = v < 0 ? -v : v;
    }
  }
  return best;
}

int strided_footprint(analysis *an, const access_rec *a, footprint *fp, int *exact) {
  if (a->whole || !a->index.valid || !atoms_usable(an, &a->index))
    return 0;
  int s = striding_frame(an, a);
  if (s < 0)
    return 0;
  const inner_frame *f = &an->frames[a->frames[s]];
  if ((f->step != 1 && f->step != -1) || uses_inner(an, &f->lo) || uses_inner(an, &f->hi) ||
      !atoms_usable(an, &f->lo) || !atoms_usable(an, &f->hi))
    return 0;
  poly stride = poly_coeff(&a->index, f->atom);
  if (!stride.valid || poly_uses(&stride, an->iv_atom) || uses_inner(an, &stride))
    return 0;
  /* The other inner loops swept; what is left moves with f's variable by exactly the stride. */
  poly lo, hi;
  if (!sweep_poly(an, a, &a->index, f->atom, &lo, &hi))
    return 0;
  poly c_lo = poly_coeff(&lo, f->atom), c_hi = poly_coeff(&hi, f->atom);
  poly r_lo = poly_rest(&lo, f->atom), r_hi = poly_rest(&hi, f->atom);
  if (!poly_equal(&c_lo, &stride) || !poly_equal(&c_hi, &stride) || poly_uses(&r_lo, f->atom) ||
      poly_uses(&r_hi, f->atom) || uses_inner(an, &r_lo) || uses_inner(an, &r_hi))
    return 0;
  /* Repetition t is the range at f's variable = f->lo + t, for t below the trip count of f's loop. */
  poly first = poly_mul(&stride, &f->lo);
  poly lo0 = poly_add(&r_lo, &first), hi0 = poly_add(&r_hi, &first);
  poly one = poly_const(1), count = poly_sub(&f->hi, &f->lo);
  count = poly_add(&count, &one);
  poly ivk = iv_in_k(an);
  count = poly_subst(&count, an->iv_atom, &ivk);
  if (!footprint_from_range(an, &lo0, &hi0, fp) || !split_in_k(an, &count, &fp->cnt_a, &fp->cnt_b))
    return 0;
  fp->strided = 1;
  fp->stride = stride;
  /* Exact: the rest of the index sweeps each repetition densely, so the slice holds no element the access
   * does not touch. */
  int moving = 0;
  *exact = 1;
  for (int t = 0; t < a->nframes; t++) {
    const inner_frame *g = &an->frames[a->frames[t]];
    poly c = poly_coeff(&a->index, g->atom);
    int64_t v;
    if (t == s || (poly_is_const(&c, &v) && v == 0))
      continue;
    if (!poly_is_const(&c, &v) || ++moving > 1 || (v != 1 && v != -1) || (g->step != 1 && g->step != -1))
      *exact = 0;
  }
  return 1;
}
