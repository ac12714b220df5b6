/* body_record.c - what the body walk records when it visits a node: the uses of each variable (read,
 * written, where first), array element accesses with their subscripts as polynomials and the inner loops
 * and conditions around them, and the refusals a single node can decide (a static local, a pointer value,
 * sizeof of a local array, a type declared in the enclosing function). It never walks further itself. */
#define _XOPEN_SOURCE 700
#include "analyse/body_walk.h"
#include "analyse/report.h"
#include "analyse/vars.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

loop_scope walk_scope(const body_walk *w) {
  loop_scope s = {w->stack, w->nstack};
  return s;
}

static int inside_body(const analysis *an, size_t at) {
  return at >= an->h.body_begin && at < an->h.body_end;
}

void add_access(body_walk *w, access_rec *a) {
  a->nframes = w->nstack;
  for (int s = 0; s < w->nstack; s++)
    a->frames[s] = w->stack[s];
  a->conditional = w->cond_depth > 0;
  VEC_PUSH(w->an->accesses, w->an->naccesses, w->an->accesses_cap, *a);
}

void note_scalar_use(body_walk *w, body_var *v, int mode, size_t at) {
  analysis *an = w->an;
  if ((mode & MODE_READ) && !v->read) {
    v->read = 1;
    v->first_read = at;
  }
  if (mode & MODE_WRITE) {
    if (!v->written)
      v->first_write = at;
    v->written = 1;
    if ((w->in_header_of < 0 || an->frames[w->in_header_of].var != (int)(v - an->vars)) && !v->body_writes) {
      v->body_writes = 1;
      v->first_body_write = at;
    }
  }
}

/* Where a subscript's text is in the loop body, for the checked run to wrap it; SIZE_MAX when a macro
 * makes any of it (its text is not the expression's) or it lies outside the body (a called function). */
static void subscript_text(const analysis *an, CXCursor sub, size_t *begin, size_t *end) {
  CXSourceRange r = clang_getCursorExtent(sub);
  unsigned eb = 0, ee = 0, sb = 0, se = 0;
  clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL, &eb);
  clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &ee);
  clang_getSpellingLocation(clang_getRangeStart(r), NULL, NULL, NULL, &sb);
  clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &se);
  *begin = *end = SIZE_MAX;
  if (eb == sb && ee == se && eb < ee && inside_body(an, eb) && ee <= an->h.body_end) {
    *begin = eb;
    *end = ee;
  }
}

/* An access record of var vi at source offset `at`; the caller fills the subscripts. */
static access_rec access_at(int vi, int mode, int partial, size_t at) {
  access_rec a;
  memset(&a, 0, sizeof a);
  a.var = vi;
  a.mode = mode & MODE_RW;
  a.partial_write = partial;
  a.offset = at;
  return a;
}

/* A bare array name: passed to a function, or used as a pointer value. */
static void whole_array_use(body_walk *w, int vi, int mode, size_t at, const char *callee) {
  analysis *an = w->an;
  body_var *v = &an->vars[vi];
  v->used_in_body = 1;
  if (v->data_clause_in || v->data_clause_out)
    return;
  if (mode & MODE_ARG_CONST) {
    access_rec a = access_at(vi, MODE_READ, 0, at);
    a.whole = 1;
    add_access(w, &a);
    return;
  }
  if (mode & MODE_ARG_MUTABLE)
    an_error(an, at,
             "'%s' is passed to '%s', which may write it; give the elements it touches with an "
             "'out(%s[lo:len])' or "
             "'inout(%s[lo:len])' clause",
             v->name, callee, v->name, v->name);
  else
    an_error(an, at,
             "'%s' is used as a pointer value; lsc can only move arrays accessed by subscripts (or name the "
             "elements "
             "in an 'in'/'out'/'inout' clause)",
             v->name);
}

/* An enumerator of an enum declared in the enclosing function is not visible where the body is outlined. */
static void enumerator(analysis *an, CXCursor ref) {
  CXCursor constant = clang_getCursorReferenced(ref);
  if (clang_getCursorKind(constant) != CXCursor_EnumConstantDecl)
    return;
  CXCursor the_enum = clang_getCursorSemanticParent(constant);
  size_t at = cursor_offset(the_enum);
  if (clang_getCursorKind(clang_getCursorSemanticParent(the_enum)) != CXCursor_FunctionDecl ||
      inside_body(an, at))
    return;
  char *name = cursor_name(constant);
  an_error(an, cursor_offset(ref),
           "'%s' belongs to an enum declared inside a function; move it to file scope so the outlined loop "
           "body can "
           "use it",
           name);
  free(name);
}

void reference(body_walk *w, CXCursor ref, int mode, const char *callee) {
  analysis *an = w->an;
  CXCursor decl = referenced_variable(ref);
  if (clang_Cursor_isNull(decl)) {
    enumerator(an, ref);
    return;
  }
  int vi = var_index(an, decl);
  body_var *v = &an->vars[vi];
  size_t at = cursor_offset(ref);
  note_scalar_use(w, v, mode & MODE_RW, at);
  if (v->inside)
    return;
  if (v->is_iv) {
    if (mode & MODE_WRITE)
      an_error(an, at, "the induction variable '%s' is modified in the loop body", v->name);
    return;
  }
  if (v->array_like && v->clause_role == ROLE_NONE) {
    whole_array_use(w, vi, mode, at, callee);
    return;
  }
  v->used_in_body = 1;
  if (mode & MODE_READ)
    reduction_check_read(an, &w->reductions, v, ref);
  if ((mode & MODE_ADDRESS) && v->clause_role != ROLE_PRIVATE && v->clause_role != ROLE_FIRSTPRIVATE &&
      !v->addressed) {
    v->addressed = 1;
    an_error(an, at,
             "the address of captured variable '%s' is taken; the body runs in other processes, where it "
             "would not "
             "point at the caller's '%s'",
             v->name, v->name);
  }
}

