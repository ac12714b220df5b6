#define _XOPEN_SOURCE 700
#include "analyse/body_scan.h"
#include "analyse/analysis.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include "lsc.h"
#include <stdlib.h>
#include <string.h>

void add_access(analysis *an, access_rec *a) {
  a->nframes = an->nstack;
  for (int s = 0; s < an->nstack; s++)
    a->frames[s] = an->stack[s];
  a->conditional = an->cond_depth > 0;
  VEC_PUSH(an->accesses, an->naccesses, an->accesses_cap, *a);
}

void note_scalar_use(analysis *an, body_var *v, int mode, size_t at) {
  if ((mode & MODE_READ) && !v->read) {
    v->read = 1;
    v->first_read = at;
  }
  if (mode & MODE_WRITE) {
    if (!v->written)
      v->first_write = at;
    v->written = 1;
    if ((an->in_header_of < 0 || an->frames[an->in_header_of].var != (int)(v - an->vars)) &&
        !v->body_writes) {
      v->body_writes = 1;
      v->first_body_write = at;
    }
  }
}

/* A bare array name: passed to a function, or used as a pointer value. */
static void whole_array_use(analysis *an, int vi, int mode, size_t at, const char *callee) {
  body_var *v = &an->vars[vi];
  v->used_in_body = 1;
  if (v->data_clause_in || v->data_clause_out)
    return;
  if (mode & MODE_ARG_CONST) {
    access_rec a;
    memset(&a, 0, sizeof a);
    a.var = vi;
    a.mode = MODE_READ;
    a.whole = 1;
    a.offset = at;
    add_access(an, &a);
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
      (at >= an->body_begin && at < an->body_end))
    return;
  char *name = cursor_name(constant);
  an_error(an, cursor_offset(ref),
           "'%s' belongs to an enum declared inside a function; move it to file scope so the outlined loop "
           "body can "
           "use it",
           name);
  free(name);
}

