/* pragma_find.c - finds every lsc pragma of a translation unit, so that none passes silently. Unknown
 * pragmas never become cursors, so this works on tokens (clang_tokenize over a whole file): comments, `#if
 * 0` blocks (the skipped ranges) and strings are left out as the preprocessor leaves them out.
 *
 *   - `#pragma lsc ...` written in the main file: `#` first on its logical line (comments and line splices
 *     allowed before it and between the words), then `pragma` and `lsc`;
 *   - `_Pragma("lsc ...")` written in the main file outside a directive;
 *   - `_Pragma("lsc ...")` produced by a macro used in the main file (macro_pragma.c): the use is the
 *     pragma, and the loop must follow it;
 *   - any of these in an included header: refused at the header's line, since only the main file is
 *     rewritten; the way out is to move the loop into the .c file.
 *
 * The pragmas of the main file come back in source order; the refusals go to the sink. */
#define _XOPEN_SOURCE 700
#include "find/pragma_find.h"

#include "find/macro_pragma.h"
#include "support/location_diag.h"
#include "support/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct token_view {
  CXTranslationUnit tu;
  CXToken *tokens;
  unsigned count;
  unsigned *offsets, *ends;
} token_view;

static void token_view_init(CXTranslationUnit tu, CXFile file, size_t len, token_view *tv) {
  CXSourceRange whole = clang_getRange(clang_getLocationForOffset(tu, file, 0),
                                       clang_getLocationForOffset(tu, file, (unsigned)len));
  tv->tu = tu;
  tv->tokens = NULL;
  tv->count = 0;
  clang_tokenize(tu, whole, &tv->tokens, &tv->count);
  tv->offsets = xmalloc((tv->count + 1) * sizeof *tv->offsets);
  tv->ends = xmalloc((tv->count + 1) * sizeof *tv->ends);
  for (unsigned t = 0; t < tv->count; t++) {
    CXSourceRange r = clang_getTokenExtent(tu, tv->tokens[t]);
    clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &tv->offsets[t]);
    clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &tv->ends[t]);
  }
}

static void token_view_free(token_view *tv) {
  free(tv->offsets);
  free(tv->ends);
  clang_disposeTokens(tv->tu, tv->tokens, tv->count);
}

static int is_comment(const token_view *tv, unsigned t) {
  return clang_getTokenKind(tv->tokens[t]) == CXToken_Comment;
}

/* The next token after t that is not a comment, or tv->count. */
static unsigned next_real(const token_view *tv, unsigned t) {
  for (t++; t < tv->count && is_comment(tv, t); t++)
    ;
  return t;
}

static int token_is(const token_view *tv, unsigned t, const char *text) {
  if (t >= tv->count)
    return 0;
  CXString s = clang_getTokenSpelling(tv->tu, tv->tokens[t]);
  int same = strcmp(clang_getCString(s), text) == 0;
  clang_disposeString(s);
  return same;
}

static int is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Whether token t is the first of its logical line: only blanks, comments and line splices before it. A
 * comment that began on an earlier line does not make a new line (it is one space, C11 5.1.1.2). */
static int starts_logical_line(const source_file *sf, const token_view *tv, unsigned t) {
  size_t at = tv->offsets[t];
  unsigned prev = t;
  for (;;) {
    while (at > 0 && is_blank(sf->text[at - 1]))
      at--;
    if (at == 0)
      return 1;
    if (sf->text[at - 1] == '\n') {
      size_t before = at - 1;
      if (before > 0 && sf->text[before - 1] == '\r')
        before--;
      if (before > 0 && sf->text[before - 1] == '\\') {
        at = before - 1; /* a line splice: the same logical line goes on before it */
        continue;
      }
      return 1;
    }
    while (prev > 0 && tv->offsets[prev - 1] >= at)
      prev--;
    if (prev > 0 && tv->ends[prev - 1] == at && is_comment(tv, prev - 1)) {
      at = tv->offsets[--prev];
      continue;
    }
    return 0;
  }
}

/* The end of the directive that starts at `at`: its first newline not preceded by a backslash. */
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

