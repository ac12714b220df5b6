/* diag.h - every message of the rewriter, formatted like clang's:
 *   file:line:col: error: message
 *    source line
 *        ^
 * Stages only record diagnostics in a sink; the driver decides when and how to print them. */
#ifndef LSC_REWRITE_DIAG_H
#define LSC_REWRITE_DIAG_H

#include "support/source_file.h"

#include <stdio.h>

typedef enum diag_level { DIAG_NOTE, DIAG_REMARK, DIAG_WARNING, DIAG_ERROR } diag_level;

typedef struct diag {
  diag_level level;
  char *file;      /* NULL: no location (printed as "lsc-rewrite: error: ...") */
  int line, col;   /* 1-based */
  char *line_text; /* the quoted source line, or NULL */
  char *message;
} diag;

typedef struct diag_sink {
  diag *items;
  size_t count, cap;
  int errors, warnings; /* as recorded, before -Werror */
} diag_sink;

typedef struct diag_style {
  int color;   /* ANSI colours, as clang uses on a terminal */
  int werror;  /* warnings count and print as errors */
  int remarks; /* print remarks (and their notes) */
} diag_style;

void diag_sink_init(diag_sink *sink);
void diag_sink_free(diag_sink *sink);
/* A point to roll back to: a step that tries a cheaper proof first drops that attempt's messages when a
 * stronger one follows. */
typedef struct diag_mark {
  size_t count;
  int errors, warnings;
} diag_mark;
diag_mark diag_sink_mark(const diag_sink *sink);
void diag_sink_rollback(diag_sink *sink, diag_mark mark);

/* Records a diagnostic at line:col of sf (sf NULL: no location). Notes attach to the diagnostic before them.
 */
void diag_at(diag_sink *sink, diag_level level, const source_file *sf, int line, int col, const char *fmt,
             ...) __attribute__((format(printf, 6, 7)));
/* Same, at a byte offset of sf. */
void diag_at_offset(diag_sink *sink, diag_level level, const source_file *sf, size_t offset, const char *fmt,
                    ...) __attribute__((format(printf, 5, 6)));
/* A diagnostic whose source line is given as text (clang's own diagnostics, in any file). */
void diag_record(diag_sink *sink, diag_level level, const char *file, int line, int col,
                 const char *line_text, const char *message);

/* Whether the run failed: errors, or warnings under -Werror. */
int diag_failed(const diag_sink *sink, const diag_style *style);
/* Prints every diagnostic then clang's summary line ("2 errors generated."). */
void diag_print(const diag_sink *sink, const diag_style *style, FILE *out);

#endif
