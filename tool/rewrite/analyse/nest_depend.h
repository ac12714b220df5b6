/* nest_depend.h - the dependences step of a pipelined nest. */
#ifndef LSC_REWRITE_ANALYSE_NEST_DEPEND_H
#define LSC_REWRITE_ANALYSE_NEST_DEPEND_H

#include "analyse/result.h"

/* Distance vectors, refusals, dep_rows, skew and each array's boundary cells. */
void nest_dependences(analysis *an);

#endif
