/* remarks.h - the remarks of a loop the rewriter accepted, recorded in the sink (printed with --remarks). */
#ifndef LSC_REWRITE_DRIVER_REMARKS_H
#define LSC_REWRITE_DRIVER_REMARKS_H

#include "plan/plan.h"

void loop_remarks(const source_file *sf, diag_sink *sink, const analysis *an, const loop_plan *plan);

#endif
