#define _XOPEN_SOURCE 700
#include "analyse/analysis.h"
#include "analyse/body_scan.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

static int parameter_is_const_pointer(CXCursor callee, unsigned i) {
  if (clang_Cursor_isNull(callee))
    return 0;
  CXType fn = clang_getCursorType(callee);
  if (clang_getNumArgTypes(fn) <= (int)i)
    return 0;
  CXType t = canonical(clang_getArgType(fn, i));
  return t.kind == CXType_Pointer && clang_isConstQualifiedType(clang_getPointeeType(t));
}

/* An argument that hands the callee a pointer into an array: a, &a[i], a[i] (a row), a + e. */
static CXCursor array_argument_root(CXCursor arg) {
  CXCursor s = cursor_strip(arg);
  if (clang_getCursorKind(s) == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
    cursor_list kids;
    cursor_children(s, &kids);
    s = kids.count == 1 ? cursor_strip(kids.items[0]) : s;
    cursor_list_free(&kids);
  }
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(s);
    if (k != CXCursor_ArraySubscriptExpr && k != CXCursor_BinaryOperator)
      break;
    if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(s) != CXBinaryOperator_Add &&
        clang_getCursorBinaryOperatorKind(s) != CXBinaryOperator_Sub)
      break;
    cursor_list kids;
    cursor_children(s, &kids);
    CXCursor next = clang_getNullCursor();
    for (size_t i = 0; i < kids.count; i++) {
      CXType t = canonical(clang_getCursorType(kids.items[i]));
      if (t.kind == CXType_Pointer || t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
          t.kind == CXType_IncompleteArray)
        next = cursor_strip(kids.items[i]);
    }
    cursor_list_free(&kids);
    if (clang_Cursor_isNull(next))
      break;
    s = next;
  }
  return s;
}

/* Walks the parts of an array argument other than the array itself. */
static void walk_except(analysis *an, CXCursor c, CXCursor root) {
  if (clang_equalCursors(c, root) || clang_equalCursors(cursor_strip(c), root))
    return;
  size_t root_at = cursor_offset(root), b, e;
  cursor_list kids;
  cursor_children(c, &kids);
  for (size_t i = 0; i < kids.count; i++) {
    cursor_offsets(kids.items[i], &b, &e);
    if (root_at >= b && root_at < e)
      walk_except(an, kids.items[i], root);
    else
      walk_expr(an, kids.items[i], MODE_READ);
  }
  cursor_list_free(&kids);
}

void call_arguments(analysis *an, CXCursor call) {
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
      walk_except(an, arg, root); /* the subscripts and offsets */
      reference(an, root, mode | MODE_READ, callee_name);
    } else {
      walk_expr(an, arg, MODE_READ);
    }
  }
  /* The callee expression itself: a function pointer variable is a captured scalar like any other. */
  cursor_list kids;
  cursor_children(call, &kids);
  if (kids.count > 0)
    walk_expr(an, kids.items[0], MODE_READ);
  cursor_list_free(&kids);
  free(callee_name);
}
