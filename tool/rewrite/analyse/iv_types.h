/* iv_types.h - the header step's second half: how C types a canonical loop (see iv_types.c). */
#ifndef LSC_REWRITE_ANALYSE_IV_TYPES_H
#define LSC_REWRITE_ANALYSE_IV_TYPES_H

#include "analyse/result.h"

/* Fills the typed part of h (iv_int to may_wrap) from the cursors and raw values loop_header.c read, and
 * warns (when report is set) about loops C never ends or whose variable overflows. 0, or -1 with an error
 * recorded when report is set. */
int iv_types_read(analysis *an, loop_header *h, int report);
/* The trip count of a loop whose init, bound and step are constants (lsc_iv_trip_count), else -1. A loop
 * that never ends or runs too long also gives -1: nothing is known at compile time, the run time stops it. */
int64_t iv_constant_trips(const loop_header *h);

#endif