static void find_next_token(const token_view *tv, size_t after, found_pragma *p) {
  p->has_next = 0;
  for (unsigned t = 0; t < tv->count; t++) {
    if (tv->offsets[t] < after || is_comment(tv, t))
      continue;
    p->has_next = 1;
    p->next_offset = tv->offsets[t];
    p->next_is_for = clang_getTokenKind(tv->tokens[t]) == CXToken_Keyword && token_is(tv, t, "for");
    return;
  }
}

/* `# pragma lsc words...` from the `#` (or its digraph `%:`) at token t (first on its logical line). */
static int match_hash_pragma(const source_file *sf, const token_view *tv, unsigned t, found_pragma *p) {
  size_t end = directive_end(sf, tv->offsets[t]);
  unsigned w = next_real(tv, t), l = next_real(tv, w);
  if (l >= tv->count || tv->offsets[l] >= end || !token_is(tv, w, "pragma") || !token_is(tv, l, "lsc"))
    return 0;
  size_t at = tv->ends[l];
  p->start = tv->offsets[t];
  p->end = end;
  p->pos = pos_of(sf, p->start);
  p->after_lsc = pos_of(sf, at);
  pragma_lex(sf->text + at, end - at, p->after_lsc, &p->tokens);
  return 1;
}

/* `_Pragma ( "lsc words..." )` at token t: the string is unescaped and lexed with columns inside the
 * literal, so that clause errors point into it. */
static int match_operator_pragma(const source_file *sf, const token_view *tv, unsigned t, found_pragma *p) {
  unsigned open = next_real(tv, t), lit = next_real(tv, open), close = next_real(tv, lit);
  if (close >= tv->count || !token_is(tv, open, "(") || !token_is(tv, close, ")") ||
      clang_getTokenKind(tv->tokens[lit]) != CXToken_Literal)
    return 0;
  CXString spelling = clang_getTokenSpelling(tv->tu, tv->tokens[lit]);
  char *words = destringize(clang_getCString(spelling));
  clang_disposeString(spelling);
  const char *rest;
  if (!words || !text_is_lsc_pragma(words, &rest)) {
    free(words);
    return 0;
  }
  size_t quote = tv->offsets[lit];
  while (quote < tv->ends[lit] && sf->text[quote] != '"')
    quote++;
  size_t after_lsc = quote + 1 + (size_t)(rest - words);
  p->start = tv->offsets[t];
  p->end = tv->ends[close];
  p->pos = pos_of(sf, p->start);
  p->after_lsc = pos_of(sf, after_lsc);
  pragma_lex(rest, strlen(rest), p->after_lsc, &p->tokens);
  free(words);
  return 1;
}

/* The pragmas written in one file (not those macros produce), in source order. */
static void scan_written(CXTranslationUnit tu, CXFile file, const source_file *sf, found_pragmas *out) {
  token_view tv;
  token_view_init(tu, file, sf->len, &tv);
  CXSourceRangeList *skipped = clang_getSkippedRanges(tu, file);
  unsigned nskipped = skipped ? skipped->count : 0;
  unsigned *sbeg = xmalloc((nskipped + 1) * sizeof *sbeg), *send = xmalloc((nskipped + 1) * sizeof *send);
  for (unsigned i = 0; i < nskipped; i++) {
    clang_getFileLocation(clang_getRangeStart(skipped->ranges[i]), NULL, NULL, NULL, &sbeg[i]);
    clang_getFileLocation(clang_getRangeEnd(skipped->ranges[i]), NULL, NULL, NULL, &send[i]);
  }
  size_t directive_until = 0; /* tokens before this offset belong to a directive (#define, #if, ...) */
  for (unsigned t = 0; t < tv.count; t++) {
    size_t at = tv.offsets[t];
    if (in_skipped(skipped, sbeg, send, at) || is_comment(&tv, t))
      continue;
    found_pragma p;
    memset(&p, 0, sizeof p);
    int matched = 0;
    if ((token_is(&tv, t, "#") || token_is(&tv, t, "%:")) && at >= directive_until &&
        starts_logical_line(sf, &tv, t)) {
      directive_until = directive_end(sf, at);
      matched = match_hash_pragma(sf, &tv, t, &p);
    } else if (at >= directive_until && token_is(&tv, t, "_Pragma")) {
      matched = match_operator_pragma(sf, &tv, t, &p);
    }
    if (!matched)
      continue;
    find_next_token(&tv, p.end, &p);
    VEC_PUSH(out->items, out->count, out->cap, p);
  }
  free(sbeg);
  free(send);
  if (skipped)
    clang_disposeSourceRangeList(skipped);
  token_view_free(&tv);
}

