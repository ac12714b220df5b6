/* poly.h - integer polynomials over named atoms: the algebra of subscripts and array footprints.
 * An atom is an index into a table the caller keeps (the induction variable, an inner loop's variable, a
 * loop-invariant scalar such as `n`, or an opaque expression such as a VLA bound). Symbolic coefficients
 * are what make flattened subscripts a[i*n + j] affine in i. Pure, fixed size, no allocation: a result
 * that does not fit, or overflows 64 bits, comes back invalid and the caller treats it as "not affine". */
#ifndef LSC_REWRITE_POLY_H
#define LSC_REWRITE_POLY_H

#include "support/strbuf.h"

#include <stdint.h>

#define POLY_MAX_TERMS 12
#define POLY_MAX_FACTORS 3

typedef struct poly_term {
  int64_t coef;
  int nfactors;
  int factors[POLY_MAX_FACTORS]; /* atom ids, ascending, repeated for powers */
} poly_term;

typedef struct poly {
  int valid;
  int nterms; /* terms are distinct monomials with non-zero coefficients */
  poly_term terms[POLY_MAX_TERMS];
} poly;

poly poly_const(int64_t c);
poly poly_atom(int atom);
poly poly_invalid(void);
poly poly_add(const poly *a, const poly *b);
poly poly_sub(const poly *a, const poly *b);
poly poly_mul(const poly *a, const poly *b);
poly poly_scale(const poly *a, int64_t c);

/* Greatest common divisor of |a| and |b| (0 when both are 0): the GCD dependence tests use it. */
int64_t poly_gcd64(int64_t a, int64_t b);

int poly_is_const(const poly *p, int64_t *value); /* 1 when valid and free of atoms */
int poly_equal(const poly *a, const poly *b);
int poly_degree(const poly *p, int atom); /* highest power of atom in any term */
int poly_uses(const poly *p, int atom);
/* With p of degree <= 1 in atom: p == coeff * atom + rest. */
poly poly_coeff(const poly *p, int atom);
poly poly_rest(const poly *p, int atom);
/* p with atom replaced by q. */
poly poly_subst(const poly *p, int atom, const poly *q);

/* Prints p as a C expression of type int64_t; atom_text gives each atom's C spelling. */
typedef const char *(*poly_atom_text)(int atom, void *ctx);
void poly_print(const poly *p, strbuf *out, poly_atom_text atom_text, void *ctx);

#endif
