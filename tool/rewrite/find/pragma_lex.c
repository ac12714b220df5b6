#define _XOPEN_SOURCE 700
#include "find/pragma_lex.h"

#include "support/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct cursor {
  const char *text;
  size_t len, i;
  text_pos pos;
} cursor;

static void advance(cursor *c) {
  if (c->text[c->i] == '\n') {
    c->pos.line++;
    c->pos.col = 1;
  } else {
    c->pos.col++;
  }
  c->i++;
}

/* Whitespace, comments and line continuations separate tokens and nothing else. */
static int skip_space(cursor *c) {
  int skipped = 0;
  while (c->i < c->len) {
    char ch = c->text[c->i];
    if (isspace((unsigned char)ch) || (ch == '\\' && c->i + 1 < c->len && c->text[c->i + 1] == '\n')) {
      advance(c);
    } else if (ch == '/' && c->i + 1 < c->len && c->text[c->i + 1] == '*') {
      advance(c);
      advance(c);
      while (c->i < c->len && !(c->text[c->i] == '*' && c->i + 1 < c->len && c->text[c->i + 1] == '/'))
        advance(c);
      if (c->i < c->len) {
        advance(c);
        advance(c);
      }
    } else if (ch == '/' && c->i + 1 < c->len && c->text[c->i + 1] == '/') {
      while (c->i < c->len)
        advance(c);
    } else {
      break;
    }
    skipped = 1;
  }
  return skipped;
}

static int is_ident_char(char ch) {
  return isalnum((unsigned char)ch) || ch == '_';
}

static size_t token_length(const cursor *c, ptok_kind *kind) {
  const char *s = c->text + c->i;
  size_t left = c->len - c->i, n = 1;
  if (isalpha((unsigned char)s[0]) || s[0] == '_') {
    while (n < left && is_ident_char(s[n]))
      n++;
    *kind = PTOK_IDENT;
  } else if (isdigit((unsigned char)s[0]) || (s[0] == '.' && left > 1 && isdigit((unsigned char)s[1]))) {
    /* pp-number: digits, letters, dots and exponent signs, as the C preprocessor reads them */
    while (n < left &&
           (is_ident_char(s[n]) || s[n] == '.' || ((s[n] == '+' || s[n] == '-') && strchr("eEpP", s[n - 1]))))
      n++;
    *kind = PTOK_NUMBER;
  } else if (s[0] == '"' || s[0] == '\'') {
    while (n < left && s[n] != s[0]) {
      if (s[n] == '\\' && n + 1 < left)
        n++;
      n++;
    }
    if (n < left)
      n++;
    *kind = PTOK_OTHER;
  } else {
    static const char *const pairs[] = {"&&", "||", "<<", ">>", "<=", ">=", "==", "!=", "->"};
    for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++)
      if (left >= 2 && s[0] == pairs[k][0] && s[1] == pairs[k][1])
        n = 2;
    *kind = PTOK_PUNCT;
  }
  return n;
}

void pragma_lex(const char *text, size_t len, text_pos start, ptok_list *out) {
  cursor c = {text, len, 0, start};
  out->items = NULL;
  out->count = out->cap = 0;
  for (;;) {
    int spaced = skip_space(&c);
    if (c.i >= c.len)
      break;
    ptok_kind kind;
    size_t n = token_length(&c, &kind);
    ptok t = {kind, xstrndup(text + c.i, n), c.pos, spaced};
    VEC_PUSH(out->items, out->count, out->cap, t);
    for (size_t k = 0; k < n; k++)
      advance(&c);
  }
  out->end = c.pos;
}

void ptok_list_free(ptok_list *list) {
  for (size_t i = 0; i < list->count; i++)
    free(list->items[i].text);
  free(list->items);
  list->items = NULL;
  list->count = list->cap = 0;
}
