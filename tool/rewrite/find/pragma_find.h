/* pragma_find.h - finds every lsc pragma: `#pragma lsc ...` and `_Pragma("lsc ...")` written in the main
 * file or produced there by a macro; those in included headers are refused (they cannot be rewritten).
 * Unknown pragmas never become cursors, so this works on tokens: comments, strings and `#if 0` blocks are
 * skipped. */
#ifndef LSC_REWRITE_PRAGMA_FIND_H
#define LSC_REWRITE_PRAGMA_FIND_H

#include "find/pragma_lex.h"
#include "support/diag.h"
#include "support/source_file.h"

#include <clang-c/Index.h>

typedef struct found_pragma {
  size_t start;       /* first byte of `#` or `_Pragma`, or of the macro use that expands to the pragma */
  size_t end;         /* just past the directive (its newline excluded), the closing parenthesis, the use */
  char *macro;        /* the macro whose use is the pragma, or NULL when the pragma is written out */
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

/* The pragmas of the main file (`file`, whose text is sf) in source order; refusals (pragmas in headers,
 * macro uses that are more than the pragma or that lsc cannot read) are recorded in the sink. */
void pragma_find_all(CXTranslationUnit tu, CXFile file, const source_file *sf, diag_sink *sink,
                     found_pragmas *out);
void found_pragmas_free(found_pragmas *list);

#endif
