#define _XOPEN_SOURCE 700
#include "analyse/analysis.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <ctype.h>
#include <string.h>

static int is_identifier(const char *s) {
  if (!isalpha((unsigned char)*s) && *s != '_')
    return 0;
  while (isalnum((unsigned char)*s) || *s == '_')
    s++;
  return *s == '\0';
}

int atom_add(analysis *an, atom_kind kind, const char *text, int var) {
  for (size_t i = 0; i < an->natoms; i++)
    if (an->atoms[i].kind == kind && an->atoms[i].var == var && strcmp(an->atoms[i].text, text) == 0)
      return (int)i;
  /* A VLA bound spelled as a variable (double g[rows][cols]) and that variable in a subscript or a loop
   * bound are one value at the loop, where both are evaluated: one atom, so row lengths cancel in the
   * footprints of g[r][c] for c < cols. The atom stays a SYMBOL so writes to the variable are still seen. */
  int text_or_symbol = kind == ATOM_TEXT || kind == ATOM_SYMBOL;
  for (size_t i = 0; i < an->natoms && text_or_symbol && is_identifier(text); i++) {
    atom *a = &an->atoms[i];
    if ((a->kind == ATOM_TEXT || a->kind == ATOM_SYMBOL) && a->kind != kind && strcmp(a->text, text) == 0) {
      if (kind == ATOM_SYMBOL) {
        a->kind = ATOM_SYMBOL;
        a->var = var;
      }
      return (int)i;
    }
  }
  atom a = {kind, xstrdup(text), var};
  VEC_PUSH(an->atoms, an->natoms, an->atoms_cap, a);
  return (int)an->natoms - 1;
}

const char *atom_spelling(int id, void *ctx) {
  const analysis *an = ctx;
  return an->atoms[id].text;
}

static poly variable_poly(analysis *an, CXCursor ref) {
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
  for (int s = an->nstack - 1; s >= 0; s--)
    if (an->frames[an->stack[s]].var == v)
      return an->frames[an->stack[s]].valid ? poly_atom(an->frames[an->stack[s]].atom) : poly_invalid();
  if (bv->inside)
    return poly_invalid(); /* changes from iteration to iteration */
  /* Loop-invariant unless the body writes it: footprints.c drops accesses whose symbols turn out written. */
  if (bv->symbol_atom < 0)
    bv->symbol_atom = atom_add(an, ATOM_SYMBOL, bv->name, v);
  return poly_atom(bv->symbol_atom);
}

poly expr_poly(analysis *an, CXCursor expr) {
  CXCursor e = cursor_strip(expr);
  enum CXCursorKind k = clang_getCursorKind(e);
  long long value;
  if (k == CXCursor_IntegerLiteral || k == CXCursor_CharacterLiteral)
    return cursor_int_value(e, &value) ? poly_const(value) : poly_invalid();
  if (k == CXCursor_DeclRefExpr)
    return variable_poly(an, e);
  cursor_list kids;
  cursor_children(e, &kids);
  poly result = poly_invalid();
  if (k == CXCursor_BinaryOperator && kids.count == 2) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    if (op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub || op == CXBinaryOperator_Mul) {
      poly a = expr_poly(an, kids.items[0]), b = expr_poly(an, kids.items[1]);
      result = op == CXBinaryOperator_Add   ? poly_add(&a, &b)
               : op == CXBinaryOperator_Sub ? poly_sub(&a, &b)
                                            : poly_mul(&a, &b);
    } else if (cursor_int_value(e, &value)) {
      result = poly_const(value);
    }
  } else if (k == CXCursor_UnaryOperator && kids.count == 1) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e);
    poly a = expr_poly(an, kids.items[0]);
    if (op == CXUnaryOperator_Minus)
      result = poly_scale(&a, -1);
    else if (op == CXUnaryOperator_Plus)
      result = a;
  } else if (k == CXCursor_CStyleCastExpr && kids.count >= 1 && type_is_integer(clang_getCursorType(e))) {
    /* (long)i: a widening cast keeps the value; narrowing would only matter past 2^31 elements. */
    result = expr_poly(an, kids.items[kids.count - 1]);
  } else if (cursor_int_value(e, &value)) {
    result = poly_const(value); /* sizeof, enumerators, folded macros */
  }
  cursor_list_free(&kids);
  return result;
}
