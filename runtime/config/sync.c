/* sync.c - sync(...) and LSC_SYNC text: "auto" or a positive decimal count, checked digit by digit so that
 * no value above LSC_SYNC_MAX can overflow on the way. */
#include "config/sync.h"

#include <string.h>

int64_t lsc_sync_parse(const char *text) {
  if (!text || !*text)
    return -1;
  if (strcmp(text, "auto") == 0)
    return 0;
  int64_t h = 0;
  for (const char *p = text; *p; p++) {
    /* The bound is checked before the multiply, so h never overflows. */
    if (*p < '0' || *p > '9' || h > (LSC_SYNC_MAX - (*p - '0')) / 10)
      return -1;
    h = h * 10 + (*p - '0');
  }
  return h >= 1 ? h : -1;
}
