/* subscripts.h - C's in-bounds rule for arrays of arrays: accesses seen one subscript at a time. */
#ifndef LSC_REWRITE_ANALYSE_SUBSCRIPTS_H
#define LSC_REWRITE_ANALYSE_SUBSCRIPTS_H

#include "analyse/result.h"

/* an->iv_lo, an->iv_hi: the induction variable's range in any iteration, when lsc can bound it. */
void iv_bounds(analysis *an);
/* Fills a's per-subscript part (has_dims, dim_lo/hi, dim_shape, outside) when a gives every subscript of an
 * array of arrays v; returns a->has_dims. */
int shape_subscripts(analysis *an, const body_var *v, access_rec *a);
/* The elements a may touch, flattened from its subscripts' ranges; with clip, the subscripts the rule
 * bounds (a->outside) are taken over their whole dimension. 0 when not affine in k. */
int subscript_footprint(analysis *an, const body_var *v, const access_rec *a, int clip, footprint *fp);
/* The elements of the rows [rows.lo, rows.hi) (footprint of subscript 0), flattened. */
int rows_footprint(const body_var *v, const footprint *rows, footprint *fp);
/* 1 when some subscript keeps w and x apart across different iterations (their rows differ, or one's
 * range lies past the other's over the whole loop): by the rule, they touch different elements. */
int subscripts_independent(const analysis *an, const access_rec *w, const access_rec *x);
/* In rule mode: a's subscripts shaped (shape_subscripts); an access without a flattened footprint takes
 * the box of its subscripts' ranges. Returns 1 with *clipped, the footprint with the rule-bounded subscripts
 * over their whole dimension, for a write that has one. */
int rule_shape_access(analysis *an, const body_var *v, access_rec *a, footprint *clipped);
/* 1 when w writes row i of the iteration on one side of the diagonal and x column i' on the same side (the
 * symmetric update c[i][j], c[j][i] for j >= i): by the rule, different iterations never meet. */
int transposed_apart(const analysis *an, const access_rec *w, const access_rec *x);
/* v->dim_spelling: its dimensions as its declaration spells them ("NJ", "nj + 1"), else their values or
 * VLA bounds, for the checked run's messages. */
void spell_dimensions(const analysis *an, body_var *v);

/* 1 when the elements w touches in any iteration all lie past those x touches in any iteration, or
 * before them (flattened index; needs no rule): x[j] for j >= i against x[k] for k < i. */
int index_ranges_apart(const analysis *an, const access_rec *w, const access_rec *x);
/* The access as written, "d[k][j]", from its subscripts' text; NULL when a macro made one of them. */
char *access_spelling(const analysis *an, const body_var *v, const access_rec *a);

#endif
