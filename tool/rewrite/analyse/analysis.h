/* analysis.h - what the analysis of one marked loop learns, shared by its stages:
 *   loop_header.c  canonical form of the `for`
 *   body_scan.c    walks the body: array accesses, control flow (body_vars.c, body_calls.c, body_loops.c)
 *   expr_poly.c    integer expressions -> polynomials (subscripts, inner loop bounds)
 *   callees.c      same-file functions the body calls: the globals they read
 *   footprints.c   per-array footprints, dependence tests, the final role of every variable
 *   nest_header.c  `pipeline for`: the perfect nest of its two outer loops
 *   nest_depend.c  `pipeline for`: distance vectors, dep_rows, skew and the boundary cells
 *   sync_value.c   `pipeline for`: the value of sync(h)
 *   analyse.c      runs them in order
 * plan.c and emit.c only read the result. The analysis records diagnostics and never prints. */
#ifndef LSC_REWRITE_ANALYSIS_H
#define LSC_REWRITE_ANALYSIS_H

#include "clause/clause.h"
#include "support/depend.h"
#include "support/diag.h"
#include "support/poly.h"
#include "support/source_file.h"

#include <clang-c/Index.h>
#include <stdint.h>

typedef enum cmp_kind { CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_NE } cmp_kind; /* same order as LSC_CMP_* */

typedef struct loop_header {
  CXCursor iv; /* VarDecl or ParmDecl of the induction variable */
  char *iv_name, *iv_type;
  int iv_declared_in_init;                   /* for (int i = ...): no value to restore after the loop */
  CXCursor init_expr, bound_expr, step_expr; /* step_expr null for ++ / -- */
  char *init_text, *bound_text, *step_text;  /* step_text is signed: "1", "-2", "-(s)" */
  cmp_kind cmp;
  int init_known, bound_known, step_known;
  int64_t init, bound, step;
  CXCursor body;
  size_t body_begin, body_end; /* body bytes; an unbraced body includes its `;` */
  size_t loop_begin, loop_end; /* the whole `for` statement */
} loop_header;

typedef enum atom_kind {
  ATOM_K,      /* the logical iteration k of lsc_body */
  ATOM_IV,     /* the user's induction variable */
  ATOM_INNER,  /* an inner loop's induction variable */
  ATOM_SYMBOL, /* a loop-invariant integer variable */
  ATOM_TEXT    /* an opaque loop-invariant expression (a VLA bound, a non-constant init or step) */
} atom_kind;

typedef struct atom {
  atom_kind kind;
  char *text; /* C spelling, valid at the loop */
  int var;    /* SYMBOL / INNER: index into vars; -1 otherwise */
} atom;

/* Access modes, as bits. */
enum { MODE_READ = 1, MODE_WRITE = 2, MODE_RW = 3 };

typedef enum var_role {
  ROLE_NONE,         /* not moved: private to the body, the induction variable, a const global */
  ROLE_CAPTURED,     /* scalar read: by value (locals) or through bind (globals) */
  ROLE_PRIVATE,      /* private(x): uninitialised copy in the body */
  ROLE_FIRSTPRIVATE, /* firstprivate(x): initialised copy */
  ROLE_REDUCTION,
  ROLE_ARRAY
} var_role;

enum { MAX_DIMS = 8 };

typedef struct body_var {
  CXCursor decl;
  char *name;
  CXType type;
  int storage; /* 0 automatic or parameter, 1 file scope, 2 static local */
  int inside;  /* declared inside the loop body: private by construction */
  int is_iv;
  int array_like; /* array or pointer to data */
  int read, written, addressed;
  size_t first_write, first_read;
  int body_writes; /* writes outside any header that owns the variable */
  size_t first_body_write;
  int via_callee;    /* a global reached only through a called function */
  size_t callee_use; /* call site that reaches it */
  int symbol_atom;   /* atom when used in a subscript, -1 */
  int clause_role;   /* ROLE_* named by a clause, or ROLE_NONE */
  reduction_op op;
  const clause_item *data_clause_in, *data_clause_out; /* in/out/inout items naming it */
  /* filled by footprints.c */
  var_role role;
  unsigned flags; /* LSC_VAR_* for arrays, LSC_VAR_INDIRECT for globals */
  int ndims;
  poly dims[MAX_DIMS];      /* extents of dimensions 1..ndims-1 (dimension 0 unused for pointers) */
  char *dim_text[MAX_DIMS]; /* their C spelling */
  int is_pointer;           /* dimension 0 unknown */
  char *elem_type;          /* element type spelling */
  int extent_known;
  poly extent;
  footprint in, out;
  int used_in_body; /* needs a declaration in lsc_body */
  /* pipeline for: what iteration (k1, k2) writes, when later rows read it (an lsc_cell_slice) */
  int boundary;
  poly cell_a1, cell_a2, cell_b, cell_c1, cell_c2, cell_d;
} body_var;

typedef struct access_rec {
  int var;
  int mode;
  int affine;
  poly index;          /* flattened element index in IV, inner and symbol atoms */
  poly subs[MAX_DIMS]; /* the same, one polynomial per subscript (pipeline dependences) */
  int nsubs;
  int frames[MAX_DIMS];
  int nframes;
  int conditional;   /* under if/while/?:/&&/|| or in a loop lsc cannot bound */
  int partial_write; /* a member of the element, not the element */
  int whole;         /* non-subscript use (a call argument): the whole array */
  size_t offset;
  access_shape shape; /* in k, filled by footprints.c */
} access_rec;

