/* pragma_lex.h - splits the text of a `#pragma lsc` directive (or of a `_Pragma("lsc ...")` string) into
 * tokens that remember their line and column, so clause errors point at the clause. Pure: no libclang. */
#ifndef LSC_REWRITE_PRAGMA_LEX_H
#define LSC_REWRITE_PRAGMA_LEX_H

#include <stddef.h>

typedef struct text_pos {
  int line, col; /* 1-based */
} text_pos;

typedef enum ptok_kind { PTOK_IDENT, PTOK_NUMBER, PTOK_PUNCT, PTOK_OTHER } ptok_kind;

typedef struct ptok {
  ptok_kind kind;
  char *text;
  text_pos pos;
  int space_before; /* whitespace separated it from the previous token: kept when clause text is rebuilt */
} ptok;

typedef struct ptok_list {
  ptok *items;
  size_t count, cap;
  text_pos end; /* just past the last character: where "expected ..." errors at the end point */
} ptok_list;

/* Lexes len bytes of text whose first byte sits at `start`. Backslash-newline continues the directive. */
void pragma_lex(const char *text, size_t len, text_pos start, ptok_list *out);
void ptok_list_free(ptok_list *list);

#endif
