/* expr_poly.h - integer expressions as polynomials in the analysis's atoms: subscripts, inner loop bounds,
 * loop bounds. What is not a sum of products of integer variables and constants is poly_invalid(). */
#ifndef LSC_REWRITE_ANALYSE_EXPR_POLY_H
#define LSC_REWRITE_ANALYSE_EXPR_POLY_H

#include "analyse/result.h"

/* The inner loops around an expression, outermost first (indices into an->frames): their induction
 * variables are ATOM_INNER atoms there. NULL: none, the expression is at the loop's own level. */
typedef struct loop_scope {
  const int *frames;
  int nframes;
} loop_scope;

poly expr_poly(analysis *an, const loop_scope *scope, CXCursor expr);
/* A loop header's first value of its variable as a polynomial: the converted constant, or the init
 * expression's polynomial when C's conversion to the variable's type keeps its value (iv_types.c, init_fits);
 * poly_invalid() otherwise. */
poly header_init_poly(analysis *an, const loop_scope *scope, const loop_header *h);

#endif
