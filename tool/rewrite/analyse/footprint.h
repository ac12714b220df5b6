/* footprint.h - accesses as functions of the logical iteration k (see footprint.c). */
#ifndef LSC_REWRITE_ANALYSE_FOOTPRINT_H
#define LSC_REWRITE_ANALYSE_FOOTPRINT_H

#include "analyse/result.h"

/* The induction variable as a polynomial in the logical iteration: init + k*step. */
poly iv_in_k(analysis *an);
/* Whether p's symbols are loop-invariant and its inner loop variables move only through their own loop. */
int atoms_usable(const analysis *an, const poly *p);
/* [min, max] of the access's index over its enclosing inner loops but the one of atom `keep` (-1: none). */
int sweep_inner_loops(const analysis *an, const access_rec *a, int keep, poly *lo, poly *hi);
/* The same for any polynomial of the access's atoms (one subscript). */
int sweep_poly(const analysis *an, const access_rec *a, const poly *p, int keep, poly *lo, poly *hi);
/* lo/hi inclusive in IV terms -> the half-open footprint in k. 0 when not affine in k. */
int footprint_from_range(analysis *an, const poly *lo, const poly *hi, footprint *fp);
/* Fills a->shape (index and footprint in k); clears a->affine when it has none. */
void shape_access(analysis *an, access_rec *a);
/* Grows acc to the smallest footprint holding both: possible when the ends move in step and differ by
 * constants. 0 when not possible. */
int hull(footprint *acc, const footprint *x);
/* The access as a strided footprint (footprint.strided): one inner loop moves it by a stride (a column, with
 * the row length as stride), the others sweep one range per repetition. *exact: the slice holds exactly the
 * elements the access may touch. 0 when it has no such form. */
int strided_footprint(analysis *an, const access_rec *a, footprint *fp, int *exact);
/* Whether the access sweeps consecutive elements: at most one inner loop moves it, by unit strides. */
int is_dense(const analysis *an, const access_rec *a);

#endif
