#define _XOPEN_SOURCE 700
#include "support/diag.h"

#include "support/strbuf.h"

#include <stdarg.h>
#include <stdlib.h>

void diag_sink_init(diag_sink *sink) {
  sink->items = NULL;
  sink->count = sink->cap = 0;
  sink->errors = sink->warnings = 0;
}

void diag_sink_free(diag_sink *sink) {
  for (size_t i = 0; i < sink->count; i++) {
    free(sink->items[i].file);
    free(sink->items[i].line_text);
    free(sink->items[i].message);
  }
  free(sink->items);
  diag_sink_init(sink);
}

diag_mark diag_sink_mark(const diag_sink *sink) {
  diag_mark m = {sink->count, sink->errors, sink->warnings};
  return m;
}

void diag_sink_rollback(diag_sink *sink, diag_mark mark) {
  for (size_t i = mark.count; i < sink->count; i++) {
    free(sink->items[i].file);
    free(sink->items[i].line_text);
    free(sink->items[i].message);
  }
  sink->count = mark.count;
  sink->errors = mark.errors;
  sink->warnings = mark.warnings;
}

static void record_owned(diag_sink *sink, diag_level level, const char *file, int line, int col,
                         char *line_text, char *message) {
  diag d = {level, file ? xstrdup(file) : NULL, line, col, line_text, message};
  VEC_PUSH(sink->items, sink->count, sink->cap, d);
  if (level == DIAG_ERROR)
    sink->errors++;
  else if (level == DIAG_WARNING)
    sink->warnings++;
}

void diag_record(diag_sink *sink, diag_level level, const char *file, int line, int col,
                 const char *line_text, const char *message) {
  record_owned(sink, level, file, line, col, line_text ? xstrdup(line_text) : NULL, xstrdup(message));
}

static void vrecord(diag_sink *sink, diag_level level, const source_file *sf, int line, int col,
                    const char *fmt, va_list ap) {
  strbuf msg;
  sb_init(&msg);
  sb_vprintf(&msg, fmt, ap);
  record_owned(sink, level, sf ? sf->path : NULL, line, col, sf ? source_line_text(sf, line) : NULL,
               sb_take(&msg));
}

void diag_at(diag_sink *sink, diag_level level, const source_file *sf, int line, int col, const char *fmt,
             ...) {
  va_list ap;
  va_start(ap, fmt);
  vrecord(sink, level, sf, line, col, fmt, ap);
  va_end(ap);
}

void diag_at_offset(diag_sink *sink, diag_level level, const source_file *sf, size_t offset, const char *fmt,
                    ...) {
  va_list ap;
  va_start(ap, fmt);
  vrecord(sink, level, sf, source_line_of(sf, offset), source_column_of(sf, offset), fmt, ap);
  va_end(ap);
}

int diag_failed(const diag_sink *sink, const diag_style *style) {
  return sink->errors > 0 || (style->werror && sink->warnings > 0);
}

/* clang's palette: bold locations, red errors, magenta warnings, cyan notes, blue remarks, green carets. */
#define BOLD "\033[1m"
#define RESET "\033[0m"

static const char *level_name(diag_level level) {
  switch (level) {
  case DIAG_ERROR:
    return "error";
  case DIAG_WARNING:
    return "warning";
  case DIAG_REMARK:
    return "remark";
  case DIAG_NOTE:
    return "note";
  }
  return "error";
}

static const char *level_color(diag_level level) {
  switch (level) {
  case DIAG_ERROR:
    return "\033[0;1;31m";
  case DIAG_WARNING:
    return "\033[0;1;35m";
  case DIAG_REMARK:
    return "\033[0;1;34m";
  case DIAG_NOTE:
    return "\033[0;1;30m";
  }
  return "";
}

static void print_caret_line(const char *line_text, int col, int color, FILE *out) {
  fprintf(out, "%s\n", line_text);
  /* Tabs are repeated so the caret lines up with the source line however the terminal expands them. */
  for (int i = 0; i < col - 1 && line_text[i]; i++)
    fputc(line_text[i] == '\t' ? '\t' : ' ', out);
  fprintf(out, "%s^%s\n", color ? "\033[0;1;32m" : "", color ? RESET : "");
}

static void print_one(const diag *d, diag_level shown, const diag_style *style, FILE *out) {
  int color = style->color;
  if (color)
    fputs(BOLD, out);
  if (d->file)
    fprintf(out, "%s:%d:%d: ", d->file, d->line, d->col);
  else
    fputs("lsc-rewrite: ", out);
  fprintf(out, "%s%s:%s%s %s%s%s\n", color ? level_color(shown) : "", level_name(shown), color ? RESET : "",
          color ? BOLD : "", d->message, shown != d->level ? " [-Werror]" : "", color ? RESET : "");
  if (d->file && d->line_text)
    print_caret_line(d->line_text, d->col, color, out);
}

void diag_print(const diag_sink *sink, const diag_style *style, FILE *out) {
  int errors = 0, warnings = 0, parent_shown = 0;
  for (size_t i = 0; i < sink->count; i++) {
    const diag *d = &sink->items[i];
    diag_level shown = d->level;
    if (shown == DIAG_WARNING && style->werror)
      shown = DIAG_ERROR;
    if (shown == DIAG_NOTE) {
      if (parent_shown)
        print_one(d, shown, style, out);
      continue;
    }
    parent_shown = shown != DIAG_REMARK || style->remarks;
    if (!parent_shown)
      continue;
    errors += shown == DIAG_ERROR;
    warnings += shown == DIAG_WARNING;
    print_one(d, shown, style, out);
  }
  if (warnings && errors)
    fprintf(out, "%d warning%s and %d error%s generated.\n", warnings, warnings == 1 ? "" : "s", errors,
            errors == 1 ? "" : "s");
  else if (errors)
    fprintf(out, "%d error%s generated.\n", errors, errors == 1 ? "" : "s");
  else if (warnings)
    fprintf(out, "%d warning%s generated.\n", warnings, warnings == 1 ? "" : "s");
  fflush(out);
}
