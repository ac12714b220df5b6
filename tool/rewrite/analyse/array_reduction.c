/* array_reduction.c - array reductions, as OpenMP 4.5 has them (`reduction(+: hist)`, `reduction(+:
 * hist[0:n])`). Before the walk, one pass over the body finds how each array's elements are used: updates
 * `x[e] op= v` and `x[e]++`, or anything else. An array named in a reduction clause must be used by updates
 * of its operator only (min and max are trusted, as for scalars: their updates take too many forms); an array
 * that the body only updates, with one operator, where some subscript depends on data (a histogram,
 * `hist[key[i]] += w[i]`), is found to be a reduction without a clause when its size is a constant. Each
 * element then becomes a reduction of the runtime (plan.c), so the array's size must be a constant, and not
 * too large: each element is a descriptor and a slot of the loop's environment. */
#define _XOPEN_SOURCE 700
#include "analyse/array_reduction.h"
#include "analyse/report.h"
#include "analyse/sync_value.h"
#include "analyse/vars.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_REDUCED_ELEMENTS = 1 << 14 };

/* The array variable at the root of x[e1][e2]..., its var index, or -1; subscripts appended to subs. */
static int subscript_root(analysis *an, CXCursor e, cursor_list *subs) {
  CXCursor cur = cursor_strip(e);
  while (clang_getCursorKind(cur) == CXCursor_ArraySubscriptExpr) {
    cursor_list kids;
    cursor_children(cur, &kids);
    if (kids.count != 2) {
      cursor_list_free(&kids);
      return -1;
    }
    VEC_PUSH(subs->items, subs->count, subs->cap, kids.items[1]);
    cur = cursor_strip(kids.items[0]);
    cursor_list_free(&kids);
  }
  if (subs->count == 0 || clang_getCursorKind(cur) != CXCursor_DeclRefExpr)
    return -1;
  CXCursor decl = referenced_variable(cur);
  if (clang_Cursor_isNull(decl))
    return -1;
  int vi = var_index(an, decl);
  const body_var *v = &an->vars[vi];
  return v->array_like && !v->inside && v->storage != 2 ? vi : -1;
}

static enum CXChildVisitResult data_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  struct {
    analysis *an;
    int found;
  } *d = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_ArraySubscriptExpr || k == CXCursor_CallExpr || k == CXCursor_MemberRefExpr ||
      (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref)) {
    d->found = 1;
    return CXChildVisit_Break;
  }
  if (k == CXCursor_DeclRefExpr) {
    CXCursor decl = referenced_variable(c);
    size_t at = clang_Cursor_isNull(decl) ? 0 : cursor_offset(decl);
    if (!clang_Cursor_isNull(decl) && cursor_in_main_file(decl) && at >= d->an->h.body_begin &&
        at < d->an->h.body_end) {
      d->found = 1;
      return CXChildVisit_Break;
    }
  }
  return CXChildVisit_Recurse;
}

/* A subscript computed from data: elements, calls, or variables of the body. */
static int data_subscript(analysis *an, CXCursor sub) {
  struct {
    analysis *an;
    int found;
  } d = {an, 0};
  if (data_visit(sub, sub, &d) == CXChildVisit_Break)
    return 1;
  clang_visitChildren(sub, data_visit, &d);
  return d.found;
}

static int compound_op(enum CXBinaryOperatorKind k) {
  switch (k) {
  case CXBinaryOperator_AddAssign:
  case CXBinaryOperator_SubAssign:
    return REDUCTION_ADD;
  case CXBinaryOperator_MulAssign:
    return REDUCTION_MUL;
  case CXBinaryOperator_AndAssign:
    return REDUCTION_BAND;
  case CXBinaryOperator_OrAssign:
    return REDUCTION_BOR;
  case CXBinaryOperator_XorAssign:
    return REDUCTION_BXOR;
  default:
    return -1;
  }
}

static void scan(analysis *an, CXCursor c);

static void scan_children(analysis *an, CXCursor c) {
  cursor_list kids;
  cursor_children(c, &kids);
  for (size_t i = 0; i < kids.count; i++)
    scan(an, kids.items[i]);
  cursor_list_free(&kids);
}

