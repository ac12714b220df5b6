/* reduction_use.h - a reduction variable may only be updated in its operator's form (s += e, s = s * e, ...)
 * and never read otherwise: another read would see a partial result. Called by the body walk. */
#ifndef LSC_REWRITE_ANALYSE_REDUCTION_USE_H
#define LSC_REWRITE_ANALYSE_REDUCTION_USE_H

#include "analyse/result.h"

/* The references of reduction variables that belong to an allowed update: owned by the body walk, which
 * checks an update before it walks the update's operands. */
typedef struct reduction_reads {
  size_t *offsets;
  size_t count, cap;
} reduction_reads;

void reduction_check_assignment(analysis *an, reduction_reads *reads, CXCursor assignment, CXCursor lhs,
                                CXCursor rhs);
void reduction_check_step(analysis *an, reduction_reads *reads, CXCursor increment, CXCursor operand);
void reduction_check_read(analysis *an, const reduction_reads *reads, const body_var *v, CXCursor ref);
void reduction_reads_free(reduction_reads *reads);

#endif
