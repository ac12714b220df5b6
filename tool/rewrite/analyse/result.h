/* result.h - what the analysis of one marked loop learns: its result, in the parts that the steps of
 * analyse.c fill one after another. Each part names its step; a step writes its own part (and the shared
 * tables of atoms and variables) and reads the parts before it. Plan and emit only read the result, through a
 * const pointer. The state of a walk (the inner loops around the node being visited, the conditions it sits
 * under, the callees already visited) never lives here: it stays in the file that walks (body_walk.h).
 *
 *   inputs        the loop, its pragma, where diagnostics go                  analyse.c (analysis_init)
 *   header        the canonical form of the `for` (and a nest's inner `for`)  loop_header.c, nest_header.c
 *   variables     every variable the loop touches, its uses, every access     body_scan.c and its helpers
 *   footprints    each variable's role, each array's slices per iteration     roles.c, array_slices.c
 *   dependences   DOALL: none may exist (doall_depend.c); pipeline: distances nest_depend.c
 *   reductions    a reduction variable's role and operator (variables part), its update forms checked
 *                 during the walk (reduction_use.c) */
#ifndef LSC_REWRITE_ANALYSE_RESULT_H
#define LSC_REWRITE_ANALYSE_RESULT_H

#include "clause/clause.h"
#include "support/depend.h"
#include "support/diag.h"
#include "support/int_type.h"
#include "support/poly.h"
#include "support/source_file.h"

#include "lsc.h"
#include <clang-c/Index.h>
#include <stdint.h>

