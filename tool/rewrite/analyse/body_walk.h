/* body_walk.h - the state of one walk over a loop body, private to the two files that walk:
 * body_scan.c (the recursive walk over statements and expressions) and body_record.c (what a visited node
 * records in the result: variable uses and array accesses). Nothing of it outlives the walk. */
#ifndef LSC_REWRITE_ANALYSE_BODY_WALK_H
#define LSC_REWRITE_ANALYSE_BODY_WALK_H

#include "analyse/callees.h"
#include "analyse/expr_poly.h"
#include "analyse/reduction_use.h"
#include "analyse/result.h"

/* Walk modes beyond MODE_READ/WRITE/RW: how a bare array name is used. */
enum { MODE_ADDRESS = 8, MODE_ARG_CONST = 16, MODE_ARG_MUTABLE = 32 };

typedef struct body_walk {
  analysis *an;
  int stack[MAX_DIMS]; /* the bounded inner loops around the node, outermost first: indices into frames */
  int nstack;
  int cond_depth;   /* > 0: under a condition, or in a loop lsc cannot bound (may run any number of times) */
  int break_depth;  /* > 0: inside a loop or switch of the body, where `break` stays in the body */
  int in_header_of; /* the frame whose header is being walked (its own increments are not body writes); -1 */
  callee_visits callees;
  reduction_reads reductions;
} body_walk;

/* The inner loops around the node, for expr_poly. */
loop_scope walk_scope(const body_walk *w);

/* body_record.c */
void note_scalar_use(body_walk *w, body_var *v, int mode, size_t at);
void add_access(body_walk *w, access_rec *a);
/* A use of a variable: a scalar read or write, or an array name used whole (callee: for messages). */
void reference(body_walk *w, CXCursor ref, int mode, const char *callee);
/* x[s0][s1]... (subscripts already walked): one element access of the named array at the flattened index. */
void element_access(body_walk *w, CXCursor root_ref, const CXCursor *subs, int nsubs, int mode, size_t at,
                    int partial);
/* *p: p[0] of a pointer or array variable (vi). */
void pointer_access(body_walk *w, int vi, int mode, int partial, size_t at);
/* &a[i] outside a call: refused for arrays lsc would move; 0 when the walk should go on into the subscript.
 */
int element_address_refused(body_walk *w, CXCursor subscript_expr);
/* Checks of single nodes: a declaration inside the body, sizeof of a local array, a type or enum declared in
 * the enclosing function. */
void local_declaration_check(body_walk *w, CXCursor var);
void sizeof_check(body_walk *w, CXCursor c);
void type_reference_check(body_walk *w, CXCursor c);

#endif
