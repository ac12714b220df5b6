/* report.c - diagnostics of the analysis: formatted once, recorded in the sink; errors fail the analysis. */
#define _XOPEN_SOURCE 700
#include "analyse/report.h"
#include "support/strbuf.h"

#include <stdarg.h>

static void vdiag(analysis *an, diag_level level, size_t offset, const char *fmt, va_list ap) {
  strbuf msg;
  sb_init(&msg);
  sb_vprintf(&msg, fmt, ap);
  diag_at_offset(an->sink, level, an->sf, offset, "%s", sb_str(&msg));
  sb_free(&msg);
  if (level == DIAG_ERROR)
    an->failed = 1;
}

void an_error(analysis *an, size_t offset, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(an, DIAG_ERROR, offset, fmt, ap);
  va_end(ap);
}

void an_note(analysis *an, size_t offset, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(an, DIAG_NOTE, offset, fmt, ap);
  va_end(ap);
}

void an_diag(analysis *an, diag_level level, size_t offset, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(an, level, offset, fmt, ap);
  va_end(ap);
}
