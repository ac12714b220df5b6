/* body_scan.c - the walk over a loop body. One recursive function per kind of node: it passes down how a
 * node is used (read, written, both, its address taken, handed to a callee) and keeps the context the
 * records need (the bounded inner loops around the node, whether it sits under a condition, whether a
 * `break` would stay inside). What a node records is body_record.c's business; the walk state lives in one
 * body_walk for the duration of scan_body. */
#define _XOPEN_SOURCE 700
#include "analyse/body_scan.h"
#include "analyse/atoms.h"
#include "analyse/body_walk.h"
#include "analyse/call_args.h"
#include "analyse/callees.h"
#include "analyse/inner_loops.h"
#include "analyse/loop_header.h"
#include "analyse/reduction_use.h"
#include "analyse/report.h"
#include "analyse/vars.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

static void walk_expr(body_walk *w, CXCursor c, int mode);

static void walk_children(body_walk *w, CXCursor c, int mode) {
  cursor_list kids;
  cursor_children(c, &kids);
  for (size_t i = 0; i < kids.count; i++)
    walk_expr(w, kids.items[i], mode);
  cursor_list_free(&kids);
}

static void subscript(body_walk *w, CXCursor c, int mode, int partial) {
  CXCursor subs[MAX_DIMS];
  int nsubs = 0;
  CXCursor cur = cursor_strip(c);
  size_t at = cursor_offset(c);
  while (clang_getCursorKind(cur) == CXCursor_ArraySubscriptExpr) {
    cursor_list kids;
    cursor_children(cur, &kids);
    if (kids.count != 2 || nsubs == MAX_DIMS) {
      cursor_list_free(&kids);
      walk_children(w, cur, MODE_READ);
      return;
    }
    memmove(subs + 1, subs, sizeof(CXCursor) * (size_t)nsubs);
    subs[0] = kids.items[1];
    nsubs++;
    cur = cursor_strip(kids.items[0]);
    cursor_list_free(&kids);
  }
  if (!clang_Cursor_isNull(referenced_variable(cur))) {
    for (int s = 0; s < nsubs; s++)
      walk_expr(w, subs[s], MODE_READ);
    element_access(w, cur, subs, nsubs, mode, at, partial);
    return;
  }
  /* s.arr[i] and the like: the access belongs to the object the base names. */
  walk_expr(w, cur, (mode & MODE_WRITE) ? MODE_RW : MODE_READ);
  for (int s = 0; s < nsubs; s++)
    walk_expr(w, subs[s], MODE_READ);
}

/* *p and *(p + e): p[0] and p[e]. */
static void dereference(body_walk *w, CXCursor operand, int mode, int partial, size_t at) {
  analysis *an = w->an;
  CXCursor e = cursor_strip(operand);
  if (!clang_Cursor_isNull(referenced_variable(e))) {
    int vi = var_index(an, referenced_variable(e));
    if (an->vars[vi].inside || !an->vars[vi].array_like)
      walk_expr(w, e, MODE_READ);
    else
      pointer_access(w, vi, mode, partial, at);
    return;
  }
  if (clang_getCursorKind(e) == CXCursor_BinaryOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    cursor_list kids;
    cursor_children(e, &kids);
    if ((op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub) && kids.count == 2) {
      CXCursor l = cursor_strip(kids.items[0]), r = cursor_strip(kids.items[1]);
      CXCursor lv = referenced_variable(l), rv = referenced_variable(r);
      /* var_index may grow an->vars: index the array only after it returned. */
      int li = clang_Cursor_isNull(lv) ? -1 : var_index(an, lv),
          ri = clang_Cursor_isNull(rv) ? -1 : var_index(an, rv);
      int lptr = li >= 0 && an->vars[li].array_like;
      int rptr = ri >= 0 && an->vars[ri].array_like;
      if (lptr != rptr && (op == CXBinaryOperator_Add || lptr)) {
        CXCursor sub = lptr ? r : l;
        cursor_list_free(&kids);
        if (op == CXBinaryOperator_Sub) {
          an_error(an, at, "lsc cannot analyse '*(p - e)'; write the access as a subscript");
          return;
        }
        walk_expr(w, sub, MODE_READ);
        element_access(w, lptr ? l : r, &sub, 1, mode, at, partial);
        return;
      }
    }
    cursor_list_free(&kids);
  }
  walk_expr(w, operand, MODE_ADDRESS | MODE_READ);
}

