/* slice_lists.h - footprints that are unions of slices, strided ones included (see slice_lists.c). */
#ifndef LSC_REWRITE_ANALYSE_SLICE_LISTS_H
#define LSC_REWRITE_ANALYSE_SLICE_LISTS_H

#include "analyse/result.h"

/* v's in and out footprints as lists of exact slices, one per distinct access (a column as a strided
 * slice), after the dependence test; for an array whose writes do not form one range per iteration. Returns
 * 0 and sets v's slices and flags; -1 when the accesses have no such slices (nothing recorded); -2 when
 * they do but the dependence test refused them (its diagnostics recorded). */
int union_slices(analysis *an, body_var *v, int vi, int *used);
/* Reads of an array of unknown size whose footprints join into no one range (a[i] and a[3*i + 3]): v->in
 * and its further slices cover them. 0 when they do not fit in the slices of one direction. */
int reads_as_list(analysis *an, body_var *v, int vi);
/* After v's slices are found: reads whose footprint is a hull much larger than what they touch (a column
 * A[j][i] of the loop variable i, rows i-1..i+1 of a variable-length array read whole) become a list of
 * slices that holds every element they touch. Sound for any list that covers the reads. */
void narrow_reads(analysis *an, body_var *v, int vi);

#endif
