/* reduce.h - identities and combination of reduction partials, for every lsc_type and lsc_redop.
 * Pure: used by master and workers, and by the unit tests. */
#ifndef LSC_EXEC_REDUCE_H
#define LSC_EXEC_REDUCE_H

#include "lsc.h"

#include <stddef.h>
#include <stdint.h>

/* sizeof the C type, 0 for a type value out of range. */
size_t lsc_type_size(lsc_type t);
const char *lsc_type_name(lsc_type t);
const char *lsc_redop_name(lsc_redop op);
/* 0 when the operator does not apply to the type (bitwise operators on floating types) or is out of range. */
int lsc_reduce_supported(lsc_type t, lsc_redop op);
/* Stores the operator's identity (0 for +, 1 for *, the type's largest value for min, ...) at out. */
void lsc_reduce_identity(lsc_type t, lsc_redop op, void *out);
/* *acc = *acc op *part, with C's conversions back to the type (integers wrap as in two's complement). */
void lsc_reduce_combine(lsc_type t, lsc_redop op, void *acc, const void *part);
/* Left to right: *acc = (((*acc op p[0]) op p[1]) ... op p[count-1]), where p[i] is at parts + i * stride.
 * The one association reproducible mode promises (data/repro.h): the partials in block order. */
void lsc_reduce_in_order(lsc_type t, lsc_redop op, void *acc, const void *parts, size_t stride,
                         int64_t count);

#endif
