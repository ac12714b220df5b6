/* macro_range.h - main-file byte ranges of cursors whose first or last token comes out of a macro use, and
 * the checks that a piece of text the rewriter copies holds whole macro uses and nothing else. */
#ifndef LSC_REWRITE_MACRO_RANGE_H
#define LSC_REWRITE_MACRO_RANGE_H

#include "support/source_file.h"

#include <clang-c/Index.h>
#include <stddef.h>

/* 1 when l lies inside a macro expansion (its spelling is not where the file has it). */
int location_in_macro(CXSourceLocation l);

/* The end of the macro use whose name starts at `at` in text: after the name and, when a parenthesised
 * argument list follows it, after that list. `at` itself when no identifier starts there. */
size_t macro_use_end(const char *text, size_t len, size_t at);

/* [begin, end) of r in the main file, at the expansion site, widened so that a range that starts or ends
 * inside a macro use covers the whole use. */
void range_offsets(CXTranslationUnit tu, CXSourceRange r, size_t *begin, size_t *end);

/* Whether the text [begin, end) of c, which the rewriter copies on its own, holds exactly c's tokens: when
 * c starts inside a macro use, the text just before `begin` must be one of `before` (the token that comes
 * before c in the parse, spelled in the file); the text just after `end` must always be one of `after`
 * (NULL-terminated lists; a NULL list skips that side). Returns 0, or -1 with *culprit at the macro use
 * that mixes c's tokens with others. */
int macro_piece_check(const source_file *sf, CXCursor c, size_t begin, size_t end, const char *const *before,
                      const char *const *after, size_t *culprit);

/* The identifier that starts at `at` (a macro's name), fresh string; "?" when none does. */
char *macro_name_at(const source_file *sf, size_t at);

/* Whether a macro use at the end of `loop` also yields tokens that belong after it (`#define END x; } y =
 * 1`): returns 0 when every other cursor of the enclosing function that starts after `begin` starts at or
 * after `end`; -1 with *culprit at the first that does not. */
int macro_loop_overrun(CXCursor loop, size_t begin, size_t end, size_t *culprit);

#endif
