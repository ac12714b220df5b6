/* held_args.h - lsc-plan's description of a data region's placement (--held, --held-bytes, --affinity). */
#ifndef LSC_PLAN_HELD_ARGS_H
#define LSC_PLAN_HELD_ARGS_H

#include "args.h"

/* Once every other option is resolved (--held=block plans static with them): fills o->sim's placement.
 * ARGS_OK, or ARGS_BAD after printing "lsc-plan: ..." (plan_refuse). */
int held_resolve(plan_options *o);

#endif
