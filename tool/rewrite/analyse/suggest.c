/* suggest.c - the clause to add, as a fix-it. Both parts read source text only: the pragma line as written
 * (a `#pragma` directive, possibly continued with backslashes) and the update that wrote a scalar. Text,
 * not the AST, because a fix-it is text: it must land at a column of the line the user sees. */
#define _XOPEN_SOURCE 700
#include "analyse/suggest.h"

#include "analyse/report.h"
#include "support/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The offset just past the last non-blank character of the `#pragma` line at `start` (continuations
 * followed), or 0 when it is not a written-out directive or holds a comment. */
static size_t pragma_insertion_point(const source_file *sf, size_t start) {
  const char *t = sf->text;
  if (start >= sf->len || t[start] != '#')
    return 0;
  size_t last = start;
  for (size_t i = start; i < sf->len; i++) {
    if (t[i] == '\n') {
      if (i > 0 && t[i - 1] == '\\')
        continue;
      break;
    }
    if (t[i] == '/' && i + 1 < sf->len && (t[i + 1] == '/' || t[i + 1] == '*'))
      return 0;
    if (!isspace((unsigned char)t[i]) && t[i] != '\\')
      last = i;
  }
  return last + 1;
}

void an_suggest_clause(analysis *an, const char *note, const char *clause) {
  size_t at = pragma_insertion_point(an->sf, an->pragma_offset);
  if (!at) {
    an_note(an, an->pragma_offset, "%s", note);
    return;
  }
  an_note(an, at, "%s", note);
  char *text = xasprintf(" %s", clause);
  diag_fixit(an->sink, source_column_of(an->sf, at), 0, text);
  free(text);
}

static size_t skip_blanks(const source_file *sf, size_t i) {
  while (i < sf->len && (sf->text[i] == ' ' || sf->text[i] == '\t'))
    i++;
  return i;
}

/* "+=" and friends, "++", "--" at i: the operator of the reduction they perform, or NULL. */
static const char *update_operator(const char *t, size_t n, size_t i) {
  static const struct {
    const char *spelling, *op;
  } updates[] = {{"+=", "+"}, {"-=", "+"}, {"*=", "*"}, {"&=", "&"},
                 {"|=", "|"}, {"^=", "^"}, {"++", "+"}, {"--", "+"}};
  for (size_t k = 0; k < sizeof updates / sizeof updates[0]; k++)
    if (i + 2 <= n && strncmp(t + i, updates[k].spelling, 2) == 0)
      return updates[k].op;
  return NULL;
}

const char *written_reduction_op(const source_file *sf, size_t offset, const char *name) {
  const char *t = sf->text;
  size_t len = strlen(name);
  if (offset >= 2 && update_operator(t, sf->len, offset - 2))
    return "+"; /* ++s, --s */
  if (offset + len > sf->len || strncmp(t + offset, name, len) != 0)
    return NULL;
  size_t i = skip_blanks(sf, offset + len);
  const char *op = update_operator(t, sf->len, i);
  if (op)
    return op;
  /* s = s + x */
  if (i >= sf->len || t[i] != '=' || (i + 1 < sf->len && t[i + 1] == '='))
    return NULL;
  i = skip_blanks(sf, i + 1);
  if (i + len > sf->len || strncmp(t + i, name, len) != 0 || isalnum((unsigned char)t[i + len]) ||
      t[i + len] == '_')
    return NULL;
  i = skip_blanks(sf, i + len);
  static const char binary[] = "+*&|^-";
  if (i < sf->len && strchr(binary, t[i]) && t[i] && (i + 1 >= sf->len || t[i + 1] != '='))
    return t[i] == '-' || t[i] == '+' ? "+" : t[i] == '*' ? "*" : t[i] == '&' ? "&" : t[i] == '|' ? "|" : "^";
  return NULL;
}