/* target is x[e]... updated with op (-1: not an update form): records it, and walks its subscripts. */
static int update(analysis *an, CXCursor target, int op) {
  cursor_list subs = {0};
  int vi = subscript_root(an, target, &subs);
  if (vi < 0 || op < 0) {
    free(subs.items);
    return 0;
  }
  body_var *v = &an->vars[vi];
  v->upd_count++;
  v->upd_op = v->upd_op == -1 || v->upd_op == op ? op : -2;
  for (size_t i = 0; i < subs.count; i++) {
    if (data_subscript(an, subs.items[i]))
      an->vars[vi].upd_data_subscript = 1;
    scan(an, subs.items[i]);
  }
  free(subs.items);
  return 1;
}

/* 1 when evaluating e changes nothing: no assignment, increment or call (x[i++] = x[i++] + v is no update).
 */
static enum CXChildVisitResult effect_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  enum CXCursorKind k = clang_getCursorKind(c);
  int effect = k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator;
  if (k == CXCursor_BinaryOperator)
    effect = clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign;
  if (k == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    effect = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreInc ||
             op == CXUnaryOperator_PreDec;
  }
  if (effect) {
    *(int *)data = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* The same element twice: both texts equal apart from blanks, and free of side effects. */
static int same_element(analysis *an, CXCursor a, CXCursor b) {
  int effect = 0;
  clang_visitChildren(a, effect_visit, &effect);
  if (effect)
    return 0;
  char *ta = cursor_source_text(a, an->sf), *tb = cursor_source_text(b, an->sf);
  const char *p = ta, *q = tb;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\n')
      p++;
    while (*q == ' ' || *q == '\t' || *q == '\n')
      q++;
    if (*p != *q || !*p)
      break;
    p++, q++;
  }
  int same = !*p && !*q;
  free(ta);
  free(tb);
  return same;
}

/* x[e] = x[e] op v (and x[e] = v op x[e] for a commutative op): the update x[e] op= v written out. Records
 * it and walks v; 0 when c is not of that form. */
static int spelled_update(analysis *an, CXCursor c) {
  cursor_list kids, ops = {0};
  cursor_children(c, &kids);
  int done = 0;
  CXCursor rhs = kids.count == 2 ? cursor_strip(kids.items[1]) : clang_getNullCursor();
  if (kids.count == 2 && clang_getCursorKind(rhs) == CXCursor_BinaryOperator) {
    int op = -1, commutes = 1;
    switch (clang_getCursorBinaryOperatorKind(rhs)) {
    case CXBinaryOperator_Add:
      op = REDUCTION_ADD;
      break;
    case CXBinaryOperator_Sub:
      op = REDUCTION_ADD, commutes = 0;
      break;
    case CXBinaryOperator_Mul:
      op = REDUCTION_MUL;
      break;
    case CXBinaryOperator_And:
      op = REDUCTION_BAND;
      break;
    case CXBinaryOperator_Or:
      op = REDUCTION_BOR;
      break;
    case CXBinaryOperator_Xor:
      op = REDUCTION_BXOR;
      break;
    default:
      break;
    }
    cursor_children(rhs, &ops);
    if (op >= 0 && ops.count == 2) {
      int which = same_element(an, kids.items[0], cursor_strip(ops.items[0]))               ? 1
                  : commutes && same_element(an, kids.items[0], cursor_strip(ops.items[1])) ? 2
                                                                                            : 0;
      if (which && update(an, kids.items[0], op)) {
        scan(an, ops.items[which == 1 ? 1 : 0]);
        done = 1;
      }
    }
    cursor_list_free(&ops);
  }
  cursor_list_free(&kids);
  return done;
}

static void scan(analysis *an, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  cursor_list kids;
  if (k == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    int step = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
               op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec;
    cursor_children(c, &kids);
    int done = step && kids.count == 1 && update(an, kids.items[0], REDUCTION_ADD);
    cursor_list_free(&kids);
    if (done)
      return;
  } else if (k == CXCursor_BinaryOperator &&
             clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
    if (spelled_update(an, c))
      return;
  } else if (k == CXCursor_CompoundAssignOperator) {
    cursor_children(c, &kids);
    int done =
        kids.count == 2 && update(an, kids.items[0], compound_op(clang_getCursorBinaryOperatorKind(c)));
    if (done)
      scan(an, kids.items[1]);
    cursor_list_free(&kids);
    if (done)
      return;
  } else if (k == CXCursor_DeclRefExpr) {
    CXCursor decl = referenced_variable(c);
    if (!clang_Cursor_isNull(decl)) {
      int vi = var_index(an, decl); /* first: it may grow an->vars */
      body_var *v = &an->vars[vi];
      if (v->array_like && !v->upd_other) {
        v->upd_other = 1;
        v->upd_other_at = cursor_offset(c);
      }
    }
    return;
  }
  scan_children(an, c);
}

