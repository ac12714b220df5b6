/* loop_header.h - the header step: a `for` in the canonical form lsc runs (one integer induction variable,
 * initialised, compared with a bound by < <= > >= !=, stepped by a constant or loop-invariant amount). */
#ifndef LSC_REWRITE_ANALYSE_LOOP_HEADER_H
#define LSC_REWRITE_ANALYSE_LOOP_HEADER_H

#include "analyse/result.h"
#include "support/cursor_util.h"

/* 0 when `for_stmt` is canonical; otherwise -1, with an error recorded when report is set. */
int loop_header_read(analysis *an, CXCursor for_stmt, loop_header *h, int report);
void loop_header_free(loop_header *h);
/* The init, condition, increment and body of any `for` (null where missing); -1 when the header cannot be
 * read. */
int loop_header_parts(const analysis *an, CXCursor for_stmt, CXCursor *init, CXCursor *cond, CXCursor *inc,
                      CXCursor *body);
/* Assignments, increments or calls anywhere in c. */
int expr_has_side_effects(CXCursor c);
/* The statements of a body: a compound statement's children, or the statement itself. */
void body_statements(CXCursor body, cursor_list *out);
/* Whether a loop body is a single `for` loop: a nest `pipeline for` could take. */
int body_is_loop_nest(CXCursor body);

#endif
