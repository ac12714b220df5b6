/* array_reduction.h - the array-reduction step: arrays named in reduction clauses checked, histograms found
 * without a clause; before the walk, so that the walk leaves reduced arrays out of the footprints. */
#ifndef LSC_REWRITE_ANALYSE_ARRAY_REDUCTION_H
#define LSC_REWRITE_ANALYSE_ARRAY_REDUCTION_H

#include "analyse/result.h"

/* Fills upd_* of the arrays the body uses; makes update-only histograms reductions; sets red_count. */
void find_array_reductions(analysis *an);
/* After the walk: the facts of the pass (upd_*) copied to the variables the walk registered. */
void array_reduction_facts(analysis *an);
void array_reduction_free(analysis *an);
/* After a refused write of v: a note suggesting an array reduction, when every use of v is an update. */
void array_reduction_hint(analysis *an, const body_var *v);

#endif