static void member(body_walk *w, CXCursor c, int mode) {
  cursor_list kids;
  cursor_children(c, &kids);
  if (kids.count >= 1) {
    CXCursor base = kids.items[0];
    int through_pointer = canonical(clang_getCursorType(base)).kind == CXType_Pointer;
    /* Writing a member writes part of the object: the rest must come back unchanged (no OUT_EXACT). */
    int m = (mode & MODE_WRITE) ? MODE_RW : (mode & MODE_RW) ? mode & MODE_RW : MODE_READ;
    if (through_pointer)
      dereference(w, base, m, 1, cursor_offset(c));
    else if (clang_getCursorKind(cursor_strip(base)) == CXCursor_ArraySubscriptExpr)
      subscript(w, base, m, 1);
    else
      walk_expr(w, base, (mode & MODE_WRITE) ? MODE_RW : mode);
  }
  cursor_list_free(&kids);
}

static void unary(body_walk *w, CXCursor c, int mode) {
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
      reduction_check_step(w->an, &w->reductions, c, x);
      walk_expr(w, x, MODE_RW);
      break;
    case CXUnaryOperator_AddrOf: {
      /* &a[i] outside a call: whatever the pointer is used for later (row[j] = ...) is out of sight. */
      CXCursor s = cursor_strip(x);
      if (clang_getCursorKind(s) != CXCursor_ArraySubscriptExpr)
        walk_expr(w, x, MODE_ADDRESS | MODE_READ);
      else if (!element_address_refused(w, s))
        subscript(w, s, MODE_RW, 1);
      break;
    }
    case CXUnaryOperator_Deref:
      dereference(w, x, mode & MODE_RW ? mode & MODE_RW : MODE_READ, 0, cursor_offset(c));
      break;
    default:
      walk_expr(w, x, MODE_READ);
    }
  }
  cursor_list_free(&kids);
}

static void binary(body_walk *w, CXCursor c) {
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
  int compound = clang_getCursorKind(c) == CXCursor_CompoundAssignOperator;
  cursor_list kids;
  cursor_children(c, &kids);
  if (kids.count == 2) {
    if (op == CXBinaryOperator_Assign || compound)
      reduction_check_assignment(w->an, &w->reductions, c, kids.items[0], kids.items[1]);
    if (op == CXBinaryOperator_Assign) {
      walk_expr(w, kids.items[0], MODE_WRITE);
      walk_expr(w, kids.items[1], MODE_READ);
    } else if (compound) {
      walk_expr(w, kids.items[0], MODE_RW);
      walk_expr(w, kids.items[1], MODE_READ);
    } else if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
      walk_expr(w, kids.items[0], MODE_READ);
      w->cond_depth++;
      walk_expr(w, kids.items[1], MODE_READ);
      w->cond_depth--;
    } else {
      walk_expr(w, kids.items[0], MODE_READ);
      walk_expr(w, kids.items[1], MODE_READ);
    }
  }
  cursor_list_free(&kids);
}

/* Walks the parts of an array argument other than the array itself. */
static void walk_except(body_walk *w, CXCursor c, CXCursor root) {
  if (clang_equalCursors(c, root) || clang_equalCursors(cursor_strip(c), root))
    return;
  size_t root_at = cursor_offset(root), b, e;
  cursor_list kids;
  cursor_children(c, &kids);
  for (size_t i = 0; i < kids.count; i++) {
    cursor_offsets(kids.items[i], &b, &e);
    if (root_at >= b && root_at < e)
      walk_except(w, kids.items[i], root);
    else
      walk_expr(w, kids.items[i], MODE_READ);
  }
  cursor_list_free(&kids);
}

static void call_arguments(body_walk *w, CXCursor call) {
  analysis *an = w->an;
  CXCursor callee = clang_getCursorReferenced(call);
  char *callee_name = cursor_name(call);
  if (callee_is_nonlocal_jump(callee_name)) {
    free(callee_name);
    return; /* refused as a whole by scan_call */
  }
  int nargs = clang_Cursor_getNumArguments(call);
  for (int i = 0; i < nargs; i++) {
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
    CXType at = canonical(clang_getCursorType(arg));
    CXCursor root = array_argument_root(arg);
    CXCursor var = referenced_variable(root);
    int vi = clang_Cursor_isNull(var) ? -1 : var_index(an, var);
    if (at.kind == CXType_Pointer && vi >= 0 && an->vars[vi].array_like && !an->vars[vi].inside) {
      int mode = parameter_is_const_pointer(callee, (unsigned)i) ? MODE_ARG_CONST : MODE_ARG_MUTABLE;
      walk_except(w, arg, root); /* the subscripts and offsets */
      reference(w, root, mode | MODE_READ, callee_name);
    } else {
      walk_expr(w, arg, MODE_READ);
    }
  }
  /* The callee expression itself: a function pointer variable is a captured scalar like any other. */
  cursor_list kids;
  cursor_children(call, &kids);
  if (kids.count > 0)
    walk_expr(w, kids.items[0], MODE_READ);
  cursor_list_free(&kids);
  free(callee_name);
}

/* An inner `for`: a canonical one with a range lsc can bound becomes a frame, around the accesses of its
 * body; its header's own increments are not writes of the body. Any other loop may run any number of
 * times: what it does counts as conditional. */
