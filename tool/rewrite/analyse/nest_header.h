/* nest_header.h - `pipeline for` takes a perfect nest of depth >= 2. */
#ifndef LSC_REWRITE_ANALYSE_NEST_HEADER_H
#define LSC_REWRITE_ANALYSE_NEST_HEADER_H

#include "analyse/result.h"

/* Header step: reads the synchronization loop into nest.inner. 0 or -1. */
int nest_read(analysis *an);
/* After the walk: the synchronization loop's range, its bounds' invariance, no break out of it. 0 or -1. */
int nest_check(analysis *an);

#endif
