/* macro_range.c - main-file byte ranges of cursors whose first or last token comes out of a macro use.
 *
 * libclang maps a location inside an expansion to where the outermost use starts. For a first token that
 * is the right place; for a last token that is a macro argument (`i < BOUND(NI, ni)` ends at `ni`) the
 * extent would end where the macro's name starts, and the copied text would lose the use (or be empty). So
 * such an end is widened to the end of the whole use: the name and, when an argument list follows, the
 * list up to its matching parenthesis, read from the file's text with comments and literals skipped.
 *
 * Whole uses are what the rewriter copies, so a copied piece (a loop bound, the body) is right only when
 * every token its macro uses produce belongs to it: `#define LT_N < n` used as `i LT_N` would make the bound
 * "LT_N". That is checked against the tokens around the piece, which the parse fixes (the bound of `i < b`
 * follows `<` and precedes the header's `;`): when they are spelled in the file right next to the widened
 * text, the uses inside produce the piece and nothing more. A use that yields tokens past the end of a loop
 * (`#define END x; } y = 1`) is found as a cursor outside the loop that starts inside its text. */
#define _XOPEN_SOURCE 700
#include "support/macro_range.h"

#include "support/strbuf.h"

#include <ctype.h>
#include <string.h>

int location_in_macro(CXSourceLocation l) {
  CXFile ef = NULL, sf = NULL;
  unsigned eo = 0, so = 0;
  clang_getExpansionLocation(l, &ef, NULL, NULL, &eo);
  clang_getSpellingLocation(l, &sf, NULL, NULL, &so);
  return eo != so || !clang_File_isEqual(ef, sf);
}

static int is_ident(char c) {
  return isalnum((unsigned char)c) || c == '_';
}

/* After blanks, line splices and comments from i on. */
static size_t skip_forward(const char *t, size_t len, size_t i) {
  for (;;) {
    if (i < len && isspace((unsigned char)t[i]))
      i++;
    else if (i + 1 < len && t[i] == '\\' && (t[i + 1] == '\n' || t[i + 1] == '\r'))
      i += 2;
    else if (i + 1 < len && t[i] == '/' && t[i + 1] == '*') {
      const char *e = strstr(t + i + 2, "*/");
      i = e ? (size_t)(e - t) + 2 : len;
    } else if (i + 1 < len && t[i] == '/' && t[i + 1] == '/') {
      while (i < len && t[i] != '\n')
        i++;
    } else
      return i;
  }
}

/* Before blanks and block comments that end just before i. */
static size_t skip_backward(const char *t, size_t i) {
  for (;;) {
    if (i > 0 && isspace((unsigned char)t[i - 1]))
      i--;
    else if (i >= 2 && t[i - 2] == '*' && t[i - 1] == '/') {
      size_t j = i - 2;
      while (j >= 2 && !(t[j - 2] == '/' && t[j - 1] == '*'))
        j--;
      if (j < 2)
        return i;
      i = j - 2;
    } else
      return i;
  }
}

size_t macro_use_end(const char *text, size_t len, size_t at) {
  size_t i = at;
  while (i < len && is_ident(text[i]))
    i++;
  if (i == at)
    return at;
  size_t name_end = i;
  i = skip_forward(text, len, i);
  if (i >= len || text[i] != '(')
    return name_end;
  int depth = 0;
  for (; i < len; i++) {
    char c = text[i];
    if (c == '"' || c == '\'') {
      for (i++; i < len && text[i] != c; i++)
        if (text[i] == '\\')
          i++;
    } else if (c == '/' && i + 1 < len && (text[i + 1] == '*' || text[i + 1] == '/')) {
      i = skip_forward(text, len, i) - 1;
    } else if (c == '(') {
      depth++;
    } else if (c == ')' && --depth == 0) {
      return i + 1;
    }
  }
  return name_end;
}

