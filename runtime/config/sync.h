/* sync.h - the text of a pipelined loop's sync(...) clause and of LSC_SYNC. Pure: config/env.c reads LSC_SYNC
 * with it before main, exec/pipeline/ checks the clause of each site with it. */
#ifndef LSC_CONFIG_SYNC_H
#define LSC_CONFIG_SYNC_H

#include <stdint.h>

/* The largest interval the text may ask for: the largest skewed width of a nest
 * (exec/pipeline/pipeline_sync.c checks that the two agree); a larger interval would mean "one block" anyway.
 */
#define LSC_SYNC_MAX ((int64_t)1 << 62)

/* "auto" gives 0; a decimal count from 1 to 2^62, digits only, gives the count; anything else (NULL, empty,
 * signs, spaces, 0, overflow) gives -1. */
int64_t lsc_sync_parse(const char *text);

#endif
