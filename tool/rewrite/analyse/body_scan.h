/* body_scan.h - shared by the files that walk a loop body (body_scan.c: expressions and statements,
 * body_vars.c: the variables it meets, body_calls.c: call arguments, body_loops.c: inner loops). */
#ifndef LSC_REWRITE_BODY_SCAN_H
#define LSC_REWRITE_BODY_SCAN_H

#include "analyse/analysis.h"

/* Walk modes beyond MODE_READ/WRITE/RW: how a bare array name is used. */
enum { MODE_ADDRESS = 8, MODE_ARG_CONST = 16, MODE_ARG_MUTABLE = 32 };

void walk_children(analysis *an, CXCursor c, int mode);
/* A use of a variable: a scalar read or write, or an array name used whole (callee: for messages). */
void reference(analysis *an, CXCursor ref, int mode, const char *callee);
void add_access(analysis *an, access_rec *a);
void note_scalar_use(analysis *an, body_var *v, int mode, size_t at);
void call_arguments(analysis *an, CXCursor call);
void inner_loop(analysis *an, CXCursor c);

#endif
