#include "support/distance.h"
#include "support/poly.h"

#include <stdlib.h>

/* x*y - z*w without overflow; 0 when it would overflow (the caller then gives up). */
static int cross(int64_t x, int64_t y, int64_t z, int64_t w, int64_t *out) {
  int64_t p, q;
  return !__builtin_mul_overflow(x, y, &p) && !__builtin_mul_overflow(z, w, &q) &&
         !__builtin_sub_overflow(p, q, out);
}

static int satisfies(const distance_eq *e, int64_t d1, int64_t d2) {
  int64_t p, q, s;
  return !__builtin_mul_overflow(e->a, d1, &p) && !__builtin_mul_overflow(e->b, d2, &q) &&
         !__builtin_add_overflow(p, q, &s) && s == e->c;
}

/* Two independent equations fix (d1, d2) by Cramer's rule; the rest must agree. */
static distance_result solve_with(const distance_eq *eqs, int neqs, const distance_eq *x,
                                  const distance_eq *y, int64_t det, int64_t *d1, int64_t *d2) {
  int64_t n1, n2;
  if (!cross(x->c, y->b, y->c, x->b, &n1) || !cross(x->a, y->c, y->a, x->c, &n2))
    return DISTANCE_NOT_CONSTANT;
  if (n1 % det != 0 || n2 % det != 0)
    return DISTANCE_NONE; /* the elements meet only between iterations */
  *d1 = n1 / det;
  *d2 = n2 / det;
  for (int i = 0; i < neqs; i++)
    if (!satisfies(&eqs[i], *d1, *d2))
      return DISTANCE_NONE;
  return DISTANCE_CONSTANT;
}

/* All equations are multiples of one line a*d1 + b*d2 = c: a whole line of distances, or none. */
static distance_result one_line(const distance_eq *eqs, int neqs, const distance_eq *first) {
  for (int i = 0; i < neqs; i++) {
    int64_t ka, kb;
    if (!cross(eqs[i].a, first->c, first->a, eqs[i].c, &ka) ||
        !cross(eqs[i].b, first->c, first->b, eqs[i].c, &kb))
      return DISTANCE_NOT_CONSTANT;
    if (ka != 0 || kb != 0)
      return DISTANCE_NONE; /* parallel lines: inconsistent */
  }
  return first->c % poly_gcd64(first->a, first->b) != 0 ? DISTANCE_NONE : DISTANCE_NOT_CONSTANT;
}

distance_result distance_solve(const distance_eq *eqs, int neqs, int64_t *d1, int64_t *d2) {
  const distance_eq *first = NULL;
  for (int i = 0; i < neqs; i++) {
    if (eqs[i].a == 0 && eqs[i].b == 0) {
      if (eqs[i].c != 0)
        return DISTANCE_NONE; /* a subscript that never agrees */
      continue;
    }
    if (!first)
      first = &eqs[i];
  }
  if (!first)
    return DISTANCE_NOT_CONSTANT; /* nothing ties the element to the iteration */
  for (int i = 0; i < neqs; i++) {
    int64_t det;
    if (!cross(first->a, eqs[i].b, eqs[i].a, first->b, &det))
      return DISTANCE_NOT_CONSTANT;
    if (det != 0)
      return solve_with(eqs, neqs, first, &eqs[i], det, d1, d2);
  }
  return one_line(eqs, neqs, first);
}

int distance_lex_sign(int64_t d1, int64_t d2) {
  if (d1 != 0)
    return d1 > 0 ? 1 : -1;
  return d2 > 0 ? 1 : d2 < 0 ? -1 : 0;
}

int64_t distance_skew(int64_t d1, int64_t d2) {
  if (d1 <= 0 || d2 >= 0)
    return 0;
  return (-d2 + d1 - 1) / d1;
}
