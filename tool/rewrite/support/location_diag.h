/* location_diag.h - diagnostics at a libclang source location in any file of the translation unit. The
 * stages mostly speak in byte offsets of the main file (diag_at_offset); what a loop reaches through calls
 * (a callee in a header) and pragmas found in headers sit in other files, and are reported there, as clang
 * reports them, with the quoted line taken from libclang's copy of that file. */
#ifndef LSC_REWRITE_LOCATION_DIAG_H
#define LSC_REWRITE_LOCATION_DIAG_H

#include "support/diag.h"
#include "support/source_file.h"

#include <clang-c/Index.h>
#include <stdarg.h>

/* Records a diagnostic at loc's expansion location: through sf when it is in the main file (sf's path and
 * text), else at the other file's name, line and column. */
void diag_at_location(diag_sink *sink, diag_level level, CXTranslationUnit tu, const source_file *sf,
                      CXSourceLocation loc, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void vdiag_at_location(diag_sink *sink, diag_level level, CXTranslationUnit tu, const source_file *sf,
                       CXSourceLocation loc, const char *fmt, va_list ap)
    __attribute__((format(printf, 6, 0)));
/* A 1-based line of a file of the translation unit, without its newline (fresh string; NULL when unknown). */
char *file_line_text(CXTranslationUnit tu, CXFile file, unsigned line);

#endif
