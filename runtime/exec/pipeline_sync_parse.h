/* pipeline_sync_parse.h - the text of sync(...) and LSC_SYNC. Pure. */
#ifndef LSC_EXEC_PIPELINE_SYNC_PARSE_H
#define LSC_EXEC_PIPELINE_SYNC_PARSE_H

#include <stdint.h>

/* "auto" gives 0; a decimal count from 1 to 2^62, digits only, gives the count; anything else (NULL, empty,
 * signs, spaces, 0, overflow) gives -1. */
int64_t lsc_sync_parse(const char *text);

#endif
