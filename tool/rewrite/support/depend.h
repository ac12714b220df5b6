/* depend.h - cross-iteration dependence tests on affine accesses. Pure.
 *
 * An access is described twice: by its exact flattened element index (a polynomial in the logical
 * iteration k, inner loop variables and loop-invariant symbols), and by its footprint per iteration,
 * [lo_a*k + lo_b, hi_a*k + hi_b), the range its inner loops sweep. Two accesses of one array conflict when
 * some iteration k touches an element another iteration k' != k touches. The GCD test disproves conflicts
 * between strided single elements; the bounds test disproves them between footprints that advance
 * monotonically with k. Anything neither proves is a conflict: the caller refuses the loop. */
#ifndef LSC_REWRITE_DEPEND_H
#define LSC_REWRITE_DEPEND_H

#include "support/poly.h"

typedef struct footprint {
  poly lo_a, lo_b, hi_a, hi_b; /* iteration k touches elements [lo_a*k + lo_b, hi_a*k + hi_b) */
  /* Strided (a column): that range is only the first repetition; it repeats cnt_a*k + cnt_b times, stride
   * elements apart (an lsc_slice's stride, e, f). Only the slice lists of analyse/slice_lists.c hold
   * strided footprints; every test of this header reads a footprint as the plain range. */
  int strided;
  poly stride, cnt_a, cnt_b;
} footprint;

typedef struct access_shape {
  int has_index;     /* index is exact (inner loops with constant coefficients) */
  poly index;        /* element index in k, inner loop atoms and symbols */
  int has_footprint; /* footprint is valid */
  footprint fp;
} access_shape;

typedef struct loop_atoms {
  int k;            /* the logical iteration */
  const int *inner; /* inner loop variables */
  int ninner;
} loop_atoms;

/* 1 when no two distinct iterations in [0, trips) touch a common element (trips < 0: unknown). */
int footprints_disjoint(const footprint *w, const footprint *x, int64_t trips);
/* 1 when the GCD test shows the two exact indices can never be equal at distinct iterations. */
int gcd_independent(const poly *w, const poly *x, const loop_atoms *atoms);
/* 1 when the accesses cannot conflict across iterations. */
int accesses_independent(const access_shape *w, const access_shape *x, const loop_atoms *atoms,
                         int64_t trips);
/* When the two exact indices differ by a constant number of iterations d != 0 (w at k touches what x
 * touches at k + d), returns 1 and sets *distance: the pattern a pipeline can run. */
int uniform_distance(const poly *w, const poly *x, const loop_atoms *atoms, int64_t *distance);

#endif
