/* inner_loops.h - the range an inner canonical loop sweeps, inclusive: what lets a[i][j] with j in [0, m)
 * be a row of a. */
#ifndef LSC_REWRITE_ANALYSE_INNER_LOOPS_H
#define LSC_REWRITE_ANALYSE_INNER_LOOPS_H

#include "analyse/expr_poly.h"

/* 1 with f->lo, f->hi, f->step filled when the inner loop's header ih has a range lsc can bound (its bounds
 * are polynomials in scope, its step a constant that moves towards the bound); 0 otherwise. */
int inner_loop_range(analysis *an, const loop_scope *scope, const loop_header *ih, inner_frame *f);
/* Why C's types keep the inner loop's variable from sweeping one interval ("'j' ('unsigned char') may wrap
 * around"), as a fresh string for a note; NULL when they do not. */
char *inner_range_type_problem(const loop_header *ih);

#endif