void reference(analysis *an, CXCursor ref, int mode, const char *callee) {
  CXCursor decl = referenced_variable(ref);
  if (clang_Cursor_isNull(decl)) {
    enumerator(an, ref);
    return;
  }
  int vi = var_index(an, decl);
  body_var *v = &an->vars[vi];
  size_t at = cursor_offset(ref);
  note_scalar_use(an, v, mode & MODE_RW, at);
  if (v->inside)
    return;
  if (v->is_iv) {
    if (mode & MODE_WRITE)
      an_error(an, at, "the induction variable '%s' is modified in the loop body", v->name);
    return;
  }
  if (v->storage == 2) {
    if (!v->used_in_body)
      an_error(an, at, "'%s' is a static local variable; the outlined loop body cannot refer to it", v->name);
    v->used_in_body = 1;
    return;
  }
  if (v->array_like && v->clause_role == ROLE_NONE) {
    whole_array_use(an, vi, mode, at, callee);
    return;
  }
  v->used_in_body = 1;
  if (mode & MODE_READ)
    reduction_check_read(an, v, ref);
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

void walk_children(analysis *an, CXCursor c, int mode) {
  cursor_list kids;
  cursor_children(c, &kids);
  for (size_t i = 0; i < kids.count; i++)
    walk_expr(an, kids.items[i], mode);
  cursor_list_free(&kids);
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

/* x[s0][s1]...: records one element access of the named array at the flattened index. */
static void element_access(analysis *an, CXCursor root_ref, CXCursor *subs, int nsubs, int mode, size_t at,
                           int partial) {
  CXCursor decl = referenced_variable(root_ref);
  for (int s = 0; s < nsubs; s++)
    walk_expr(an, subs[s], MODE_READ);
  int vi = var_index(an, decl);
  body_var *v = &an->vars[vi];
  note_scalar_use(an, v, MODE_READ, at);
  if (v->inside)
    return;
  if (v->storage == 2) {
    reference(an, root_ref, MODE_READ, NULL);
    return;
  }
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
    whole_array_use(an, vi, mode, at, "a function");
    return;
  }
  access_rec a = access_at(vi, mode, partial, at);
  poly index = poly_const(0);
  a.nsubs = nsubs;
  for (int s = 0; s < nsubs; s++) {
    poly sub = expr_poly(an, subs[s]);
    a.subs[s] = sub;
    if (s > 0)
      index = poly_mul(&index, &v->dims[s]);
    index = poly_add(&index, &sub);
  }
  a.index = index;
  a.affine = index.valid;
  add_access(an, &a);
}

static void subscript(analysis *an, CXCursor c, int mode, int partial) {
  CXCursor subs[MAX_DIMS];
  int nsubs = 0;
  CXCursor cur = cursor_strip(c);
  size_t at = cursor_offset(c);
  while (clang_getCursorKind(cur) == CXCursor_ArraySubscriptExpr) {
    cursor_list kids;
    cursor_children(cur, &kids);
    if (kids.count != 2 || nsubs == MAX_DIMS) {
      cursor_list_free(&kids);
      walk_children(an, cur, MODE_READ);
      return;
    }
    memmove(subs + 1, subs, sizeof(CXCursor) * (size_t)nsubs);
    subs[0] = kids.items[1];
    nsubs++;
    cur = cursor_strip(kids.items[0]);
    cursor_list_free(&kids);
  }
  if (!clang_Cursor_isNull(referenced_variable(cur))) {
    element_access(an, cur, subs, nsubs, mode, at, partial);
    return;
  }
  /* s.arr[i] and the like: the access belongs to the object the base names. */
  walk_expr(an, cur, (mode & MODE_WRITE) ? MODE_RW : MODE_READ);
  for (int s = 0; s < nsubs; s++)
    walk_expr(an, subs[s], MODE_READ);
}

/* *p and *(p + e): p[0] and p[e]. */
static void dereference(analysis *an, CXCursor operand, int mode, int partial, size_t at) {
  CXCursor e = cursor_strip(operand);
  if (!clang_Cursor_isNull(referenced_variable(e))) {
    CXCursor decl = referenced_variable(e);
    int vi = var_index(an, decl);
    if (an->vars[vi].inside || !an->vars[vi].array_like || an->vars[vi].storage == 2) {
      walk_expr(an, e, MODE_READ);
      return;
    }
    /* *p is p[0] */
    array_shape(an, &an->vars[vi]);
    access_rec a = access_at(vi, mode, partial, at);
    a.index = poly_const(0);
    a.subs[0] = a.index;
    a.nsubs = 1;
    a.affine = an->vars[vi].ndims == 1;
    an->vars[vi].used_in_body = 1;
    note_scalar_use(an, &an->vars[vi], MODE_READ, at);
    if (!an->vars[vi].data_clause_in && !an->vars[vi].data_clause_out &&
        an->vars[vi].clause_role == ROLE_NONE)
      add_access(an, &a);
    return;
  }
  if (clang_getCursorKind(e) == CXCursor_BinaryOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    cursor_list kids;
    cursor_children(e, &kids);
    if ((op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub) && kids.count == 2) {
      CXCursor l = cursor_strip(kids.items[0]), r = cursor_strip(kids.items[1]);
      CXCursor lv = referenced_variable(l), rv = referenced_variable(r);
      int lptr = !clang_Cursor_isNull(lv) && an->vars[var_index(an, lv)].array_like;
      int rptr = !clang_Cursor_isNull(rv) && an->vars[var_index(an, rv)].array_like;
      if (lptr != rptr && (op == CXBinaryOperator_Add || lptr)) {
        CXCursor sub = lptr ? r : l;
        cursor_list_free(&kids);
        if (op == CXBinaryOperator_Sub) {
          an_error(an, at, "lsc cannot analyse '*(p - e)'; write the access as a subscript");
          return;
        }
        element_access(an, lptr ? l : r, &sub, 1, mode, at, partial);
        return;
      }
    }
    cursor_list_free(&kids);
  }
  walk_expr(an, operand, MODE_ADDRESS | MODE_READ);
}

static void member(analysis *an, CXCursor c, int mode) {
  cursor_list kids;
  cursor_children(c, &kids);
  if (kids.count >= 1) {
    CXCursor base = kids.items[0];
    int through_pointer = canonical(clang_getCursorType(base)).kind == CXType_Pointer;
    /* Writing a member writes part of the object: the rest must come back unchanged (no OUT_EXACT). */
    int m = (mode & MODE_WRITE) ? MODE_RW : (mode & MODE_RW) ? mode & MODE_RW : MODE_READ;
    if (through_pointer)
      dereference(an, base, m, 1, cursor_offset(c));
    else if (clang_getCursorKind(cursor_strip(base)) == CXCursor_ArraySubscriptExpr)
      subscript(an, base, m, 1);
    else
      walk_expr(an, base, (mode & MODE_WRITE) ? MODE_RW : mode);
  }
  cursor_list_free(&kids);
}

/* &a[i] outside a call: whatever the pointer is used for later (row[j] = ...) is out of sight. */
static void element_address(analysis *an, CXCursor subscript_expr) {
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
  if (!clang_Cursor_isNull(var)) {
    body_var *v = &an->vars[var_index(an, var)];
    if (!v->inside && v->array_like && v->clause_role == ROLE_NONE && !v->data_clause_in &&
        !v->data_clause_out) {
      an_error(
          an, cursor_offset(subscript_expr),
          "the address of an element of '%s' is taken; lsc cannot follow the accesses made through it (name "
          "them in an 'in'/'out'/'inout' clause)",
          v->name);
      return;
    }
  }
  subscript(an, subscript_expr, MODE_RW, 1);
}

static void unary(analysis *an, CXCursor c, int mode) {
  enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
  cursor_list kids;
  cursor_children(c, &kids);
  if (kids.count == 1) {
    CXCursor x = kids.items[0];
    switch (op) {
    case CXUnaryOperator_PostInc:
    case CXUnaryOperator_PostDec:
    case CXUnaryOperator_PreInc:
    case CXUnaryOperator_PreDec:
      reduction_check_step(an, c, x);
      walk_expr(an, x, MODE_RW);
      break;
    case CXUnaryOperator_AddrOf: {
      CXCursor s = cursor_strip(x);
      if (clang_getCursorKind(s) == CXCursor_ArraySubscriptExpr)
        element_address(an, s);
      else
        walk_expr(an, x, MODE_ADDRESS | MODE_READ);
      break;
    }
    case CXUnaryOperator_Deref:
      dereference(an, x, mode & MODE_RW ? mode & MODE_RW : MODE_READ, 0, cursor_offset(c));
      break;
    default:
      walk_expr(an, x, MODE_READ);
    }
  }
  cursor_list_free(&kids);
}

static void binary(analysis *an, CXCursor c) {
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
  cursor_list kids;
  cursor_children(c, &kids);
  if (kids.count == 2) {
    if (op == CXBinaryOperator_Assign || clang_getCursorKind(c) == CXCursor_CompoundAssignOperator)
      reduction_check_assignment(an, c, kids.items[0], kids.items[1]);
    if (op == CXBinaryOperator_Assign) {
      walk_expr(an, kids.items[0], MODE_WRITE);
      walk_expr(an, kids.items[1], MODE_READ);
    } else if (clang_getCursorKind(c) == CXCursor_CompoundAssignOperator) {
      walk_expr(an, kids.items[0], MODE_RW);
      walk_expr(an, kids.items[1], MODE_READ);
    } else if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
      walk_expr(an, kids.items[0], MODE_READ);
      an->cond_depth++;
      walk_expr(an, kids.items[1], MODE_READ);
      an->cond_depth--;
    } else {
      walk_expr(an, kids.items[0], MODE_READ);
      walk_expr(an, kids.items[1], MODE_READ);
    }
  }
  cursor_list_free(&kids);
}