/* The element type of an array or pointer type. */
static CXType element_type(CXType t) {
  t = canonical(t);
  if (t.kind == CXType_Pointer)
    t = canonical(clang_getPointeeType(t));
  while (t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray || t.kind == CXType_IncompleteArray)
    t = canonical(clang_getArrayElementType(t));
  return t;
}

static int checked_op(reduction_op op) {
  return op != REDUCTION_MIN && op != REDUCTION_MAX;
}

/* The number of elements reduced, or -1 with an error. */
static int64_t reduced_count(analysis *an, body_var *v) {
  const clause_item *item = v->red_item;
  size_t at = cursor_offset(v->decl);
  array_shape(an, v);
  int64_t count = -1;
  if (item && item->nsections > 0) {
    int64_t lo = -1;
    if (item->nsections != 1 || v->ndims != 1) {
      an_error(an, at,
               "the section of '%s' in 'reduction' must have one dimension; name the whole array instead",
               v->name);
      return -1;
    }
    int64_t declared = -1;
    int sized = v->extent_known && poly_is_const(&v->extent, &declared);
    if (fold_constant(an, item->sections[0].lo, &lo) != 0 || lo != 0 ||
        (fold_constant(an, item->sections[0].len, &count) != 0 && !sized)) {
      diag_at(an->sink, DIAG_ERROR, an->sf, item->sections[0].pos.line, item->sections[0].pos.col,
              "the section of '%s' in 'reduction' must be '[0:len]', with a constant length (literals and "
              "macros) unless '%s' is declared with a constant size: each element becomes a reduction of "
              "its own",
              v->name, v->name);
      an->failed = 1;
      return -1;
    }
    if (fold_constant(an, item->sections[0].len, &count) != 0) {
      /* y[0:n] of double y[N]: the N declared elements are reduced; the generated code checks n <= N and
       * copies n of them in and out, so elements past the section are never read or written. */
      v->red_len_run_time = 1;
      count = declared;
    }
  } else if (v->extent_known && poly_is_const(&v->extent, &count)) {
  } else {
    an_error(an, at,
             "the size of '%s' is not a constant: name the elements reduced with a section, "
             "'reduction(%s: %s[0:len])', with a constant length",
             v->name, reduction_op_spelling(v->op), v->name);
    return -1;
  }
  if (count < 1 || count > MAX_REDUCED_ELEMENTS) {
    an_error(an, at, "'%s' has %lld elements to reduce; lsc reduces arrays of 1 to %d elements", v->name,
             (long long)count, MAX_REDUCED_ELEMENTS);
    return -1;
  }
  return count;
}

static void check_one(analysis *an, body_var *v) {
  if (v->clause_role == ROLE_NONE && !v->data_clause_in && !v->data_clause_out && v->upd_count > 0 &&
      !v->upd_other && v->upd_op >= 0 && v->upd_data_subscript && !v->noalias && !an->pipeline) {
    array_shape(an, v);
    int64_t n;
    CXType et = element_type(v->type);
    if (!v->extent_known || !poly_is_const(&v->extent, &n) || n > MAX_REDUCED_ELEMENTS ||
        !type_is_arithmetic(et) ||
        (v->upd_op != REDUCTION_ADD && v->upd_op != REDUCTION_MUL && !type_is_integer(et)))
      return;
    v->clause_role = ROLE_REDUCTION;
    v->op = (reduction_op)v->upd_op;
    v->red_inferred = 1;
  }
  if (v->clause_role != ROLE_REDUCTION)
    return;
  CXType et = element_type(v->type);
  if (!type_is_arithmetic(et)) {
    an_error(an, cursor_offset(v->decl), "reduction variable '%s' must have arithmetic elements", v->name);
    return;
  }
  if ((v->op == REDUCTION_BAND || v->op == REDUCTION_BOR || v->op == REDUCTION_BXOR) &&
      !type_is_integer(et)) {
    an_error(an, cursor_offset(v->decl), "reduction '%s' needs integer elements; those of '%s' are not",
             reduction_op_spelling(v->op), v->name);
    return;
  }
  if (v->op == REDUCTION_LAND || v->op == REDUCTION_LOR) {
    an_error(an, cursor_offset(v->decl), "reduction '%s' is not supported for the array '%s'",
             reduction_op_spelling(v->op), v->name);
    return;
  }
  if (checked_op(v->op) && v->upd_other) {
    an_error(
        an, v->upd_other_at,
        "'%s' is used here other than by updates 'x[e] %s= v', 'x[e] = x[e] %s v'%s; in a reduction each "
        "rank holds partial results in its own copy, so no other read or write may see them",
        v->name, reduction_op_spelling(v->op), reduction_op_spelling(v->op),
        v->op == REDUCTION_ADD ? ", 'x[e] -= v' or 'x[e]++'" : "");
    return;
  }
  if (checked_op(v->op) && v->upd_op >= 0 && v->upd_op != (int)v->op) {
    an_error(an, cursor_offset(v->decl), "'%s' is updated with another operator than its reduction's '%s'",
             v->name, reduction_op_spelling(v->op));
    return;
  }
  if (checked_op(v->op) && v->upd_op == -2) {
    an_error(an, cursor_offset(v->decl), "'%s' is updated with several operators; a reduction has one",
             v->name);
    return;
  }
  v->red_count = reduced_count(an, v);
}

