/* call_args.c - the arguments of a call, as the body walk sees them: a pointer into an array is an access to
 * that array (the whole of it, lsc cannot see which elements the callee touches), read-only when the
 * parameter is a pointer to const. */
#define _XOPEN_SOURCE 700
#include "analyse/call_args.h"
#include "support/cursor_util.h"

int parameter_is_const_pointer(CXCursor callee, unsigned i) {
  if (clang_Cursor_isNull(callee))
    return 0;
  CXType fn = clang_getCursorType(callee);
  if (clang_getNumArgTypes(fn) <= (int)i)
    return 0;
  CXType t = canonical(clang_getArgType(fn, i));
  return t.kind == CXType_Pointer && clang_isConstQualifiedType(clang_getPointeeType(t));
}

/* An argument that hands the callee a pointer into an array: a, &a[i], a[i] (a row), a + e. */
CXCursor array_argument_root(CXCursor arg) {
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