static int mentions_lsc(const char *text, size_t size) {
  for (size_t i = 0; text && i + 3 <= size; i++)
    if (text[i] == 'l' && text[i + 1] == 's' && text[i + 2] == 'c')
      return 1;
  return 0;
}

/* The headers: every included file, once, with where the main file includes it (the last entry of the
 * inclusion stack). System headers too: a folder given with -isystem may be the user's own, and a header
 * without the letters `lsc` costs one pass over its bytes. */
typedef struct header {
  CXFile file;
  CXSourceLocation included_at;
} header;

typedef struct headers {
  header *items;
  size_t count, cap;
  CXTranslationUnit tu;
  CXFile main_file;
} headers;

static void collect_header(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  headers *hs = data;
  if (depth == 0 || clang_File_isEqual(file, hs->main_file))
    return;
  for (size_t i = 0; i < hs->count; i++)
    if (clang_File_isEqual(hs->items[i].file, file))
      return;
  header h = {file, stack[depth - 1]};
  VEC_PUSH(hs->items, hs->count, hs->cap, h);
}

static void included_here(diag_sink *sink, CXTranslationUnit tu, const source_file *sf, const header *h) {
  CXString name = clang_getFileName(h->file);
  diag_at_location(sink, DIAG_NOTE, tu, sf, h->included_at, "'%s' is included here", clang_getCString(name));
  clang_disposeString(name);
}

static const header *header_of(const headers *hs, CXFile file) {
  for (size_t i = 0; i < hs->count; i++)
    if (clang_File_isEqual(hs->items[i].file, file))
      return &hs->items[i];
  return NULL;
}

/* Written pragmas in a header: each refused at its line. */
static void refuse_header_pragmas(CXTranslationUnit tu, const source_file *sf, diag_sink *sink,
                                  const header *h) {
  size_t size = 0;
  const char *text = clang_getFileContents(tu, h->file, &size);
  if (!mentions_lsc(text, size))
    return;
  CXString name = clang_getFileName(h->file);
  source_file hf;
  source_file_from_text(&hf, clang_getCString(name), text, size);
  clang_disposeString(name);
  found_pragmas in_header = {NULL, 0, 0};
  scan_written(tu, h->file, &hf, &in_header);
  for (size_t i = 0; i < in_header.count; i++) {
    diag_at(sink, DIAG_ERROR, &hf, in_header.items[i].pos.line, in_header.items[i].pos.col,
            "an lsc pragma in an included header cannot be rewritten: lsc-rewrite rewrites only the file it "
            "is given; move the loop into the .c file");
    included_here(sink, tu, sf, h);
  }
  found_pragmas_free(&in_header);
  source_file_free(&hf);
}

static int any_header_mentions_lsc(CXTranslationUnit tu, const headers *hs) {
  for (size_t i = 0; i < hs->count; i++) {
    size_t size = 0;
    const char *text = clang_getFileContents(tu, hs->items[i].file, &size);
    if (mentions_lsc(text, size))
      return 1;
  }
  return 0;
}

/* A macro use in the main file that is exactly an lsc pragma becomes one; any other use that yields one is
 * refused where it is. */