static void inner_loop(body_walk *w, CXCursor c) {
  analysis *an = w->an;
  loop_header ih;
  int canonical_loop = loop_header_read(an, c, &ih, 0) == 0 && w->nstack < MAX_DIMS;
  inner_frame f;
  memset(&f, 0, sizeof f);
  int fi = -1;
  if (canonical_loop) {
    loop_scope scope = walk_scope(w);
    f.var = var_index(an, ih.iv);
    f.valid = inner_loop_range(an, &scope, &ih, &f);
    if (!f.valid && !an->typed_inner_why && (an->typed_inner_why = inner_range_type_problem(&ih)) != NULL) {
      cursor_offsets(ih.body, &an->typed_inner_begin, &an->typed_inner_end);
      an->typed_inner_at = cursor_offset(ih.cmp_operand);
    }
    if (f.valid) {
      f.atom = atom_add(an, ATOM_INNER, an->vars[f.var].name, f.var);
      VEC_PUSH(an->frames, an->nframes, an->frames_cap, f);
      fi = (int)an->nframes - 1;
    }
  }
  cursor_list kids;
  cursor_children(c, &kids);
  int saved_header = w->in_header_of;
  if (fi < 0)
    w->cond_depth++;
  if (!canonical_loop)
    w->break_depth++;
  for (size_t i = 0; i < kids.count; i++) {
    int is_body = canonical_loop && clang_equalCursors(kids.items[i], ih.body);
    if (is_body && fi >= 0)
      w->stack[w->nstack++] = fi;
    w->in_header_of = is_body ? saved_header : fi;
    if (is_body)
      w->break_depth++;
    walk_expr(w, kids.items[i], MODE_READ);
    if (is_body)
      w->break_depth--;
    if (is_body && fi >= 0)
      w->nstack--;
  }
  if (!canonical_loop)
    w->break_depth--;
  w->in_header_of = saved_header;
  if (fi < 0)
    w->cond_depth--;
  cursor_list_free(&kids);
  if (canonical_loop)
    loop_header_free(&ih);
}

static int jump_target_inside(const analysis *an, CXCursor go) {
  CXCursor label = clang_getCursorReferenced(go);
  size_t at = cursor_offset(label);
  return !clang_Cursor_isNull(label) && at >= an->h.body_begin && at < an->h.body_end;
}

static void statement(body_walk *w, CXCursor c, enum CXCursorKind k) {
  analysis *an = w->an;
  size_t at = cursor_offset(c);
  switch (k) {
  case CXCursor_IfStmt:
  case CXCursor_ConditionalOperator:
    w->cond_depth++;
    walk_children(w, c, MODE_READ);
    w->cond_depth--;
    break;
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt:
  case CXCursor_SwitchStmt:
    w->cond_depth++;
    w->break_depth++;
    walk_children(w, c, MODE_READ);
    w->cond_depth--;
    w->break_depth--;
    break;
  case CXCursor_BreakStmt:
    an->has_jumps = 1;
    if (w->break_depth == 0)
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
    walk_children(w, c, MODE_READ);
  }
}

static void walk_expr(body_walk *w, CXCursor c, int mode) {
  enum CXCursorKind k = clang_getCursorKind(c);
  switch (k) {
  case CXCursor_DeclRefExpr:
    reference(w, c, mode, NULL);
    break;
  case CXCursor_ArraySubscriptExpr:
    subscript(w, c, mode, 0);
    break;
  case CXCursor_MemberRefExpr:
    member(w, c, mode);
    break;
  case CXCursor_UnaryOperator:
    unary(w, c, mode);
    break;
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator:
    binary(w, c);
    break;
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr:
  case CXCursor_CStyleCastExpr:
    walk_children(w, c, mode);
    break;
  case CXCursor_CallExpr:
    call_arguments(w, c);
    scan_call(w->an, &w->callees, c);
    break;
  case CXCursor_UnaryExpr: /* sizeof, _Alignof: not evaluated, but see sizeof_check */
    sizeof_check(w, c);
    break;
  case CXCursor_VarDecl:
    local_declaration_check(w, c);
    walk_children(w, c, MODE_READ);
    break;
  case CXCursor_ForStmt:
    inner_loop(w, c);
    break;
  case CXCursor_TypeRef:
    type_reference_check(w, c);
    break;
  default:
    statement(w, c, k);
  }
}

void scan_body(analysis *an) {
  body_walk w;
  memset(&w, 0, sizeof w);
  w.an = an;
  w.in_header_of = -1;
  walk_expr(&w, an->h.body, MODE_READ);
  callee_check_opt_ins(an, &w.callees);
  callee_visits_free(&w.callees);
  reduction_reads_free(&w.reductions);
}
