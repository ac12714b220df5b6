/* Decides whether a C source needs lsc-rewrite: does it hold a `#pragma lsc` directive or a
 * `_Pragma("lsc ...")` operator? Works on C tokens, so the words in a comment or a string literal do not
 * count. Conditional compilation is not evaluated: a pragma under `#if 0` still counts, which costs only a
 * rewrite that changes nothing. */
#ifndef LSC_CC_PRAGMA_SCAN_H
#define LSC_CC_PRAGMA_SCAN_H

#include <stddef.h>

/* 1 when the text holds an lsc pragma, 0 when not. */
int text_has_lsc_pragma(const char *text, size_t length);
/* Same for a file: 1, 0, or -1 when it cannot be read (errno tells why). */
int file_has_lsc_pragma(const char *path);

#endif
