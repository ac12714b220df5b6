/* clause.h - the grammar of `#pragma lsc`: a directive ("parallel for", "pipeline for", "data", "update",
 * "enter data", "exit data") and its clauses.
 * Pure (no libclang): it checks spelling and clause arguments; whether the names exist is the analysis's job.
 * New clauses are rows of clause_table.h; new directives are rows of the directive table in clause.c. */
#ifndef LSC_REWRITE_CLAUSE_H
#define LSC_REWRITE_CLAUSE_H

#include "clause/clause_table.h"
#include "find/pragma_lex.h"

#include <stdint.h>

/* The loop directives, then the data directives (OpenACC's `data`, `update`, `enter data`, `exit data`),
 * which mark a statement or stand alone and move no loop. */
typedef enum directive_kind {
  DIRECTIVE_PARALLEL_FOR,
  DIRECTIVE_PIPELINE_FOR,
  DIRECTIVE_DATA,
  DIRECTIVE_UPDATE,
  DIRECTIVE_ENTER_DATA,
  DIRECTIVE_EXIT_DATA,
  DIRECTIVE_COUNT
} directive_kind;

/* 1 for `parallel for` and `pipeline for`, which mark a loop to rewrite. */
int directive_is_loop(directive_kind kind);

/* CLAUSE_SCHEDULE, CLAUSE_ALPHA, ...: one per row of clause_table.h, in its order. */
typedef enum clause_kind {
#define LSC_CLAUSE_KIND(kind, spelling, argument, runtime, directives) CLAUSE_##kind,
  LSC_CLAUSE_TABLE(LSC_CLAUSE_KIND)
#undef LSC_CLAUSE_KIND
      CLAUSE_KIND_COUNT
} clause_kind;

typedef enum clause_argument {
  ARG_TEXT,
  ARG_LIST,
  ARG_REDUCTION,
  ARG_SECTIONS,
  ARG_FUNCTIONS
} clause_argument;

/* A clause's row of the table, for the stages that generate from it. */
typedef struct clause_info {
  const char *name;
  clause_argument argument;
  const char *site_field; /* the lsc_site field its text fills, or NULL */
  unsigned directives;    /* bit per directive_kind that accepts it */
} clause_info;

typedef enum reduction_op {
  REDUCTION_ADD,
  REDUCTION_MUL,
  REDUCTION_MIN,
  REDUCTION_MAX,
  REDUCTION_BAND,
  REDUCTION_BOR,
  REDUCTION_BXOR,
  REDUCTION_LAND,
  REDUCTION_LOR
} reduction_op;

#define CLAUSE_MAX_DIMS 4
#define SYNC_MAX ((int64_t)1 << 62) /* largest sync(h) */

/* a[lo:len]: elements lo .. lo+len-1 of one dimension; the texts are C expressions. */
typedef struct array_section {
  char *lo, *len;
  text_pos pos;
} array_section;

typedef struct clause_item {
  char *name;
  text_pos pos;
  int nsections; /* 0: the whole object */
  array_section sections[CLAUSE_MAX_DIMS];
} clause_item;

typedef struct clause {
  clause_kind kind;
  text_pos pos;       /* the clause name */
  char *arg;          /* schedule/alpha/weights/workload/threads: the argument text, blanks removed */
  text_pos arg_pos;   /* first token of the argument */
  reduction_op op;    /* reduction */
  clause_item *items; /* private, firstprivate, reduction, in, out, inout; hidden_state: function names */
  size_t nitems, cap;
} clause;

typedef struct lsc_pragma {
  directive_kind kind;
  text_pos pos; /* the directive's first word */
  clause *clauses;
  size_t nclauses, cap;
} lsc_pragma;

typedef struct clause_error {
  text_pos pos;
  char message[800]; /* room for lsc_sched_error's list of every schedule */
  int has_note;
  text_pos note_pos;
  char note[320];
  /* A fix-it at pos (on its line): replace fix_len columns by fix_text. */
  int has_fixit, fix_len;
  char fix_text[64];
} clause_error;

/* Parses the tokens that follow `lsc`. 0 on success; -1 with err filled (the first error only). */
int pragma_parse(const ptok_list *tokens, text_pos after_lsc, lsc_pragma *out, clause_error *err);
void lsc_pragma_free(lsc_pragma *p);

const clause *pragma_clause(const lsc_pragma *p, clause_kind kind); /* NULL when absent */
const char *clause_kind_name(clause_kind kind);
const clause_info *clause_table_row(clause_kind kind);
const char *directive_name(directive_kind kind);
const char *reduction_op_spelling(reduction_op op); /* "+", "min", ... */

#endif
