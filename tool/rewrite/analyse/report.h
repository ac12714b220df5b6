/* report.h - how the analysis steps record diagnostics: at a byte offset of the file, into the sink of the
 * analysis. An error also marks the analysis failed, so later steps and the driver know to stop. */
#ifndef LSC_REWRITE_ANALYSE_REPORT_H
#define LSC_REWRITE_ANALYSE_REPORT_H

#include "analyse/result.h"

void an_error(analysis *an, size_t offset, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void an_note(analysis *an, size_t offset, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void an_diag(analysis *an, diag_level level, size_t offset, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* At a cursor that may sit in another file of the translation unit (a callee defined in a header). */
void an_diag_at(analysis *an, diag_level level, CXCursor at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* A warning, with the -W name that controls it (support/warning_groups.h). */
void an_warn(analysis *an, warning_group group, size_t offset, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void an_warn_at(analysis *an, warning_group group, CXCursor at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
