/* diag.c - records diagnostics in a sink and prints them as clang does. A warning's fate (hidden, warning,
 * error) is decided at print time from the warning policy, so -Werror=<group> and -Wno-<group> given
 * anywhere on the command line apply to every warning, whatever stage recorded it. */
#define _XOPEN_SOURCE 700
#include "support/diag.h"

#include "lsc_sched.h"
#include "support/strbuf.h"

#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
    free(sink->items[i].fix_text);
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
  diag d = {level, file ? xstrdup(file) : NULL, line, col, line_text, message, WARN_NONE, NULL, 0, 0};
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

void diag_warning_at(diag_sink *sink, warning_group group, const source_file *sf, int line, int col,
                     const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vrecord(sink, DIAG_WARNING, sf, line, col, fmt, ap);
  va_end(ap);
  diag_set_group(sink, group);
}

void diag_set_group(diag_sink *sink, warning_group group) {
  assert(sink->count > 0 && sink->items[sink->count - 1].level == DIAG_WARNING);
  sink->items[sink->count - 1].group = group;
}

void diag_fixit(diag_sink *sink, int col, int len, const char *text) {
  assert(sink->count > 0);
  diag *d = &sink->items[sink->count - 1];
  free(d->fix_text);
  d->fix_text = xstrdup(text);
  d->fix_col = col;
  d->fix_len = len;
}

void warning_policy_init(warning_policy *w) {
  memset(w, 0, sizeof *w);
  memset(w->error, -1, sizeof w->error);
}

static int starts_with(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

int warning_policy_apply(warning_policy *w, const char *arg, const char **nearest) {
  *nearest = NULL;
  if (strcmp(arg, "-w") == 0) {
    w->none = 1;
    return 0;
  }
  if (strcmp(arg, "-Werror") == 0 || strcmp(arg, "-Wno-error") == 0) {
    w->werror = arg[2] == 'e';
    return 0;
  }
  const char *name;
  signed char *field;
  signed char value;
  if (starts_with(arg, "-Werror="))
    name = arg + 8, field = w->error, value = 1;
  else if (starts_with(arg, "-Wno-error="))
    name = arg + 11, field = w->error, value = 0;
  else if (starts_with(arg, "-Wno-"))
    name = arg + 5, field = w->off, value = 1;
  else if (starts_with(arg, "-W") && arg[2])
    name = arg + 2, field = w->off, value = 0;
  else
    return -1;
  warning_group g = warning_group_named(name);
  if (g == WARN_NONE) {
    const char *names[WARN_GROUP_COUNT];
    for (int i = 0; i < WARN_GROUP_COUNT; i++)
      names[i] = warning_groups[i].name;
    *nearest = lsc_nearest_name(name, names, WARN_GROUP_COUNT);
    return -2;
  }
  field[g] = value;
  return 0;
}

/* How a recorded diagnostic is shown: its level, a warning promoted to an error, or -1 for a hidden one. */
static int shown_level(const diag *d, const warning_policy *w) {
  if (d->level != DIAG_WARNING)
    return (int)d->level;
  assert(d->group != WARN_NONE); /* every warning has a -W name: record it with diag_warning_at/an_warn */
  if (d->group == WARN_NONE)
    return w->none ? -1 : (w->werror ? DIAG_ERROR : DIAG_WARNING);
  if (w->none || w->off[d->group] == 1)
    return -1;
  int as_error = w->error[d->group] >= 0 ? w->error[d->group] : w->werror;
  return as_error ? DIAG_ERROR : DIAG_WARNING;
}

int diag_failed(const diag_sink *sink, const diag_style *style) {
  for (size_t i = 0; i < sink->count; i++)
    if (shown_level(&sink->items[i], &style->warnings) == DIAG_ERROR)
      return 1;
  return 0;
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

/* Tabs are repeated so carets line up with the source line however the terminal expands them. */
static void pad_to(const char *line_text, int col, FILE *out) {
  size_t len = strlen(line_text);
  for (int i = 0; i < col - 1; i++)
    fputc((size_t)i < len && line_text[i] == '\t' ? '\t' : ' ', out);
}

/* The source line, the caret, and a fix-it: `~` under the columns it replaces, its text on a line below. */
static void print_caret_line(const diag *d, int color, FILE *out) {
  fprintf(out, "%s\n", d->line_text);
  if (d->fix_text && d->fix_len > 0 && d->fix_col >= d->col) {
    pad_to(d->line_text, d->col, out);
    fputs(color ? "\033[0;1;32m" : "", out);
    for (int c = d->col; c < d->fix_col + d->fix_len; c++)
      fputc(c == d->col ? '^' : '~', out);
    fprintf(out, "%s\n", color ? RESET : "");
  } else {
    pad_to(d->line_text, d->col, out);
    fprintf(out, "%s^%s\n", color ? "\033[0;1;32m" : "", color ? RESET : "");
  }
  if (d->fix_text) {
    pad_to(d->line_text, d->fix_col, out);
    fprintf(out, "%s%s%s\n", color ? "\033[0;32m" : "", d->fix_text, color ? RESET : "");
  }
}

/* clang's -fdiagnostics-parseable-fixits: fix-it:"file":{line:col-line:col}:"text" */
static void print_parseable_fixit(const diag *d, FILE *out) {
  fprintf(out, "fix-it:\"%s\":{%d:%d-%d:%d}:\"", d->file, d->line, d->fix_col, d->line,
          d->fix_col + d->fix_len);
  for (const char *c = d->fix_text; *c; c++) {
    if (*c == '"' || *c == '\\')
      fputc('\\', out);
    fputc(*c, out);
  }
  fputs("\"\n", out);
}

static void print_one(const diag *d, diag_level shown, const diag_style *style, FILE *out) {
  int color = style->color;
  if (color)
    fputs(BOLD, out);
  if (d->file)
    fprintf(out, "%s:%d:%d: ", d->file, d->line, d->col);
  else
    fputs("lsc-rewrite: ", out);
  char flag[96] = "";
  if (d->level == DIAG_WARNING && d->group != WARN_NONE)
    snprintf(flag, sizeof flag, " [%s-W%s]", shown == DIAG_ERROR ? "-Werror," : "",
             warning_groups[d->group].name);
  fprintf(out, "%s%s:%s%s %s%s%s\n", color ? level_color(shown) : "", level_name(shown), color ? RESET : "",
          color ? BOLD : "", d->message, flag, color ? RESET : "");
  if (d->file && d->line_text)
    print_caret_line(d, color, out);
  if (d->file && d->fix_text && style->parseable_fixits)
    print_parseable_fixit(d, out);
}

void diag_print(const diag_sink *sink, const diag_style *style, FILE *out) {
  int errors = 0, warnings = 0, parent_shown = 0;
  for (size_t i = 0; i < sink->count; i++) {
    const diag *d = &sink->items[i];
    int level = shown_level(d, &style->warnings);
    if (level < 0) {
      parent_shown = 0;
      continue;
    }
    diag_level shown = (diag_level)level;
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
