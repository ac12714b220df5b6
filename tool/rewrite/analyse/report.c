/* report.c - diagnostics of the analysis: formatted once, recorded in the sink; errors fail the analysis.
 * Offsets are in the main file; an_diag_at takes a cursor anywhere in the translation unit. */
#define _XOPEN_SOURCE 700
#include "analyse/report.h"
#include "support/location_diag.h"
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

void an_diag_at(analysis *an, diag_level level, CXCursor at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  /* The start of the expression, as clang points: a member access's own location is its member name. */
  vdiag_at_location(an->sink, level, an->tu, an->sf, clang_getRangeStart(clang_getCursorExtent(at)), fmt, ap);
  va_end(ap);
  if (level == DIAG_ERROR)
    an->failed = 1;
}

void an_warn(analysis *an, warning_group group, size_t offset, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(an, DIAG_WARNING, offset, fmt, ap);
  va_end(ap);
  diag_set_group(an->sink, group);
}

void an_warn_at(analysis *an, warning_group group, CXCursor at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag_at_location(an->sink, DIAG_WARNING, an->tu, an->sf, clang_getRangeStart(clang_getCursorExtent(at)),
                    fmt, ap);
  va_end(ap);
  diag_set_group(an->sink, group);
}
