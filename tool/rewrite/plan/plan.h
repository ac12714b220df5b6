/* plan.h - turns the analysis of one loop into the pieces of generated C: env fields, how each is filled
 * (at the loop or by bind), how the body declares it, and its lsc_var descriptor. Emit only concatenates. */
#ifndef LSC_REWRITE_PLAN_H
#define LSC_REWRITE_PLAN_H

#include "analyse/result.h"

typedef struct plan_field {
  char *field;       /* member of the env struct ("int n;"), or NULL */
  char *site_fill;   /* before the call ("lsc_env.n = n;") */
  char *bind;        /* in lsc_bind ("lsc_e->a = (void *)a;") */
  char *prologue;    /* in lsc_body before the loop ("int n = lsc_e->n;") */
  int prologue_late; /* arrays: declared after the scalars their VLA bounds use */
  char *epilogue;    /* in lsc_body after the loop ("lsc_e->s = s;") */
  char *after;       /* after the call ("s = lsc_env.s;") */
  char *descriptor;  /* the lsc_var initialiser */
  int64_t repeat;    /* > 0: the descriptor stands for `repeat` vars, one per element, `stride` bytes apart
                        (array reductions), filled by a loop after the fixed ones */
  char *stride;
  char *comment; /* what the descriptor means, for the reader of the output */
  char *remark;  /* for --remarks */
  int array_var; /* an array's field: 1 + its index in the analysis' vars; 0 otherwise */
  char *param;   /* plan_restrict.c: the array as a `restrict` parameter of the loop function, else NULL */
  char *arg;     /* its argument ("lsc_e->A") */
} plan_field;

/* A subscript the checked run verifies (plan_checks.c): the body's text [begin, end) becomes
 * `lsc_subscript((text), dim, &lsc_sub_<suffix>_<n>)`, n its index in loop_plan.checks. */
typedef struct subscript_check {
  size_t begin, end;
  int line;
  char *site; /* the lsc_subscript_site fields after file and line: "\"C\", \"j\", \"NJ\"" */
  char *dim;  /* the dimension's value in the body: "70", "lsc_dim_C_1" */
} subscript_check;

typedef struct loop_plan {
  char *name_suffix; /* lsc_env_<suffix>: the for's line, made unique in the file */
  plan_field *fields;
  size_t nfields, cap;
  char *iv_decl;    /* "int i = (int)(0 + (uint64_t)lsc_k * 1);" */
  char *trip_count; /* "lsc_iv_trip_count(0, N, 1, LSC_CMP_LT, LSC_I32, LSC_I32)" */
  char *iv_final;   /* "i = (int)(...);" when the induction variable outlives the loop */
  char *wrap_check; /* "lsc_iv_wraps(...)": the instance runs on one rank when true; NULL when not needed */
  char *site_clauses[CLAUSE_KIND_COUNT]; /* clauses with an lsc_site field: C literal or "0"; others NULL */
  int has_bind;
  int need_n; /* the body and the code after the call use lsc_n, the trip count (lastprivate) */
  int ndescriptors;
  int64_t nrepeated;       /* descriptors filled by loops after the ndescriptors fixed ones */
  int *var_descriptor;     /* per analysis var: its index in lsc_vars[], or -1 */
  int nparams;             /* fields with a `restrict` param (plan_restrict.c) */
  subscript_check *checks; /* in body order */
  size_t nchecks, checks_cap;

  /* pipeline for (plan_nest.c) */
  int pipeline;
  char *col_iv_decl; /* "int j = (int)(1 + (uint64_t)lsc_k2 * 1);" in the row function */
  char *trip_count2; /* the synchronization loop's lsc_iv_trip_count(...) */
  char *sync;        /* C literal: "auto" or the count */
  char **cells;      /* lsc_cell_slice initialisers */
  char **cell_comments;
  int ncells;
  int64_t dep_rows, skew;
} loop_plan;

void plan_loop(const analysis *an, const char *suffix, loop_plan *out);
void loop_plan_free(loop_plan *p);
/* plan_nest.c: the pipeline pieces, after plan_loop has laid out the vars. */
void plan_nest(const analysis *an, loop_plan *p);
/* plan_checks.c: the subscripts a proof by the in-bounds rule rests on, for the checked run; returns how
 * many of v's such subscripts could not be wrapped (written by a macro, or in a called function). */
int plan_subscript_checks(const analysis *an, const body_var *v, loop_plan *p);
/* plan_restrict.c: the array locals the plain body declares `restrict`, where the arrays provably do not
 * overlap. */
void plan_restrict(const analysis *an, loop_plan *p);
/* A polynomial as C text valid at the loop. */
char *plan_poly_text(const analysis *an, const poly *x);
/* A C string literal for text: quotes and backslashes escaped. */
char *c_string_literal(const char *text);

#endif
