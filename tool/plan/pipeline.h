/* pipeline.h - `lsc-plan --pipeline`: [ciorba-hopt]'s predicted parallel time against the synchronization
 * interval, and the interval that minimises it. */
#ifndef LSC_PLAN_PIPELINE_H
#define LSC_PLAN_PIPELINE_H

#include "args.h"

/* Prints the model's table; returns the exit status (2 when the model refuses the parameters). */
int plan_print_pipeline(const plan_options *o);

#endif
