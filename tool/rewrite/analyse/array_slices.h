/* array_slices.h - the in and out slices of one array, inferred from its accesses or given by clauses. */
#ifndef LSC_REWRITE_ANALYSE_ARRAY_SLICES_H
#define LSC_REWRITE_ANALYSE_ARRAY_SLICES_H

#include "analyse/result.h"

/* From the accesses the walk recorded: v->in, v->out and v->flags, after the dependence test. */
void inferred_array(analysis *an, body_var *v, int vi);
/* From in/out/inout clauses naming v. */
void clause_array(analysis *an, body_var *v);

#endif