typedef struct loop_header {
  CXCursor iv; /* VarDecl or ParmDecl of the induction variable */
  char *iv_name, *iv_type;
  int iv_declared_in_init;                   /* for (int i = ...): no value to restore after the loop */
  CXCursor init_expr, bound_expr, step_expr; /* step_expr null for ++ / -- */
  CXCursor cmp_operand;         /* i as the comparison sees it: converted to the comparison type */
  char *init_text, *bound_text; /* the user's text */
  int step_negated;             /* i -= s, i = i - s */
  int cmp;                      /* LSC_CMP_* of lsc.h: one definition for rewriter and runtime */
  int init_known, bound_known, step_known;
  /* How C types the loop (iv_types.c): T, the comparison's type C, and the known values converted as C does:
   * init as a T, bound as a C, step as a signed number of T's width (`unsigned i; i -= 3` steps by -3). */
  int_type iv_int, cmp_int;
  char *cmp_type; /* C's spelling, for messages */
  int64_t init, bound, step;
  int init_integer;  /* init has an integer type (else it is converted to T in the generated code) */
  int init_fits;     /* init's polynomial is i's first value: the conversion to T keeps it, no wrap inside */
  int bound_fits;    /* every value of the bound's type is a C: its polynomial is the bound compared */
  char *init_arg;    /* lsc_iv_trip_count's init: the text, cast to T when it is not an integer */
  char *step_arg;    /* lsc_iv_trip_count's step: "1", "-3", "(s)", "0 - (uint64_t)(s)" */
  char *init_k_text; /* i's first value as C text for slices: the user's text, or "(T)(text)" */
  char *step_k_text; /* the step as a signed C value for slices: "(s)", "((int64_t)(int32_t)(...))" */
  int may_wrap;      /* not proven: the values i takes in one run of the loop may wrap around T's range */
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
  /* What the variable is: vars.c, when the variable is first met. */
  CXCursor decl;
  char *name;
  CXType type;
  int storage; /* 0 automatic, parameter or static local of the enclosing function (vars.c), 1 file
                  scope, 2 static local declared in the body */
  int inside;  /* declared inside the loop body: private by construction */
  int is_iv;
  int array_like;  /* array or pointer to data */
  int clause_role; /* ROLE_* named by a clause, or ROLE_NONE */
  int noalias;     /* a `restrict` pointer, or named in noalias(...): overlaps none of the loop's arrays */
  const clause_item *noalias_clause; /* the noalias(...) item naming it */
  reduction_op op;
  const clause_item *data_clause_in, *data_clause_out; /* in/out/inout items naming it */
  /* Its shape, from the declared type: vars.c (array_shape), on the first subscript or at the footprints. */
  int ndims;
  poly dims[MAX_DIMS];      /* extents of dimensions 1..ndims-1 (dimension 0 unused for pointers) */
  char *dim_text[MAX_DIMS]; /* their C spelling */
  int is_pointer;           /* dimension 0 unknown */
  char *elem_type;          /* element type spelling */
  int extent_known;
  poly extent;

  /* How the body uses it: the walk (body_scan.c and its helpers, callees.c, expr_poly.c). */
  int read, written, addressed;
  size_t first_write, first_read;
  int body_writes; /* writes outside any header that owns the variable */
  size_t first_body_write;
  int via_callee;    /* a global reached only through a called function */
  size_t callee_use; /* call site that reaches it */
  int symbol_atom;   /* atom when used in a subscript, -1 */
  int used_in_body;  /* needs a declaration in lsc_body */

  /* Whether each iteration writes it before reading it: privatize.c, for scalars the body writes. */
  int exposed;       /* some read may see a value from before the iteration (the previous iteration's) */
  size_t exposed_at; /* the first such read */
  int must_written;  /* every path through an iteration writes it */
  int live_after;    /* the enclosing function may read it after the loop */
  size_t live_at;    /* a read after the loop, for messages */
  int auto_private;  /* found private without a clause */
  /* Array reductions (array_reduction.c, before the walk): how the body uses the array's elements. */
  int upd_count;          /* updates x[e] op= v, x[e]++ */
  int upd_op;             /* their common operator (reduction_op), -1 none yet, -2 mixed */
  int upd_other;          /* other uses of x */
  size_t upd_other_at;    /* the first of them */
  int upd_data_subscript; /* some update's subscript depends on data (x[key[i]], x[b] with b from the body) */
  int red_inferred;       /* a reduction found without a clause */
  int64_t red_count;      /* elements of the reduced array or section */
  int red_len_run_time;   /* a section [0:len] of run-time len: red_count is the declared size, len <= it */
  const clause_item *red_item; /* the reduction item naming it */
  int lastprivate;             /* the value of the last iteration is copied back after the loop */

  /* What moves, and how: the footprints (roles.c, array_slices.c). */
  var_role role;
  unsigned flags; /* LSC_VAR_* for arrays, LSC_VAR_INDIRECT for globals */
  footprint in, out;
  /* Footprints that are unions (slice_lists.c): further slices after in and out, strided ones included. */
  int nin_more, nout_more;
  footprint in_more[LSC_MORE_SLICES], out_more[LSC_MORE_SLICES];
  int inbounds_rule; /* subscripts.c: 1 the proof rests on C's in-bounds rule for arrays of arrays; 2 it is
                        by rows, every subscript after the first proved inside its dimension */
  char *dim_spelling[MAX_DIMS]; /* the dimensions as the declaration spells them ("NJ"), for messages */

  /* pipeline for, what iteration (k1, k2) writes when later rows read it (an lsc_cell_slice): nest_depend.c
   */
  int boundary;
  poly cell_a1, cell_a2, cell_b, cell_c1, cell_c2, cell_d;
} body_var;