typedef struct inner_frame {
  int var;
  int atom;
  int valid;
  poly lo, hi; /* inclusive range of the inner variable */
  int64_t step;
} inner_frame;

typedef enum dep_kind { DEP_FLOW, DEP_ANTI, DEP_OUTPUT } dep_kind;

/* A dependence between two iterations of a pipelined nest, from the earlier to the later, in logical
 * iterations (k1 of the scheduling loop, k2 of the synchronization loop). */
typedef struct nest_dep {
  int var;
  dep_kind kind;
  int64_t d1, d2;
} nest_dep;

typedef struct nest_info {
  loop_header inner; /* the synchronization loop */
  int inner_read;    /* inner holds strings to free */
  int j_atom;        /* its induction variable as an ATOM_INNER; -1 when its range is unknown */
  int k2_atom;       /* lsc_k2, the row function's logical column */
  nest_dep *deps;
  size_t ndeps, deps_cap;
  int64_t dep_rows, skew;
  int64_t sync; /* sync(h) folded; 0: auto */
} nest_info;

typedef struct analysis {
  const source_file *sf;
  diag_sink *sink;
  CXTranslationUnit tu;
  const lsc_pragma *pragma;
  size_t pragma_offset;
  CXCursor for_stmt;
  loop_header h;
  int for_line;

  atom *atoms;
  size_t natoms, atoms_cap;
  int k_atom, iv_atom;

  body_var *vars;
  size_t nvars, vars_cap;
  access_rec *accesses;
  size_t naccesses, accesses_cap;
  inner_frame *frames;
  size_t nframes, frames_cap;

  /* walk state */
  int stack[MAX_DIMS];
  int nstack;
  int cond_depth, break_depth, loop_depth, in_header_of;
  int has_jumps;
  size_t body_begin, body_end;

  /* callees already analysed: declarations of same-file functions */
  CXCursor *visited_fns;
  size_t nvisited, visited_cap;

  /* references of reduction variables that belong to an allowed update (s += e, s = s + e) */
  size_t *reduction_reads;
  size_t nreduction_reads, reduction_reads_cap;

  int64_t trips; /* -1 unknown */
  int failed;

  int pipeline; /* `#pragma lsc pipeline for` */
  nest_info nest;
} analysis;

/* loop_header.c: 0 when `for_stmt` is canonical; otherwise -1, with an error recorded when report is set. */
int loop_header_read(analysis *an, CXCursor for_stmt, loop_header *h, int report);
void loop_header_free(loop_header *h);
/* Assignments, increments or calls anywhere in c. */
int expr_has_side_effects(CXCursor c);

/* expr_poly.c */
poly expr_poly(analysis *an, CXCursor expr);
int atom_add(analysis *an, atom_kind kind, const char *text, int var);
const char *atom_spelling(int atom, void *an);

/* body_scan.c */
int var_index(analysis *an, CXCursor decl);
void scan_body(analysis *an);
void walk_expr(analysis *an, CXCursor c, int mode);
void array_shape(analysis *an, body_var *v);

/* callees.c: called for each call in the body */
void scan_call(analysis *an, CXCursor call);
int callee_is_nonlocal_jump(const char *name);

/* reduction_use.c: updates of reduction variables must have the operator's form, and no other read. */
void reduction_check_assignment(analysis *an, CXCursor assignment, CXCursor lhs, CXCursor rhs);
void reduction_check_step(analysis *an, CXCursor increment, CXCursor operand);
void reduction_check_read(analysis *an, body_var *v, CXCursor ref);

/* footprints.c */
void resolve_variables(analysis *an);
int type_holds_pointers(CXType t);
/* The induction variable as a polynomial in the logical iteration: init + k*step. */
poly iv_in_k(analysis *an);
/* [min, max] of the access's index over its enclosing inner loops but the one of atom `keep` (-1: none). */
int sweep_inner_loops(const analysis *an, const access_rec *a, int keep, poly *lo, poly *hi);
/* Whether p's symbols are loop-invariant and its inner loop variables move only through their own loop. */
int atoms_usable(const analysis *an, const poly *p);

/* nest_header.c: `pipeline for` takes a perfect nest of depth >= 2; reads the synchronization loop. 0/-1. */
int nest_read(analysis *an);
/* Whether a loop body is a single `for` loop: a nest `pipeline for` could take. */
int body_is_loop_nest(CXCursor body);
/* After the body scan: the synchronization loop's range, its bounds' invariance, no break out of it. */
int nest_check(analysis *an);

/* sync_value.c: folds sync(h) (literals and object-like macros) into nest.sync. 0 or -1. */
int nest_sync_value(analysis *an);

/* nest_depend.c: distance vectors, refusals, dep_rows, skew and each array's boundary cells. */
void nest_dependences(analysis *an);

/* analyse.c */
void analysis_init(analysis *an, const source_file *sf, diag_sink *sink, CXTranslationUnit tu,
                   const lsc_pragma *pragma, size_t pragma_offset, CXCursor for_stmt);
/* 0 when the loop can be rewritten. */
int analyse_loop(analysis *an);
void analysis_free(analysis *an);

/* Records an error and marks the analysis failed. */
void an_error(analysis *an, size_t offset, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void an_note(analysis *an, size_t offset, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void an_diag(analysis *an, diag_level level, size_t offset, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
