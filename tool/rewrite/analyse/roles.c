/* roles.c - the footprints step: the final role of every variable the loop touches (captured, private,
 * firstprivate, reduction, array, or not moved), with the refusals that depend on the whole body: scalars
 * written without a clause, values that hold pointers, types declared inside a function. Arrays get their
 * slices from array_slices.c. */
#define _XOPEN_SOURCE 700
#include "analyse/roles.h"
#include "analyse/array_slices.h"
#include "analyse/report.h"
#include "analyse/suggest.h"
#include "analyse/vars.h"
#include "support/cursor_util.h"

#include <stdlib.h>

static int is_const_global(const body_var *v) {
  return v->storage == 1 && type_is_const_object(v->type);
}

static void scalar_written(analysis *an, body_var *v) {
  if (v->storage == 0 && v->exposed && an->pipeline) {
    an_error(
        an, v->exposed_at,
        "'%s' may carry a value from one iteration to the next: this read can see the value written by the "
        "previous iteration, which a pipelined nest does not pass on (and it takes no reductions); write "
        "'%s' before reading it in every iteration",
        v->name, v->name);
    an_note(an, v->first_write, "'%s' is written here", v->name);
    return;
  }
  if (v->storage == 0 && v->exposed) {
    /* A local that every iteration writes before reading it would have been found private: this one may
     * carry a value from one iteration to the next, which a private copy would lose. */
    an_error(
        an, v->exposed_at,
        "'%s' may carry a value from one iteration to the next: this read can see the value written by the "
        "previous iteration, so the iterations cannot run in any order; if '%s' accumulates a result, add "
        "a 'reduction(op: %s)' clause, otherwise write it before reading it in every iteration",
        v->name, v->name, v->name);
    an_note(an, v->first_write, "'%s' is written here", v->name);
    /* An update (s += x) is most likely an accumulation: offer the reduction as a fix-it. */
    const char *op = written_reduction_op(an->sf, v->first_write, v->name);
    if (op) {
      char *clause = xasprintf("reduction(%s: %s)", op, v->name);
      an_suggest_clause(an, "if the iterations only accumulate into it, add a 'reduction' clause", clause);
      free(clause);
    }
    return;
  }
  if (an->pipeline) {
    an_error(an, v->first_write,
             "'%s' is written in the pipelined nest but is not private; add it to a 'private(%s)' clause "
             "(pipelined nests take no reductions)",
             v->name, v->name);
    an_note(an, cursor_offset(v->decl), "'%s' is declared here", v->name);
    char *clause = xasprintf("private(%s)", v->name);
    an_suggest_clause(an, "if each iteration sets it before reading it, add a 'private' clause", clause);
    free(clause);
    return;
  }
  an_error(an, v->first_write,
           "'%s' is written in the parallel loop but is neither private nor a reduction; add it to a "
           "'private(%s)' or 'reduction(op: %s)' clause",
           v->name, v->name, v->name);
  an_note(an, cursor_offset(v->decl), "'%s' is declared here", v->name);
  /* The fix-it offers what the write looks like: an update (s += x) is a reduction, anything else private. */
  const char *op = written_reduction_op(an->sf, v->first_write, v->name);
  char *clause = op ? xasprintf("reduction(%s: %s)", op, v->name) : xasprintf("private(%s)", v->name);
  an_suggest_clause(an,
                    op ? "if the iterations only accumulate into it, add a 'reduction' clause"
                       : "if each iteration sets it before reading it, add a 'private' clause",
                    clause);
  free(clause);
}

/* Whether t, or what it points to or is an array of, is a type declared inside a function. */
static int uses_local_type(CXType t) {
  for (int depth = 0; depth < 16; depth++) {
    CXCursor decl = clang_getTypeDeclaration(t);
    if (!clang_Cursor_isNull(decl) && clang_getCursorKind(decl) != CXCursor_NoDeclFound &&
        clang_getCursorKind(clang_getCursorSemanticParent(decl)) == CXCursor_FunctionDecl)
      return 1;
    if (t.kind == CXType_Typedef)
      t = clang_getTypedefDeclUnderlyingType(decl);
    else if (t.kind == CXType_Elaborated)
      t = clang_Type_getNamedType(t);
    else if (t.kind == CXType_Pointer)
      t = clang_getPointeeType(t);
    else if (t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
             t.kind == CXType_IncompleteArray)
      t = clang_getArrayElementType(t);
    else
      return 0;
  }
  return 0;
}

static int type_holds_pointers(CXType t);

static enum CXVisitorResult field_has_pointer(CXCursor field, CXClientData data) {
  int *found = data;
  *found = type_holds_pointers(clang_getCursorType(field));
  return *found ? CXVisit_Break : CXVisit_Continue;
}

/* Pointer values mean nothing in another process (each maps the program at its own address). */
static int type_holds_pointers(CXType t) {
  CXType c = canonical(t);
  while (c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray || c.kind == CXType_VariableArray)
    c = canonical(clang_getArrayElementType(c));
  if (c.kind == CXType_Pointer || c.kind == CXType_BlockPointer)
    return 1;
  if (c.kind != CXType_Record)
    return 0;
  int found = 0;
  clang_Type_visitFields(c, field_has_pointer, &found);
  return found;
}

/* What a variable holds, as opposed to what it is: an array of pointers moves pointer values. */
static int moves_pointer_values(const body_var *v) {
  CXType c = canonical(v->type);
  if (v->array_like && c.kind == CXType_Pointer)
    return type_holds_pointers(clang_getPointeeType(c));
  return type_holds_pointers(v->type);
}

