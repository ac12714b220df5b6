/* distance.h - dependence distances of a pipelined nest, in the logical iterations (k1, k2) of its two
 * outer loops. Pure.
 *
 * Two accesses of one array touch the same element when every subscript agrees. With uniform subscripts
 * (the same coefficients of k1 and k2 in both accesses) subscript s gives one equation in the distance
 * d = (d1, d2) between the two iterations: a_s*d1 + b_s*d2 = c_s. The nest is pipelined only when these
 * equations pin d down to one integer vector. */
#ifndef LSC_REWRITE_DISTANCE_H
#define LSC_REWRITE_DISTANCE_H

#include <stdint.h>

typedef struct distance_eq {
  int64_t a, b, c; /* a*d1 + b*d2 = c */
} distance_eq;

typedef enum distance_result {
  DISTANCE_NONE,        /* no two iterations touch a common element */
  DISTANCE_CONSTANT,    /* exactly one distance (possibly (0, 0): the same iteration) */
  DISTANCE_NOT_CONSTANT /* a family of distances, or one the arithmetic cannot hold */
} distance_result;

distance_result distance_solve(const distance_eq *eqs, int neqs, int64_t *d1, int64_t *d2);
/* 1, 0 or -1: the sign of (d1, d2) in lexicographic order. */
int distance_lex_sign(int64_t d1, int64_t d2);
/* The skew a distance needs: ceil(-d2 / d1) for d1 > 0 and d2 < 0, else 0 (docs/pipeline.md). */
int64_t distance_skew(int64_t d1, int64_t d2);

#endif