void element_access(body_walk *w, CXCursor root_ref, const CXCursor *subs, int nsubs, int mode, size_t at,
                    int partial) {
  analysis *an = w->an;
  CXCursor decl = referenced_variable(root_ref);
  int vi = var_index(an, decl);
  body_var *v = &an->vars[vi];
  note_scalar_use(w, v, MODE_READ, at);
  if (v->inside)
    return;
  v->used_in_body = 1;
  if (!v->array_like || v->data_clause_in || v->data_clause_out || v->clause_role != ROLE_NONE)
    return;
  array_shape(an, v);
  if (nsubs > v->ndims) {
    an_error(an, at,
             "'%s' is accessed through a pointer stored in its elements; lsc can only move contiguous arrays",
             v->name);
    return;
  }
  if (nsubs < v->ndims) {
    whole_array_use(w, vi, mode, at, "a function");
    return;
  }
  access_rec a = access_at(vi, mode, partial, at);
  loop_scope scope = walk_scope(w);
  poly index = poly_const(0);
  a.nsubs = nsubs;
  for (int s = 0; s < nsubs; s++) {
    poly sub = expr_poly(an, &scope, subs[s]);
    a.subs[s] = sub;
    subscript_text(an, subs[s], &a.sub_begin[s], &a.sub_end[s]);
    if (s > 0)
      index = poly_mul(&index, &v->dims[s]);
    index = poly_add(&index, &sub);
  }
  a.index = index;
  a.affine = index.valid;
  add_access(w, &a);
}

void pointer_access(body_walk *w, int vi, int mode, int partial, size_t at) {
  analysis *an = w->an;
  body_var *v = &an->vars[vi];
  array_shape(an, v);
  access_rec a = access_at(vi, mode, partial, at);
  a.index = poly_const(0);
  a.subs[0] = a.index;
  a.nsubs = 1;
  a.affine = v->ndims == 1;
  v->used_in_body = 1;
  note_scalar_use(w, v, MODE_READ, at);
  if (!v->data_clause_in && !v->data_clause_out && v->clause_role == ROLE_NONE)
    add_access(w, &a);
}

int element_address_refused(body_walk *w, CXCursor subscript_expr) {
  analysis *an = w->an;
  CXCursor root = cursor_strip(subscript_expr);
  while (clang_getCursorKind(root) == CXCursor_ArraySubscriptExpr) {
    cursor_list kids;
    cursor_children(root, &kids);
    CXCursor base = kids.count == 2 ? cursor_strip(kids.items[0]) : clang_getNullCursor();
    cursor_list_free(&kids);
    if (clang_Cursor_isNull(base))
      break;
    root = base;
  }
  CXCursor var = referenced_variable(root);
  if (clang_Cursor_isNull(var))
    return 0;
  int vi = var_index(an, var); /* first: it may grow an->vars, so index the array only after it */
  body_var *v = &an->vars[vi];
  if (v->inside || !v->array_like || v->clause_role != ROLE_NONE || v->data_clause_in || v->data_clause_out)
    return 0;
  an_error(an, cursor_offset(subscript_expr),
           "the address of an element of '%s' is taken; lsc cannot follow the accesses made through it (name "
           "them in an 'in'/'out'/'inout' clause)",
           v->name);
  return 1;
}

void local_declaration_check(body_walk *w, CXCursor var) {
  analysis *an = w->an;
  int vi = var_index(an, var);
  if (clang_Cursor_getStorageClass(var) == CX_SC_Static)
    an_error(
        an, cursor_offset(var),
        "static variable '%s' inside a parallel loop would be shared by iterations on different processes",
        an->vars[vi].name);
}

/* sizeof a local array changes meaning in the outlined body, where the array is a pointer from the env. */
void sizeof_check(body_walk *w, CXCursor c) {
  analysis *an = w->an;
  cursor_list kids;
  cursor_children(c, &kids);
  CXCursor var = kids.count == 1 ? referenced_variable(cursor_strip(kids.items[0])) : clang_getNullCursor();
  cursor_list_free(&kids);
  if (clang_Cursor_isNull(var))
    return;
  int vi = var_index(an, var);
  body_var *v = &an->vars[vi];
  enum CXTypeKind k = canonical(v->type).kind;
  if (!v->inside && v->storage == 0 && (k == CXType_ConstantArray || k == CXType_VariableArray))
    an_error(an, cursor_offset(c),
             "'sizeof' of the array '%s': in the outlined loop body '%s' is a pointer; use the element count "
             "instead",
             v->name, v->name);
}

void type_reference_check(body_walk *w, CXCursor c) {
  analysis *an = w->an;
  CXCursor type_decl = clang_getCursorReferenced(c);
  enum CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(type_decl));
  if (parent != CXCursor_FunctionDecl || inside_body(an, cursor_offset(type_decl)))
    return;
  char *name = cursor_name(type_decl);
  an_error(an, cursor_offset(c),
           "type '%s' is declared inside a function; move it to file scope so the outlined loop body can "
           "use it",
           name);
  free(name);
}
