/* expr_poly.c - folds an integer expression into a polynomial: literals and folded constants, enumerators,
 * the induction variable, inner loop variables in scope, loop-invariant symbols; + - * and casts that keep
 * the value. */
#define _XOPEN_SOURCE 700
#include "analyse/expr_poly.h"
#include "analyse/atoms.h"
#include "analyse/vars.h"
#include "support/cursor_util.h"
#include "support/int_type.h"
#include "support/strbuf.h"

#include <string.h>

static poly variable_poly(analysis *an, const loop_scope *scope, CXCursor ref) {
  CXCursor decl = clang_getCursorReferenced(ref);
  if (clang_getCursorKind(decl) == CXCursor_EnumConstantDecl)
    return poly_const(clang_getEnumConstantDeclValue(decl));
  CXCursor var = referenced_variable(ref);
  if (clang_Cursor_isNull(var) || !type_is_integer(clang_getCursorType(var)))
    return poly_invalid();
  int v = var_index(an, var);
  body_var *bv = &an->vars[v];
  if (bv->is_iv)
    return poly_atom(an->iv_atom);
  for (int s = scope ? scope->nframes - 1 : -1; s >= 0; s--) {
    const inner_frame *f = &an->frames[scope->frames[s]];
    if (f->var == v)
      return f->valid ? poly_atom(f->atom) : poly_invalid();
  }
  if (bv->inside)
    return poly_invalid(); /* changes from iteration to iteration */
  /* Loop-invariant unless the body writes it: footprints.c drops accesses whose symbols turn out written. */
  if (bv->symbol_atom < 0)
    bv->symbol_atom = atom_add(an, ATOM_SYMBOL, bv->name, v);
  return poly_atom(bv->symbol_atom);
}

/* (long)i: a widening cast keeps the value, and narrowing to int or wider would only matter past 2^31
 * elements. A narrower target wraps within the range of real indices ((unsigned char)i for i = 256 is 0):
 * no polynomial. */
static int cast_keeps_index(CXType to, CXType from) {
  int_type t, f;
  if (!int_type_of(to, &t) || !int_type_of(from, &f))
    return 0;
  return t.bits >= 32 || int_type_holds(t, f);
}

poly expr_poly(analysis *an, const loop_scope *scope, CXCursor expr) {
  CXCursor e = cursor_strip(expr);
  enum CXCursorKind k = clang_getCursorKind(e);
  long long value;
  if (k == CXCursor_IntegerLiteral || k == CXCursor_CharacterLiteral)
    return cursor_int_value(e, &value) ? poly_const(value) : poly_invalid();
  if (k == CXCursor_DeclRefExpr)
    return variable_poly(an, scope, e);
  cursor_list kids;
  cursor_children(e, &kids);
  poly result = poly_invalid();
  if (k == CXCursor_BinaryOperator && kids.count == 2) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    if (op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub || op == CXBinaryOperator_Mul) {
      poly a = expr_poly(an, scope, kids.items[0]), b = expr_poly(an, scope, kids.items[1]);
      result = op == CXBinaryOperator_Add   ? poly_add(&a, &b)
               : op == CXBinaryOperator_Sub ? poly_sub(&a, &b)
                                            : poly_mul(&a, &b);
    } else if (cursor_int_value(e, &value)) {
      result = poly_const(value);
    }
  } else if (k == CXCursor_UnaryOperator && kids.count == 1) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e);
    poly a = expr_poly(an, scope, kids.items[0]);
    if (op == CXUnaryOperator_Minus)
      result = poly_scale(&a, -1);
    else if (op == CXUnaryOperator_Plus)
      result = a;
  } else if (k == CXCursor_CStyleCastExpr && kids.count >= 1 && type_is_integer(clang_getCursorType(e)) &&
             cast_keeps_index(clang_getCursorType(e), clang_getCursorType(kids.items[kids.count - 1]))) {
    result = expr_poly(an, scope, kids.items[kids.count - 1]);
  } else if (cursor_int_value(e, &value)) {
    result = poly_const(value); /* sizeof, enumerators, folded macros */
  }
  cursor_list_free(&kids);
  return result;
}

poly header_init_poly(analysis *an, const loop_scope *scope, const loop_header *h) {
  if (h->init_known)
    return poly_const(h->init);
  return h->init_fits ? expr_poly(an, scope, h->init_expr) : poly_invalid();
}
