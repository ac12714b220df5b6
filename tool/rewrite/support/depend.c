#include "support/depend.h"
#include "support/poly.h"

#include <stdlib.h>

static int nonneg_const(const poly *p) {
  int64_t v;
  return poly_is_const(p, &v) && v >= 0;
}

static int nonpos_const(const poly *p) {
  int64_t v;
  return poly_is_const(p, &v) && v <= 0;
}

/* f1*k + f0 >= 0 for every k in [0, trips - 2] (the k of the pair (k, k+1)). */
static int nonneg_over_pairs(const poly *f1, const poly *f0, int64_t trips) {
  int64_t a, b;
  if (!poly_is_const(f0, &b) || b < 0)
    return 0;
  if (!poly_is_const(f1, &a))
    return 0;
  if (a >= 0)
    return 1;
  if (trips < 2)
    return trips >= 0;
  int64_t last;
  if (__builtin_mul_overflow(a, trips - 2, &last) || __builtin_add_overflow(last, b, &last))
    return 0;
  return last >= 0;
}

static int all_slopes_equal(const footprint *w, const footprint *x) {
  return poly_equal(&w->lo_a, &w->hi_a) && poly_equal(&w->lo_a, &x->lo_a) && poly_equal(&w->lo_a, &x->hi_a);
}

/* Footprints move up with k: each iteration's elements end before the next iteration's begin.
 * Needs the lower ends to be non-decreasing; with one symbolic slope s shared by all four ends the
 * conditions themselves force s > 0 whenever the footprints are non-empty. */
static int disjoint_increasing(const footprint *w, const footprint *x, int64_t trips) {
  if (!all_slopes_equal(w, x) && !(nonneg_const(&w->lo_a) && nonneg_const(&x->lo_a)))
    return 0;
  /* lo_x(k+1) - hi_w(k) and lo_w(k+1) - hi_x(k) */
  poly f1 = poly_sub(&x->lo_a, &w->hi_a), f0 = poly_add(&x->lo_a, &x->lo_b);
  f0 = poly_sub(&f0, &w->hi_b);
  poly g1 = poly_sub(&w->lo_a, &x->hi_a), g0 = poly_add(&w->lo_a, &w->lo_b);
  g0 = poly_sub(&g0, &x->hi_b);
  return nonneg_over_pairs(&f1, &f0, trips) && nonneg_over_pairs(&g1, &g0, trips);
}

/* Mirror image: footprints move down with k (a decreasing loop over an array, or a negative stride). */
static int disjoint_decreasing(const footprint *w, const footprint *x, int64_t trips) {
  if (!all_slopes_equal(w, x) && !(nonpos_const(&w->hi_a) && nonpos_const(&x->hi_a)))
    return 0;
  /* lo_x(k) - hi_w(k+1) and lo_w(k) - hi_x(k+1) */
  poly f1 = poly_sub(&x->lo_a, &w->hi_a), f0 = poly_sub(&x->lo_b, &w->hi_a);
  f0 = poly_sub(&f0, &w->hi_b);
  poly g1 = poly_sub(&w->lo_a, &x->hi_a), g0 = poly_sub(&w->lo_b, &x->hi_a);
  g0 = poly_sub(&g0, &x->hi_b);
  return nonneg_over_pairs(&f1, &f0, trips) && nonneg_over_pairs(&g1, &g0, trips);
}

int footprints_disjoint(const footprint *w, const footprint *x, int64_t trips) {
  if (trips >= 0 && trips <= 1)
    return 1;
  return disjoint_increasing(w, x, trips) || disjoint_decreasing(w, x, trips);
}

static int is_loop_atom(const loop_atoms *atoms, int atom) {
  if (atom == atoms->k)
    return 1;
  for (int i = 0; i < atoms->ninner; i++)
    if (atoms->inner[i] == atom)
      return 1;
  return 0;
}

/* Splits p into constant coefficients of loop atoms (folded into *g by gcd) and the loop-free rest.
 * -1 when a loop atom has a symbolic coefficient or a power: the test does not apply. */
static int gcd_of_loop_coefficients(const poly *p, const loop_atoms *atoms, int64_t *g, poly *rest) {
  *rest = poly_const(0);
  for (int i = 0; i < p->nterms; i++) {
    const poly_term *t = &p->terms[i];
    int loop_factors = 0;
    for (int f = 0; f < t->nfactors; f++)
      loop_factors += is_loop_atom(atoms, t->factors[f]);
    if (loop_factors == 0) {
      poly one = poly_invalid();
      one.valid = 1;
      one.nterms = 1;
      one.terms[0] = *t;
      *rest = poly_add(rest, &one);
    } else if (loop_factors == 1 && t->nfactors == 1) {
      *g = poly_gcd64(*g, t->coef);
    } else {
      return -1;
    }
  }
  return rest->valid ? 0 : -1;
}

int gcd_independent(const poly *w, const poly *x, const loop_atoms *atoms) {
  if (!w->valid || !x->valid)
    return 0;
  int64_t g = 0, diff;
  poly rest_w, rest_x;
  if (gcd_of_loop_coefficients(w, atoms, &g, &rest_w) != 0 ||
      gcd_of_loop_coefficients(x, atoms, &g, &rest_x) != 0)
    return 0;
  poly d = poly_sub(&rest_x, &rest_w);
  if (!poly_is_const(&d, &diff))
    return 0;
  /* g == 0: both touch one fixed element each; they meet only if it is the same one. */
  return g == 0 ? diff != 0 : diff % g != 0;
}

int accesses_independent(const access_shape *w, const access_shape *x, const loop_atoms *atoms,
                         int64_t trips) {
  if (w->has_index && x->has_index && gcd_independent(&w->index, &x->index, atoms))
    return 1;
  return w->has_footprint && x->has_footprint && footprints_disjoint(&w->fp, &x->fp, trips);
}

int uniform_distance(const poly *w, const poly *x, const loop_atoms *atoms, int64_t *distance) {
  if (!w->valid || !x->valid || poly_degree(w, atoms->k) != 1 || poly_degree(x, atoms->k) != 1)
    return 0;
  poly aw = poly_coeff(w, atoms->k), ax = poly_coeff(x, atoms->k);
  int64_t a, c;
  if (!poly_equal(&aw, &ax) || !poly_is_const(&aw, &a) || a == 0)
    return 0;
  poly d = poly_sub(w, x);
  if (!poly_is_const(&d, &c) || c % a != 0 || c == 0)
    return 0;
  /* w(k) == x(k + d)  <=>  a*k + bw == a*(k + d) + bx  <=>  d == (bw - bx) / a */
  *distance = c / a;
  return 1;
}