typedef struct access_rec {
  /* Recorded by the walk. */
  int var;
  int mode;
  int affine;
  poly index;          /* flattened element index in IV, inner and symbol atoms */
  poly subs[MAX_DIMS]; /* the same, one polynomial per subscript (pipeline dependences) */
  int nsubs;
  int frames[MAX_DIMS]; /* the inner loops around the access, outermost first: indices into frames */
  int nframes;
  int conditional;   /* under if/while/?:/&&/|| or in a loop lsc cannot bound */
  int partial_write; /* a member of the element, not the element */
  int whole;         /* non-subscript use (a call argument): the whole array */
  size_t offset;
  /* In k: footprint.c (shape_access), for the footprints and dependences. */
  access_shape shape;
  /* An array of arrays with every subscript given (subscripts.c, shape_subscripts): each subscript's range
   * in one iteration (iv terms, inclusive), its shape in k, and the subscripts d >= 1 that lsc cannot prove
   * inside [0, dims[d]) (bit d of `outside`), which the in-bounds rule then bounds. */
  int has_dims;
  poly dim_lo[MAX_DIMS], dim_hi[MAX_DIMS];
  access_shape dim_shape[MAX_DIMS];
  unsigned outside;
  int clipped; /* the footprint is the dimension's, not the loop's: not every element is written */
  /* The subscripts' text in the main file, for the checked run; sub_begin SIZE_MAX: made by a macro. */
  size_t sub_begin[MAX_DIMS], sub_end[MAX_DIMS];
} access_rec;

/* An inner canonical loop of the body whose range lsc can bound. */
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
  /* header: nest_header.c (nest_read), sync_value.c */
  loop_header inner; /* the synchronization loop */
  int inner_read;    /* inner holds strings to free */
  int64_t sync;      /* sync(h) folded; 0: auto */
  /* after the walk: nest_header.c (nest_check) */
  int j_atom;  /* its induction variable as an ATOM_INNER; -1 when its range is unknown */
  int k2_atom; /* lsc_k2, the row function's logical column */
  /* dependences: nest_depend.c */
  nest_dep *deps;
  size_t ndeps, deps_cap;
  int64_t dep_rows, skew;
} nest_info;

typedef struct analysis {
  /* inputs */
  const source_file *sf;
  diag_sink *sink;
  CXTranslationUnit tu;
  const lsc_pragma *pragma;
  size_t pragma_offset;
  CXCursor for_stmt;
  int pipeline; /* `#pragma lsc pipeline for` */
  int failed;   /* an error was recorded (report.c) */

  /* header */
  loop_header h;
  int for_line;
  int64_t trips; /* when init, bound and step are constants; -1 unknown */
  /* The induction variable's values in any iteration, inclusive, after the walk (subscripts.c). */
  int iv_bounded;
  poly iv_lo, iv_hi;

  /* variables: shared tables, grown by the walk and (atoms) by the later steps */
  atom *atoms;
  size_t natoms, atoms_cap;
  int k_atom, iv_atom;
  /* The induction variable as init + k*step (footprint.c iv_in_k), computed once before the footprints:
   * its init and step may name variables the body does not, and adding them to vars later would move the
   * table under the body_var pointers the footprint steps hold. */
  int iv_k_ready;
  poly iv_k;
  int vars_frozen; /* resolve_variables is running: var_index must not grow vars */
  body_var *vars;
  size_t nvars, vars_cap;
  access_rec *accesses;
  size_t naccesses, accesses_cap;
  inner_frame *frames;
  size_t nframes, frames_cap;
  int has_jumps;       /* break, continue or goto inside the body: an iteration may skip its writes */
  body_var *pass_vars; /* the records of the array-reduction pass, before the walk (array_reduction.c) */
  size_t npass_vars;
  /* The first inner loop left without a range by C's types (inner_loops.c): its body's bytes and why, for a
   * note on the accesses that could not be sliced there. */
  size_t typed_inner_begin, typed_inner_end, typed_inner_at; /* at: its condition */
  char *typed_inner_why;
  /* The first reason a chunk may not run twice (callees.c: I/O, a call lsc cannot see, per-process state), or
   * NULL: the body's only effects are its outputs, so a chunk may run twice (lsc_site.reissue_unsafe). */
  char *reissue_unsafe;

  /* dependences of a pipelined nest, with its header */
  nest_info nest;
} analysis;

#endif
