/* reissue.c - the text of reissue(...) and LSC_REISSUE, read the same way by lsc-rewrite (which checks the
 * clause) and the runtime: a boolean, off meaning one copy of each chunk (no re-issue) and on two, or the
 * most copies of one chunk that may run at once, from 2 to LSC_REISSUE_MAX_COPIES. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "sched_internal.h"

int lsc_reissue_parse(const char *text, int *copies, lsc_sched_error *err) {
  static const char *const off[] = {"0", "no", "false", "off"}, *const on[] = {"1", "yes", "true", "on"};
  for (size_t i = 0; text && i < sizeof on / sizeof on[0]; i++) {
    if (strcasecmp(text, on[i]) == 0) {
      *copies = 2;
      return 0;
    }
    if (strcasecmp(text, off[i]) == 0) {
      *copies = 1;
      return 0;
    }
  }
  /* digits only, as every lsc count: "1e1" or " 3" would be read differently elsewhere */
  int value = 0, ok = text && *text;
  for (const char *c = text; ok && *c; c++) {
    ok = *c >= '0' && *c <= '9' && value <= LSC_REISSUE_MAX_COPIES;
    value = ok ? value * 10 + (*c - '0') : value;
  }
  if (!ok || value < 2 || value > LSC_REISSUE_MAX_COPIES)
    return lsc_sched_format_error(err,
                                  "expected on, off (or another boolean: 0, 1, yes, no, true, false) or the "
                                  "most copies of one chunk, 2..%d",
                                  LSC_REISSUE_MAX_COPIES);
  *copies = value;
  return 0;
}