static void local_declaration(analysis *an, CXCursor var) {
  int vi = var_index(an, var);
  if (clang_Cursor_getStorageClass(var) == CX_SC_Static)
    an_error(
        an, cursor_offset(var),
        "static variable '%s' inside a parallel loop would be shared by iterations on different processes",
        an->vars[vi].name);
  walk_children(an, var, MODE_READ);
}

static int jump_target_inside(analysis *an, CXCursor go) {
  CXCursor label = clang_getCursorReferenced(go);
  size_t at = cursor_offset(label);
  return !clang_Cursor_isNull(label) && at >= an->body_begin && at < an->body_end;
}

static void statement(analysis *an, CXCursor c, enum CXCursorKind k) {
  size_t at = cursor_offset(c);
  switch (k) {
  case CXCursor_IfStmt:
  case CXCursor_ConditionalOperator:
    an->cond_depth++;
    walk_children(an, c, MODE_READ);
    an->cond_depth--;
    break;
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt:
    an->cond_depth++;
    an->break_depth++;
    an->loop_depth++;
    walk_children(an, c, MODE_READ);
    an->cond_depth--;
    an->break_depth--;
    an->loop_depth--;
    break;
  case CXCursor_SwitchStmt:
    an->cond_depth++;
    an->break_depth++;
    walk_children(an, c, MODE_READ);
    an->cond_depth--;
    an->break_depth--;
    break;
  case CXCursor_BreakStmt:
    an->has_jumps = 1;
    if (an->break_depth == 0)
      an_error(an, at, "'break' would leave the parallel loop early; its iterations run in any order");
    break;
  case CXCursor_ContinueStmt:
    an->has_jumps = 1;
    break;
  case CXCursor_ReturnStmt:
    an_error(
        an, at,
        "'return' inside a parallel loop: the body runs in other processes and cannot leave the function");
    break;
  case CXCursor_GotoStmt:
    an->has_jumps = 1;
    if (!jump_target_inside(an, c))
      an_error(an, at, "'goto' jumps out of the parallel loop");
    break;
  case CXCursor_IndirectGotoStmt:
    an_error(an, at, "computed 'goto' inside a parallel loop");
    break;
  default:
    walk_children(an, c, MODE_READ);
  }
}