static void macro_pragma_found(CXTranslationUnit tu, CXFile main_file, const source_file *sf, diag_sink *sink,
                               const headers *hs, const macro_pragma *mp, found_pragmas *out) {
  if (!clang_File_isEqual(mp->file, main_file)) {
    const header *h = header_of(hs, mp->file);
    diag_at_location(sink, DIAG_ERROR, tu, sf, mp->loc,
                     "macro '%s' expands to an lsc pragma in an included header, which cannot be rewritten: "
                     "lsc-rewrite rewrites only the file it is given; move the loop into the .c file",
                     mp->macro);
    if (h)
      included_here(sink, tu, sf, h);
    return;
  }
  if (mp->status == MACRO_PRAGMA_MORE) {
    diag_at_offset(
        sink, DIAG_ERROR, sf, mp->start,
        "macro '%s' expands to an lsc pragma and more; the macro's use is replaced by the rewritten "
        "loop, so it must expand to the pragma alone",
        mp->macro);
    return;
  }
  if (mp->status == MACRO_PRAGMA_UNREADABLE) {
    diag_at_offset(sink, DIAG_ERROR, sf, mp->start,
                   "lsc cannot read the pragma that macro '%s' expands to; write '#pragma lsc ...' or "
                   "'_Pragma(\"lsc ...\")' before the loop instead",
                   mp->macro);
    return;
  }
  found_pragma p;
  memset(&p, 0, sizeof p);
  p.start = mp->start;
  p.end = mp->end;
  p.pos = pos_of(sf, p.start);
  p.after_lsc = p.pos;
  p.macro = xstrdup(mp->macro);
  /* The words come from the definition: every clause error points at the use. */
  pragma_lex(mp->text, strlen(mp->text), p.pos, &p.tokens);
  for (size_t i = 0; i < p.tokens.count; i++)
    p.tokens.items[i].pos = p.pos;
  p.tokens.end = p.pos;
  VEC_PUSH(out->items, out->count, out->cap, p);
}

static int by_start(const void *a, const void *b) {
  const found_pragma *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

void pragma_find_all(CXTranslationUnit tu, CXFile file, const source_file *sf, diag_sink *sink,
                     found_pragmas *out) {
  memset(out, 0, sizeof *out);
  headers hs;
  memset(&hs, 0, sizeof hs);
  hs.tu = tu;
  hs.main_file = file;
  clang_getInclusions(tu, collect_header, &hs);
  /* Every lsc pragma spells `lsc` in a file of the user: most inputs have none, and are left at that. */
  int main_mentions = mentions_lsc(sf->text, sf->len);
  if (!main_mentions && !any_header_mentions_lsc(tu, &hs)) {
    free(hs.items);
    return;
  }
  if (main_mentions)
    scan_written(tu, file, sf, out);
  for (size_t i = 0; i < hs.count; i++)
    refuse_header_pragmas(tu, sf, sink, &hs.items[i]);

  macro_pragmas mps;
  find_macro_pragmas(tu, &mps);
  /* A _Pragma written inside a macro use's arguments is that use's pragma, not another one. */
  size_t kept = 0;
  for (size_t w = 0; w < out->count; w++) {
    int inside = 0;
    for (size_t i = 0; i < mps.count && !inside; i++)
      inside = clang_File_isEqual(mps.items[i].file, file) && out->items[w].start >= mps.items[i].start &&
               out->items[w].start < mps.items[i].end;
    if (inside)
      ptok_list_free(&out->items[w].tokens);
    else
      out->items[kept++] = out->items[w];
  }
  out->count = kept;
  for (size_t i = 0; i < mps.count; i++)
    macro_pragma_found(tu, file, sf, sink, &hs, &mps.items[i], out);
  macro_pragmas_free(&mps);
  free(hs.items);

  if (out->count > 1)
    qsort(out->items, out->count, sizeof *out->items, by_start);
  if (out->count) {
    token_view tv;
    token_view_init(tu, file, sf->len, &tv);
    for (size_t i = 0; i < out->count; i++)
      if (out->items[i].macro)
        find_next_token(&tv, out->items[i].end, &out->items[i]);
    token_view_free(&tv);
  }
}

void found_pragmas_free(found_pragmas *list) {
  for (size_t i = 0; i < list->count; i++) {
    ptok_list_free(&list->items[i].tokens);
    free(list->items[i].macro);
  }
  free(list->items);
  memset(list, 0, sizeof *list);
}
