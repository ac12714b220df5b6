/* macro_pragma.h - `_Pragma("lsc ...")` that comes out of a macro expansion (`#define PAR
 * _Pragma("lsc parallel for")`, or `_Pragma(#x)` with the words as an argument). libclang keeps no pragma
 * the preprocessor produced and hands out no expanded tokens, so the expansions recorded in the
 * preprocessing record are expanded again here, from the macro definitions, far enough to read the
 * pragma's string. */
#ifndef LSC_REWRITE_MACRO_PRAGMA_H
#define LSC_REWRITE_MACRO_PRAGMA_H

#include <clang-c/Index.h>
#include <stddef.h>

typedef enum macro_pragma_status {
  MACRO_PRAGMA_OK,        /* the expansion is exactly one _Pragma("lsc ...") */
  MACRO_PRAGMA_MORE,      /* an lsc pragma and other tokens: the use cannot be replaced by the loop */
  MACRO_PRAGMA_UNREADABLE /* a _Pragma whose operand the expander could not reduce to a string, near `lsc` */
} macro_pragma_status;

typedef struct macro_pragma {
  macro_pragma_status status;
  CXFile file;          /* where the macro is used (the main file or a header) */
  size_t start, end;    /* the use, `NAME` or `NAME(args)`: byte offsets in that file */
  CXSourceLocation loc; /* of the use */
  char *macro;          /* the macro's name */
  char *text;           /* MACRO_PRAGMA_OK: the pragma's words after `lsc` */
} macro_pragma;

typedef struct macro_pragmas {
  macro_pragma *items;
  size_t count, cap;
} macro_pragmas;

/* Every macro use whose expansion holds an lsc pragma, in translation order. A use
 * inside the arguments of another such use is left out: the outer one is the pragma. */
void find_macro_pragmas(CXTranslationUnit tu, macro_pragmas *out);
void macro_pragmas_free(macro_pragmas *list);
/* Whether a pragma's text (the words inside _Pragma's string, unescaped) starts with the word `lsc`; *rest
 * is set just past it. */
int text_is_lsc_pragma(const char *text, const char **rest);
/* The text of a string literal token as _Pragma reads it (C11 6.10.9): prefix and quotes gone, \" and \\
 * unescaped. NULL when the token is not a string literal. */
char *destringize(const char *literal);

#endif