/* sizeof a local array changes meaning in the outlined body, where the array is a pointer from the env. */
static void sizeof_local_array(analysis *an, CXCursor c) {
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

void walk_expr(analysis *an, CXCursor c, int mode) {
  enum CXCursorKind k = clang_getCursorKind(c);
  switch (k) {
  case CXCursor_DeclRefExpr:
    reference(an, c, mode, NULL);
    break;
  case CXCursor_ArraySubscriptExpr:
    subscript(an, c, mode, 0);
    break;
  case CXCursor_MemberRefExpr:
    member(an, c, mode);
    break;
  case CXCursor_UnaryOperator:
    unary(an, c, mode);
    break;
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator:
    binary(an, c);
    break;
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr:
  case CXCursor_CStyleCastExpr:
    walk_children(an, c, mode);
    break;
  case CXCursor_CallExpr:
    call_arguments(an, c);
    scan_call(an, c);
    break;
  case CXCursor_UnaryExpr: /* sizeof, _Alignof: not evaluated, but see sizeof_local_array */
    sizeof_local_array(an, c);
    break;
  case CXCursor_VarDecl:
    local_declaration(an, c);
    break;
  case CXCursor_ForStmt:
    inner_loop(an, c);
    break;
  case CXCursor_TypeRef: {
    CXCursor type_decl = clang_getCursorReferenced(c);
    enum CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(type_decl));
    size_t at = cursor_offset(type_decl);
    if (parent == CXCursor_FunctionDecl && !(at >= an->body_begin && at < an->body_end)) {
      char *name = cursor_name(type_decl);
      an_error(an, cursor_offset(c),
               "type '%s' is declared inside a function; move it to file scope so the outlined loop body can "
               "use it",
               name);
      free(name);
    }
    break;
  }
  default:
    statement(an, c, k);
  }
}

/* The range an inner canonical loop sweeps, inclusive: what lets a[i][j] with j in [0, m) be a row. */
void scan_body(analysis *an) {
  an->in_header_of = -1;
  walk_expr(an, an->h.body, MODE_READ);
}
