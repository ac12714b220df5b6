/* vars.c - registers variables as the steps meet them: storage, whether the body declares them, whether
 * they are array-like, what the clauses name them; and reads an array's dimensions from its declared type
 * (constant, variable-length, pointer). */
#define _XOPEN_SOURCE 700
#include "analyse/vars.h"
#include "analyse/atoms.h"
#include "support/cursor_util.h"
#include "support/section_expr.h"
#include "support/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_array_type(CXType t) {
  enum CXTypeKind k = canonical(t).kind;
  return k == CXType_ConstantArray || k == CXType_VariableArray || k == CXType_IncompleteArray ||
         k == CXType_DependentSizedArray;
}

static int is_data_pointer(CXType t) {
  CXType c = canonical(t);
  if (c.kind != CXType_Pointer)
    return 0;
  enum CXTypeKind p = canonical(clang_getPointeeType(c)).kind;
  return p != CXType_FunctionProto && p != CXType_FunctionNoProto && p != CXType_Void;
}

static void apply_clauses(analysis *an, body_var *v) {
  for (size_t c = 0; c < an->pragma->nclauses; c++) {
    const clause *cl = &an->pragma->clauses[c];
    for (size_t i = 0; i < cl->nitems; i++) {
      if (strcmp(cl->items[i].name, v->name) != 0)
        continue;
      switch (cl->kind) {
      case CLAUSE_PRIVATE:
        v->clause_role = ROLE_PRIVATE;
        break;
      case CLAUSE_FIRSTPRIVATE:
        v->clause_role = ROLE_FIRSTPRIVATE;
        break;
      case CLAUSE_REDUCTION:
        v->clause_role = ROLE_REDUCTION;
        v->op = cl->op;
        v->red_item = &cl->items[i];
        break;
      case CLAUSE_IN:
        v->data_clause_in = &cl->items[i];
        break;
      case CLAUSE_OUT:
        v->data_clause_out = &cl->items[i];
        break;
      case CLAUSE_INOUT:
        v->data_clause_in = v->data_clause_out = &cl->items[i];
        break;
      case CLAUSE_NOALIAS:
        v->noalias = 1;
        v->noalias_clause = &cl->items[i];
        break;
      default:
        break;
      }
    }
  }
}

int var_index(analysis *an, CXCursor decl) {
  for (size_t i = 0; i < an->nvars; i++)
    if (clang_equalCursors(an->vars[i].decl, decl))
      return (int)i;
  body_var v;
  memset(&v, 0, sizeof v);
  v.decl = decl;
  v.name = cursor_name(decl);
  v.type = clang_getCursorType(decl);
  v.storage = variable_storage(decl);
  size_t at = cursor_offset(decl);
  v.inside = cursor_in_main_file(decl) && at >= an->h.body_begin && at < an->h.body_end;
  /* A static local of the enclosing function is not visible by name in the outlined body, which comes
   * before the function: it reaches the body through the env as an automatic does, with the same rules. */
  if (v.storage == 2 && !v.inside)
    v.storage = 0;
  v.is_iv = clang_equalCursors(decl, an->h.iv);
  v.array_like = is_array_type(v.type) || is_data_pointer(v.type);
  v.symbol_atom = -1;
  v.upd_op = -1;
  v.role = ROLE_NONE;
  if (!v.inside && !v.is_iv)
    apply_clauses(an, &v);
  /* `T *restrict p`: the programmer's promise that p's elements are reached through p alone. */
  if (canonical(v.type).kind == CXType_Pointer &&
      (clang_isRestrictQualifiedType(v.type) ||
       clang_isRestrictQualifiedType(clang_getCanonicalType(v.type))))
    v.noalias = 1;
  if (an->vars_frozen) {
    /* Growing the table now would leave the callers' body_var pointers dangling (a silent wrong answer
     * once): stop loudly instead. */
    fprintf(stderr, "lsc-rewrite: internal error: variable '%s' first met while resolving footprints\n",
            v.name);
    abort();
  }
  VEC_PUSH(an->vars, an->nvars, an->vars_cap, v);
  return (int)an->nvars - 1;
}

/* Dimensions from the declared type: T a[N][M], T a[n][m] (VLA), T *p, T (*p)[M]. */
static int bound_name_atom(const char *name, void *ctx) {
  return atom_add(ctx, ATOM_TEXT, name, -1);
}

void array_shape(analysis *an, body_var *v) {
  if (v->elem_type)
    return;
  CXType t = canonical(v->type);
  if (t.kind == CXType_Pointer) {
    v->is_pointer = 1;
    v->ndims = 1;
    v->dims[0] = poly_invalid();
    v->dim_text[0] = NULL;
    t = canonical(clang_getPointeeType(t));
  }
  while ((t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
          t.kind == CXType_IncompleteArray) &&
         v->ndims < MAX_DIMS) {
    long long size = clang_getArraySize(t);
    int d = v->ndims++;
    if (size >= 0) {
      v->dims[d] = poly_const(size);
      v->dim_text[d] = xasprintf("%lld", size);
    } else if (t.kind == CXType_VariableArray) {
      /* The bound's spelling, from the type: "double[n][m]" -> "n". */
      char *spelled = type_name(t);
      char *open = strchr(spelled, '['), *close = open;
      int depth = 0;
      for (; close && *close; close++) {
        depth += *close == '[';
        depth -= *close == ']';
        if (depth == 0)
          break;
      }
      v->dim_text[d] =
          open && close && *close ? xstrndup(open + 1, (size_t)(close - open - 1)) : xstrdup("0");
      /* "m + 1" as m + 1 rather than one opaque atom: then it cancels against subscripts and loop bounds. */
      if (section_expr_parse(v->dim_text[d], bound_name_atom, an, &v->dims[d]) != 0)
        v->dims[d] = poly_atom(atom_add(an, ATOM_TEXT, v->dim_text[d], -1));
      free(spelled);
    } else {
      v->dims[d] = poly_invalid();
      v->dim_text[d] = NULL;
      if (d == 0)
        v->is_pointer = 1; /* extern T a[]: extent unknown, like a pointer */
    }
    t = canonical(clang_getArrayElementType(t));
  }
  v->elem_type = type_name(t);
  v->extent_known = !v->is_pointer && v->dims[0].valid;
  if (v->extent_known) {
    v->extent = v->dims[0];
    for (int d = 1; d < v->ndims; d++)
      v->extent = poly_mul(&v->extent, &v->dims[d]);
  }
}