void range_offsets(CXTranslationUnit tu, CXSourceRange r, size_t *begin, size_t *end) {
  CXSourceLocation first = clang_getRangeStart(r), last = clang_getRangeEnd(r);
  CXFile file = NULL;
  unsigned b = 0, e = 0;
  clang_getExpansionLocation(first, NULL, NULL, NULL, &b);
  clang_getExpansionLocation(last, &file, NULL, NULL, &e);
  if (file && location_in_macro(last)) {
    /* The last token is a macro argument: e is where the outermost use starts. */
    size_t len = 0;
    const char *text = clang_getFileContents(tu, file, &len);
    if (text && e < len)
      e = (unsigned)macro_use_end(text, len, e);
  }
  *begin = b;
  *end = e < b ? b : e;
}

char *macro_name_at(const source_file *sf, size_t at) {
  size_t i = at;
  while (i < sf->len && is_ident(sf->text[i]))
    i++;
  return i > at ? xstrndup(sf->text + at, i - at) : xstrdup("?");
}

/* Whether the text at i starts with one of the tokens in `list` (and does not go on into a longer one). */
static int token_at(const source_file *sf, size_t i, const char *const *list) {
  static const char op_chars[] = "<>=!+-*/%&|^";
  for (; *list; list++) {
    size_t n = strlen(*list);
    if (i + n <= sf->len && memcmp(sf->text + i, *list, n) == 0 &&
        !(i + n < sf->len && strchr(op_chars, sf->text[i + n]) && strchr(op_chars, (*list)[n - 1])))
      return 1;
  }
  return 0;
}

/* Whether the text just before i ends with one of the tokens in `list` (and is not the end of a longer). */
static int token_before(const source_file *sf, size_t i, const char *const *list) {
  static const char op_chars[] = "<>=!+-*/%&|^";
  for (; *list; list++) {
    size_t n = strlen(*list);
    if (n <= i && memcmp(sf->text + i - n, *list, n) == 0 &&
        !(i > n && strchr(op_chars, sf->text[i - n - 1]) && strchr(op_chars, (*list)[0])))
      return 1;
  }
  return 0;
}

int macro_piece_check(const source_file *sf, CXCursor c, size_t begin, size_t end, const char *const *before,
                      const char *const *after, size_t *culprit) {
  CXSourceRange r = clang_getCursorExtent(c);
  if (before && location_in_macro(clang_getRangeStart(r)) &&
      !token_before(sf, skip_backward(sf->text, begin), before)) {
    *culprit = begin;
    return -1;
  }
  if (after && !token_at(sf, skip_forward(sf->text, sf->len, end), after)) {
    /* The use that holds the last token starts where libclang places that token. */
    unsigned at = 0;
    clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &at);
    *culprit = location_in_macro(clang_getRangeEnd(r)) && at >= begin && at < end ? at : begin;
    return -1;
  }
  return 0;
}

typedef struct overrun_walk {
  CXCursor loop;
  size_t begin, end, culprit;
  int found;
} overrun_walk;

static enum CXChildVisitResult find_overrun(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  overrun_walk *w = data;
  /* The same statement may come back as a cursor with other parent data, so it is known by kind and extent.
   */
  if (clang_getCursorKind(c) == clang_getCursorKind(w->loop) &&
      clang_equalRanges(clang_getCursorExtent(c), clang_getCursorExtent(w->loop)))
    return CXChildVisit_Continue;
  size_t b, e;
  range_offsets(clang_Cursor_getTranslationUnit(c), clang_getCursorExtent(c), &b, &e);
  if (b > w->begin && b < w->end) {
    w->culprit = b;
    w->found = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* The main-file function definition whose text holds `at`: the place to look for the loop's neighbours. */
static enum CXChildVisitResult enclosing_definition(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  overrun_walk *w = data;
  if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
      !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  size_t b, e;
  range_offsets(clang_Cursor_getTranslationUnit(c), clang_getCursorExtent(c), &b, &e);
  if (w->begin < b || w->begin >= e)
    return CXChildVisit_Continue;
  clang_visitChildren(c, find_overrun, w);
  return CXChildVisit_Break;
}

int macro_loop_overrun(CXCursor loop, size_t begin, size_t end, size_t *culprit) {
  overrun_walk w = {loop, begin, end, 0, 0};
  CXTranslationUnit tu = clang_Cursor_getTranslationUnit(loop);
  clang_visitChildren(clang_getTranslationUnitCursor(tu), enclosing_definition, &w);
  *culprit = w.culprit;
  return w.found ? -1 : 0;
}
