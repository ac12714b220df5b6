/* diag.h - every message of the rewriter, formatted like clang's:
 *   file:line:col: error: message
 *    source line
 *        ^
 * Stages only record diagnostics in a sink; the driver decides when and how to print them. */
#ifndef LSC_REWRITE_DIAG_H
#define LSC_REWRITE_DIAG_H

#include "support/source_file.h"
#include "support/warning_groups.h"

#include <stdio.h>

typedef enum diag_level { DIAG_NOTE, DIAG_REMARK, DIAG_WARNING, DIAG_ERROR } diag_level;

typedef struct diag {
  diag_level level;
  char *file;      /* NULL: no location (printed as "lsc-rewrite: error: ...") */
  int line, col;   /* 1-based */
  char *line_text; /* the quoted source line, or NULL */
  char *message;
  warning_group group; /* a warning's -W name; WARN_NONE for the other levels */
  /* A fix-it on the diagnostic's line: replace `fix_len` columns from `fix_col` by `fix_text` (NULL: none).
   * Shown under the caret line, and as a `fix-it:` line with -fdiagnostics-parseable-fixits. */
  char *fix_text;
  int fix_col, fix_len;
} diag;

typedef struct diag_sink {
  diag *items;
  size_t count, cap;
  int errors, warnings; /* as recorded, before -Werror */
} diag_sink;

/* What -w, -Werror, -W<group>, -Wno-<group>, -Werror=<group> and -Wno-error=<group> asked for. */
typedef struct warning_policy {
  int none;                            /* -w: no warnings at all */
  int werror;                          /* -Werror: warnings count and print as errors */
  signed char off[WARN_GROUP_COUNT];   /* -Wno-<group> (1), -W<group> (0) */
  signed char error[WARN_GROUP_COUNT]; /* -Werror=<group> (1), -Wno-error=<group> (0), -1: as -Werror says */
} warning_policy;

typedef struct diag_style {
  int color;            /* ANSI colours, as clang uses on a terminal */
  int remarks;          /* print remarks (and their notes) */
  int parseable_fixits; /* -fdiagnostics-parseable-fixits */
  warning_policy warnings;
} diag_style;

void warning_policy_init(warning_policy *w);
/* Applies one -w / -W... option (the whole argument); 0 when it is one, -1 when it is not a warning option
 * of lsc-rewrite, -2 when it names a group that does not exist (nearest name in `nearest`, or NULL). */
int warning_policy_apply(warning_policy *w, const char *arg, const char **nearest);

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

/* Warnings: recorded with their group (the level is DIAG_WARNING). */
void diag_warning_at(diag_sink *sink, warning_group group, const source_file *sf, int line, int col,
                     const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Gives the last recorded diagnostic its warning group (for warnings recorded through the functions above
 * that take a level). */
void diag_set_group(diag_sink *sink, warning_group group);
/* Attaches a fix-it to the last recorded diagnostic: replace `len` columns from `col` of its line by text
 * (len 0: insert). */
void diag_fixit(diag_sink *sink, int col, int len, const char *text);

/* Whether the run failed: errors, or warnings under -Werror. */
int diag_failed(const diag_sink *sink, const diag_style *style);
/* Prints every diagnostic then clang's summary line ("2 errors generated."). */
void diag_print(const diag_sink *sink, const diag_style *style, FILE *out);

#endif