/* A private scalar the function may read after the loop must hold the last iteration's value there, as
 * after the sequential loop (OpenMP's lastprivate): the rank that ran the last iteration sends it back
 * (plan.c). That value is the last iteration's only if every iteration writes the scalar; otherwise refused.
 */
static void last_value(analysis *an, body_var *v) {
  if (!v->written || !v->live_after || v->array_like)
    return;
  size_t at = v->live_at ? v->live_at : v->first_write;
  if (an->pipeline) {
    an_error(an, at,
             "'%s' is read after the pipelined nest, but its iterations each write their own copy and a "
             "pipelined nest gives none back; declare a variable for it inside the nest's body",
             v->name);
  } else if (!v->must_written) {
    an_error(
        an, at,
        "'%s' is read after the loop, but not every iteration writes it, so its value there is the one of "
        "the last iteration that did, which lsc does not track; write '%s' in every iteration, or declare "
        "a variable for it inside the loop body",
        v->name, v->name);
    an_note(an, v->first_write, "'%s' is written here", v->name);
  } else {
    v->lastprivate = 1;
  }
}

static void resolve_one(analysis *an, int vi) {
  body_var *v = &an->vars[vi];
  if (v->inside || v->is_iv)
    return;
  if ((v->used_in_body || v->via_callee) && uses_local_type(v->type)) {
    an_error(
        an, v->first_read ? v->first_read : cursor_offset(v->decl),
        "the type of '%s' is declared inside a function; move it to file scope so the outlined loop body can "
        "use it",
        v->name);
    return;
  }
  int global = v->storage == 1;
  int global_pointer = global && canonical(v->type).kind == CXType_Pointer;
  if ((v->used_in_body || v->via_callee) && v->clause_role != ROLE_PRIVATE && moves_pointer_values(v)) {
    size_t at = v->via_callee && !v->used_in_body ? v->callee_use
                : v->first_read                   ? v->first_read
                                                  : v->first_write;
    if (global && !v->written && !global_pointer) {
      /* Each process keeps its own copy, as the program initialised it: right for tables of strings or
       * functions set up at compile time, stale if rank 0 changed them before the loop. */
      an_warn(an, WARN_GLOBAL_POINTERS, at,
              "'%s' holds pointers, which cannot be sent to other processes; workers use their own copy as "
              "initialised at start-up",
              v->name);
      return;
    }
    an_error(an, at, "'%s' holds pointers, whose values mean nothing in another process", v->name);
    return;
  }
  if (v->noalias_clause && !v->array_like) {
    diag_at(an->sink, DIAG_ERROR, an->sf, v->noalias_clause->pos.line, v->noalias_clause->pos.col,
            "'%s' in a 'noalias' clause is not an array or a pointer", v->name);
    an->failed = 1;
    return;
  }
  if (v->clause_role == ROLE_REDUCTION && v->array_like) {
    /* Checked before the walk (array_reduction.c); each element is a reduction of its own (plan.c). */
    v->role = ROLE_REDUCTION;
    return;
  }
  if (v->clause_role == ROLE_REDUCTION) {
    v->role = ROLE_REDUCTION;
    if (!type_is_arithmetic(v->type))
      an_error(an, cursor_offset(v->decl), "reduction variable '%s' must have arithmetic type", v->name);
    else if ((v->op == REDUCTION_BAND || v->op == REDUCTION_BOR || v->op == REDUCTION_BXOR) &&
             !type_is_integer(v->type))
      an_error(an, cursor_offset(v->decl), "reduction '%s' needs an integer variable; '%s' is not one",
               reduction_op_spelling(v->op), v->name);
    v->flags = global ? LSC_VAR_INDIRECT : 0;
    return;
  }
  if (v->clause_role == ROLE_PRIVATE || v->clause_role == ROLE_FIRSTPRIVATE) {
    v->role = v->clause_role;
    if (v->clause_role == ROLE_FIRSTPRIVATE && canonical(v->type).kind != CXType_Pointer && v->array_like)
      an_error(an, cursor_offset(v->decl), "firstprivate '%s' must be a scalar", v->name);
    if (v->clause_role == ROLE_PRIVATE)
      last_value(an, v);
    return;
  }
  if (is_const_global(v) && !v->written)
    return; /* initialised at compile time, identical in every process */
  if (v->array_like && (v->data_clause_in || v->data_clause_out)) {
    array_shape(an, v);
    v->role = ROLE_ARRAY;
    clause_array(an, v);
  } else if (v->array_like) {
    array_shape(an, v);
    int accessed = 0;
    for (size_t i = 0; i < an->naccesses; i++)
      accessed |= an->accesses[i].var == vi;
    if (!accessed)
      return;
    v->role = ROLE_ARRAY;
    inferred_array(an, v, vi);
  } else if (v->written && v->storage == 0 && !v->exposed && !v->addressed) {
    /* Written before it is read on every path through an iteration: private, as if declared inside. */
    v->role = ROLE_PRIVATE;
    v->auto_private = 1;
    last_value(an, v);
    return;
  } else if (v->written) {
    scalar_written(an, v);
    return;
  } else if (v->used_in_body || v->via_callee) {
    v->role = ROLE_CAPTURED;
  } else {
    return;
  }
  if (global && !global_pointer)
    v->flags |= v->role == ROLE_ARRAY ? LSC_VAR_GLOBAL : LSC_VAR_INDIRECT;
  if (v->role == ROLE_ARRAY && v->noalias)
    v->flags |= LSC_VAR_NOALIAS;
}

void resolve_variables(analysis *an) {
  for (size_t i = 0; i < an->nvars; i++)
    resolve_one(an, (int)i);
}