static void free_record(body_var *v) {
  free(v->name);
  free(v->elem_type);
  for (int d = 0; d < MAX_DIMS; d++)
    free(v->dim_text[d]);
}

/* The pass registers every variable it meets, in its own order; the walk after it must register them in the
 * walk's order (the generated code follows it). So the records of the pass are set aside, and only the
 * reduced arrays, which the walk leaves out of the footprints, stay registered. */
void find_array_reductions(analysis *an) {
  size_t first = an->nvars;
  scan(an, an->h.body);
  for (size_t i = first; i < an->nvars; i++)
    if (an->vars[i].array_like && !an->vars[i].inside && an->vars[i].storage != 2 && !an->vars[i].is_iv)
      check_one(an, &an->vars[i]);
  size_t n = an->nvars - first;
  an->pass_vars = xcalloc(n ? n : 1, sizeof *an->pass_vars);
  memcpy(an->pass_vars, an->vars + first, n * sizeof *an->pass_vars);
  an->npass_vars = n;
  an->nvars = first;
  for (size_t i = 0; i < n; i++) {
    body_var *k = &an->pass_vars[i];
    if (k->clause_role != ROLE_REDUCTION || !k->array_like)
      continue;
    int vi = var_index(an, k->decl);
    free_record(&an->vars[vi]);
    an->vars[vi] = *k; /* the record moves: the copy set aside keeps only its facts */
    k->name = k->elem_type = NULL;
    for (int d = 0; d < MAX_DIMS; d++)
      k->dim_text[d] = NULL;
  }
}

void array_reduction_facts(analysis *an) {
  for (size_t i = 0; i < an->nvars; i++) {
    body_var *v = &an->vars[i];
    for (size_t j = 0; j < an->npass_vars; j++) {
      const body_var *k = &an->pass_vars[j];
      if (!clang_equalCursors(k->decl, v->decl))
        continue;
      v->upd_count = k->upd_count;
      v->upd_op = k->upd_op;
      v->upd_other = k->upd_other;
      v->upd_other_at = k->upd_other_at;
      v->upd_data_subscript = k->upd_data_subscript;
    }
  }
}

void array_reduction_free(analysis *an) {
  for (size_t i = 0; i < an->npass_vars; i++)
    free_record(&an->pass_vars[i]);
  free(an->pass_vars);
  an->pass_vars = NULL;
  an->npass_vars = 0;
}

void array_reduction_hint(analysis *an, const body_var *v) {
  if (an->pipeline || v->upd_count == 0 || v->upd_other || v->upd_op < 0 || !v->upd_data_subscript)
    return;
  const char *op = reduction_op_spelling((reduction_op)v->upd_op);
  an_note(
      an, an->pragma_offset,
      "every use of '%s' updates an element with '%s': if different iterations may update the same element "
      "(a histogram), make it an array reduction with 'reduction(%s: %s)' (an array of constant size) or "
      "'reduction(%s: %s[0:len])'",
      v->name, op, op, v->name, op, v->name);
}
