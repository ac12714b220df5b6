#define _XOPEN_SOURCE 700
#include "find/pragma_find.h"

#include "support/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct token_view {
  CXToken *tokens;
  unsigned count;
  unsigned *offsets;
} token_view;

static int is_ident_char(char c) {
  return isalnum((unsigned char)c) || c == '_';
}

static int word_at(const source_file *sf, size_t at, const char *word) {
  size_t n = strlen(word);
  return at + n <= sf->len && memcmp(sf->text + at, word, n) == 0 &&
         (at + n == sf->len || !is_ident_char(sf->text[at + n]));
}

static size_t skip_blanks(const source_file *sf, size_t at) {
  while (at < sf->len) {
    if (sf->text[at] == ' ' || sf->text[at] == '\t')
      at++;
    else if (sf->text[at] == '\\' && at + 1 < sf->len && sf->text[at + 1] == '\n')
      at += 2;
    else
      break;
  }
  return at;
}

/* Whether only blanks precede `at` on its line: a directive's `#` must come first. */
static int first_on_line(const source_file *sf, size_t at) {
  while (at > 0 && (sf->text[at - 1] == ' ' || sf->text[at - 1] == '\t'))
    at--;
  return at == 0 || sf->text[at - 1] == '\n';
}

static size_t directive_end(const source_file *sf, size_t at) {
  while (at < sf->len && !(sf->text[at] == '\n' && (at == 0 || sf->text[at - 1] != '\\')))
    at++;
  if (at > 0 && at <= sf->len && sf->text[at - 1] == '\r')
    at--;
  return at;
}

static text_pos pos_of(const source_file *sf, size_t offset) {
  text_pos p = {source_line_of(sf, offset), source_column_of(sf, offset)};
  return p;
}

static int in_skipped(const CXSourceRangeList *skipped, const unsigned *begins, const unsigned *ends,
                      size_t at) {
  for (unsigned i = 0; skipped && i < skipped->count; i++)
    if (at >= begins[i] && at < ends[i])
      return 1;
  return 0;
}

static void find_next_token(const token_view *tv, unsigned from, size_t after, const source_file *sf,
                            found_pragma *p) {
  p->has_next = 0;
  for (unsigned t = from; t < tv->count; t++) {
    if (tv->offsets[t] < after || clang_getTokenKind(tv->tokens[t]) == CXToken_Comment)
      continue;
    p->has_next = 1;
    p->next_offset = tv->offsets[t];
    p->next_is_for =
        clang_getTokenKind(tv->tokens[t]) == CXToken_Keyword && word_at(sf, tv->offsets[t], "for");
    return;
  }
}

/* `# pragma lsc words...` starting at the `#` of token t. */
static int match_hash_pragma(const source_file *sf, size_t hash, found_pragma *p) {
  if (!first_on_line(sf, hash))
    return 0;
  size_t at = skip_blanks(sf, hash + 1);
  if (!word_at(sf, at, "pragma"))
    return 0;
  at = skip_blanks(sf, at + 6);
  if (!word_at(sf, at, "lsc"))
    return 0;
  at += 3;
  p->start = hash;
  p->end = directive_end(sf, at);
  p->pos = pos_of(sf, hash);
  p->after_lsc = pos_of(sf, at);
  pragma_lex(sf->text + at, p->end - at, p->after_lsc, &p->tokens);
  return 1;
}

