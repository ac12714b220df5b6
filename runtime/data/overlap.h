/* overlap.h - the run-time alias check of a loop instance, as LLVM's loop vectorizer checks pointers at run
 * time ([llvm-rtchecks]): before the master distributes an instance, the byte range each array covers over
 * the whole instance is compared with the others'. Two arrays that overlap where one of them is written
 * cannot be moved as separate arrays (the worker would read a stale copy of what another writes), so the
 * instance runs on rank 0 alone, exactly the sequential loop. O(arrays^2) per instance, never per chunk. */
#ifndef LSC_DATA_OVERLAP_H
#define LSC_DATA_OVERLAP_H

#include "lsc.h"

#include <stdint.h>

/* The bytes [lo, hi) an array var touches for k in [0, n) (k: the logical iteration whose affine slices the
 * var carries): the hull of its in slice (or [0, extent) when WHOLE) and its out slice, clipped to
 * [0, extent) when the extent is known. Returns 0 when it touches nothing; 1 otherwise. A range whose
 * arithmetic overflows is the whole address space. */
int lsc_array_byte_range(const lsc_var *v, const void *env, int64_t n, uintptr_t *lo, uintptr_t *hi);

/* 1 when an array var of the instance reaches below its element 0 for some k in [0, n) (p[i - 10] through
 * p = a + 10): the runtime moves the elements [0, extent) of each array, so such a loop cannot be
 * distributed. *which is its index. */
int lsc_find_below_zero(const lsc_var *vars, int nvars, int64_t n, int *which);

/* 1 when two array vars of the instance overlap and at least one of them is written, neither promised
 * LSC_VAR_NOALIAS: *first and *second are their indices. 0 otherwise. */
int lsc_find_overlap(const lsc_var *vars, int nvars, const void *env, int64_t n, int *first, int *second);

#endif
