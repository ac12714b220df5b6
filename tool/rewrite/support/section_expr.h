/* section_expr.h - reads the bounds of a data clause's array section (`in(a[i*n : n])`) as a polynomial.
 * Grammar: sums and products of integer literals, identifiers and parenthesised sub-expressions, with
 * unary minus. Pure: the caller maps each identifier to an atom. */
#ifndef LSC_REWRITE_SECTION_EXPR_H
#define LSC_REWRITE_SECTION_EXPR_H

#include "support/poly.h"

/* Returns the atom of an identifier, or -1 when the name is unknown (the parse then fails). */
typedef int (*section_ident_atom)(const char *name, void *ctx);

/* 0 and *out set when text is such an expression; -1 otherwise. */
int section_expr_parse(const char *text, section_ident_atom lookup, void *ctx, poly *out);
/* 1 when identifier `name` occurs in text as a whole token. */
int section_expr_mentions(const char *text, const char *name);

#endif