/* `_Pragma ( "lsc words..." )`: the string is unescaped and lexed with columns inside the literal. */
static int match_operator_pragma(const source_file *sf, const token_view *tv, unsigned t, found_pragma *p) {
  size_t at = tv->offsets[t];
  if (t + 3 >= tv->count + 0u || !word_at(sf, at, "_Pragma") || sf->text[tv->offsets[t + 1]] != '(' ||
      sf->text[tv->offsets[t + 2]] != '"' || sf->text[tv->offsets[t + 3]] != ')')
    return 0;
  size_t line_start = source_line_start(sf, source_line_of(sf, at));
  size_t first = skip_blanks(sf, line_start);
  if (first < sf->len && sf->text[first] == '#')
    return 0; /* inside a #define: the expansion site is where it applies, and we do not follow macros */
  size_t str = tv->offsets[t + 2] + 1, str_end = tv->offsets[t + 3];
  while (str_end > str && sf->text[str_end - 1] != '"')
    str_end--;
  if (str_end > str)
    str_end--;
  size_t body = str;
  while (body < str_end && (sf->text[body] == ' ' || sf->text[body] == '\t'))
    body++;
  if (body + 3 > str_end || memcmp(sf->text + body, "lsc", 3) != 0 ||
      (body + 3 < str_end && is_ident_char(sf->text[body + 3])))
    return 0;
  strbuf unescaped;
  sb_init(&unescaped);
  for (size_t i = body + 3; i < str_end; i++) {
    if (sf->text[i] == '\\' && i + 1 < str_end && (sf->text[i + 1] == '"' || sf->text[i + 1] == '\\'))
      i++;
    sb_putc(&unescaped, sf->text[i]);
  }
  p->start = at;
  p->end = tv->offsets[t + 3] + 1;
  p->pos = pos_of(sf, at);
  p->after_lsc = pos_of(sf, body + 3);
  pragma_lex(sb_str(&unescaped), unescaped.len, p->after_lsc, &p->tokens);
  sb_free(&unescaped);
  return 1;
}

void pragma_find_all(CXTranslationUnit tu, CXFile file, const source_file *sf, found_pragmas *out) {
  memset(out, 0, sizeof *out);
  /* Most files have no lsc pragma at all: a byte search spares tokenizing them. */
  if (sf->len == 0 || !strstr(sf->text, "lsc"))
    return;
  CXSourceRange whole = clang_getRange(clang_getLocationForOffset(tu, file, 0),
                                       clang_getLocationForOffset(tu, file, (unsigned)sf->len));
  token_view tv = {NULL, 0, NULL};
  clang_tokenize(tu, whole, &tv.tokens, &tv.count);
  tv.offsets = xmalloc((tv.count + 1) * sizeof *tv.offsets);
  for (unsigned t = 0; t < tv.count; t++)
    clang_getFileLocation(clang_getTokenLocation(tu, tv.tokens[t]), NULL, NULL, NULL, &tv.offsets[t]);

  CXSourceRangeList *skipped = clang_getSkippedRanges(tu, file);
  unsigned nskipped = skipped ? skipped->count : 0;
  unsigned *sbeg = xmalloc((nskipped + 1) * sizeof *sbeg), *send = xmalloc((nskipped + 1) * sizeof *send);
  for (unsigned i = 0; i < nskipped; i++) {
    clang_getFileLocation(clang_getRangeStart(skipped->ranges[i]), NULL, NULL, NULL, &sbeg[i]);
    clang_getFileLocation(clang_getRangeEnd(skipped->ranges[i]), NULL, NULL, NULL, &send[i]);
  }

  for (unsigned t = 0; t < tv.count; t++) {
    size_t at = tv.offsets[t];
    char c = sf->text[at];
    if ((c != '#' && c != '_') || in_skipped(skipped, sbeg, send, at))
      continue;
    found_pragma p;
    memset(&p, 0, sizeof p);
    int matched = c == '#' ? match_hash_pragma(sf, at, &p) : match_operator_pragma(sf, &tv, t, &p);
    if (!matched)
      continue;
    find_next_token(&tv, t + 1, p.end, sf, &p);
    VEC_PUSH(out->items, out->count, out->cap, p);
  }
  free(sbeg);
  free(send);
  if (skipped)
    clang_disposeSourceRangeList(skipped);
  free(tv.offsets);
  clang_disposeTokens(tu, tv.tokens, tv.count);
}

void found_pragmas_free(found_pragmas *list) {
  for (size_t i = 0; i < list->count; i++)
    ptok_list_free(&list->items[i].tokens);
  free(list->items);
  memset(list, 0, sizeof *list);
}
