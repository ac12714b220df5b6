/* pragma_find.h - finds `#pragma lsc ...` and `_Pragma("lsc ...")` in the main file. Unknown pragmas
 * never become cursors, so this works on tokens: comments, strings and `#if 0` blocks are skipped. */
#ifndef LSC_REWRITE_PRAGMA_FIND_H
#define LSC_REWRITE_PRAGMA_FIND_H

#include "find/pragma_lex.h"
#include "support/source_file.h"

#include <clang-c/Index.h>

typedef struct found_pragma {
  size_t start;       /* first byte of `#` or `_Pragma` */
  size_t end;         /* just past the directive (its newline excluded) or the closing parenthesis */
  text_pos pos;       /* of `#` / `_Pragma` */
  text_pos after_lsc; /* where the directive's words begin */
  ptok_list tokens;   /* the words after `lsc` */
  int has_next;       /* a token follows the pragma */
  size_t next_offset; /* that token */
  int next_is_for;
} found_pragma;

typedef struct found_pragmas {
  found_pragma *items;
  size_t count, cap;
} found_pragmas;

void pragma_find_all(CXTranslationUnit tu, CXFile file, const source_file *sf, found_pragmas *out);
void found_pragmas_free(found_pragmas *list);

#endif
