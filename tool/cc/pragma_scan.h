/* Decides whether a C source needs lsc-rewrite: does it, or a header it includes from the user's folders,
 * hold a `#pragma lsc` directive, a `_Pragma("lsc ...")` operator (in a macro too), or a stringizing
 * `_Pragma(#x)` macro along with the word lsc (`DO_PRAGMA(lsc parallel for)`)? Works on C tokens, so the
 * words in a comment or a string literal do not count. Conditional compilation is not evaluated: a pragma
 * under `#if 0` still counts, which costs only a rewrite that changes nothing. A file that holds lsc pragmas
 * must never be compiled as it is: it would run whole on every rank. */
#ifndef LSC_CC_PRAGMA_SCAN_H
#define LSC_CC_PRAGMA_SCAN_H

#include "str_list.h"

#include <stddef.h>

/* Where headers are looked for, from the command line: -iquote folders (quoted includes only), the -I,
 * -isystem and -idirafter folders in order, and the files of -include and -imacros. */
typedef struct include_search {
  str_list quote_dirs, dirs, forced;
} include_search;

/* 1 when the text holds an lsc pragma (headers not followed), 0 when not. */
int text_has_lsc_pragma(const char *text, size_t length);
/* The file with the headers it includes: 1, 0, or -1 when the file cannot be read (errno tells why). */
int source_has_lsc_pragma(const char *path, const include_search *search);

#endif
