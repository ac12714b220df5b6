#include "exec/pipeline_sync_parse.h"

#include "exec/pipeline_blocks.h"

#include <string.h>

int64_t lsc_sync_parse(const char *text) {
  if (!text || !*text)
    return -1;
  if (strcmp(text, "auto") == 0)
    return 0;
  int64_t h = 0;
  for (const char *p = text; *p; p++) {
    /* The bound is checked before the multiply, so h never overflows. */
    if (*p < '0' || *p > '9' || h > (LSC_PIPELINE_MAX_WIDTH - (*p - '0')) / 10)
      return -1;
    h = h * 10 + (*p - '0');
  }
  return h >= 1 ? h : -1;
}
