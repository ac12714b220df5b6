/* reduction_use.c - checks each update of a reduction variable against its operator's forms, and records
 * the references those updates own, so that any other read is refused. min and max are not checked here:
 * their updates take too many forms (if, ?:, fmax). */
#define _XOPEN_SOURCE 700
#include "analyse/reduction_use.h"
#include "analyse/report.h"
#include "analyse/vars.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>

/* The reduction variable (other than min/max, whose updates take too many forms to check) that expression e
 * names, or NULL. */
static body_var *checked_reduction(analysis *an, CXCursor e) {
  CXCursor var = referenced_variable(cursor_strip(e));
  if (clang_Cursor_isNull(var))
    return NULL;
  int vi = var_index(an, var); /* first: it may grow an->vars, so index the array only after it */
  body_var *v = &an->vars[vi];
  if (v->inside || v->clause_role != ROLE_REDUCTION || v->op == REDUCTION_MIN || v->op == REDUCTION_MAX)
    return NULL;
  return v;
}

static void allow_read(reduction_reads *reads, CXCursor ref) {
  size_t at = cursor_offset(cursor_strip(ref));
  VEC_PUSH(reads->offsets, reads->count, reads->cap, at);
}

void reduction_reads_free(reduction_reads *reads) {
  free(reads->offsets);
  reads->offsets = NULL;
  reads->count = reads->cap = 0;
}

static int compound_matches(reduction_op op, enum CXBinaryOperatorKind k) {
  switch (op) {
  case REDUCTION_ADD:
    return k == CXBinaryOperator_AddAssign || k == CXBinaryOperator_SubAssign;
  case REDUCTION_MUL:
    return k == CXBinaryOperator_MulAssign;
  case REDUCTION_BAND:
    return k == CXBinaryOperator_AndAssign;
  case REDUCTION_BOR:
    return k == CXBinaryOperator_OrAssign;
  case REDUCTION_BXOR:
    return k == CXBinaryOperator_XorAssign;
  default:
    return 0;
  }
}

static enum CXBinaryOperatorKind plain_operator(reduction_op op) {
  static const enum CXBinaryOperatorKind ops[] = {
      CXBinaryOperator_Add,     CXBinaryOperator_Mul,  CXBinaryOperator_Invalid,
      CXBinaryOperator_Invalid, CXBinaryOperator_And,  CXBinaryOperator_Or,
      CXBinaryOperator_Xor,     CXBinaryOperator_LAnd, CXBinaryOperator_LOr};
  return ops[op];
}

static const char *const allowed_forms[] = {"'x += e', 'x -= e', 'x = x + e', 'x = x - e', '++' or '--'",
                                            "'x *= e' or 'x = x * e'",
                                            "",
                                            "",
                                            "'x &= e' or 'x = x & e'",
                                            "'x |= e' or 'x = x | e'",
                                            "'x ^= e' or 'x = x ^ e'",
                                            "'x = x && e'",
                                            "'x = x || e'"};

/* s = s op e (or e op s for commutative op): the read of s on the right is the update's own. */
static int assignment_matches(analysis *an, reduction_reads *reads, const body_var *v, CXCursor rhs) {
  CXCursor r = cursor_strip(rhs);
  if (clang_getCursorKind(r) != CXCursor_BinaryOperator)
    return 0;
  enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(r);
  int minus = v->op == REDUCTION_ADD && k == CXBinaryOperator_Sub;
  if (k != plain_operator(v->op) && !minus)
    return 0;
  cursor_list ops;
  cursor_children(r, &ops);
  int matched = 0;
  for (size_t i = 0; i < ops.count && i < 2 && !matched; i++) {
    if (minus && i == 1)
      break; /* e - s is not an update by - */
    if (checked_reduction(an, ops.items[i]) == v) {
      allow_read(reads, ops.items[i]);
      matched = 1;
    }
  }
  cursor_list_free(&ops);
  return matched;
}

static void refuse_update(analysis *an, const body_var *v, CXCursor at) {
  /* The forms with the variable's own name in place of x. */
  strbuf forms;
  sb_init(&forms);
  for (const char *f = allowed_forms[v->op]; *f; f++) {
    if (*f == 'x' && (f[1] == ' ' || f[1] == '\'') && f > allowed_forms[v->op] &&
        (f[-1] == '\'' || f[-1] == ' '))
      sb_puts(&forms, v->name);
    else
      sb_putc(&forms, *f);
  }
  an_error(an, cursor_offset(at), "'%s' is a reduction with '%s'; update it only as %s", v->name,
           reduction_op_spelling(v->op), sb_str(&forms));
  sb_free(&forms);
}

void reduction_check_assignment(analysis *an, reduction_reads *reads, CXCursor assignment, CXCursor lhs,
                                CXCursor rhs) {
  body_var *v = checked_reduction(an, lhs);
  if (!v)
    return;
  int compound = clang_getCursorKind(assignment) == CXCursor_CompoundAssignOperator;
  int ok = compound ? compound_matches(v->op, clang_getCursorBinaryOperatorKind(assignment))
                    : assignment_matches(an, reads, v, rhs);
  if (!ok)
    refuse_update(an, v, assignment);
  if (compound)
    allow_read(reads, lhs); /* refused or not, the read is part of the update: one error is enough */
}

void reduction_check_step(analysis *an, reduction_reads *reads, CXCursor increment, CXCursor operand) {
  body_var *v = checked_reduction(an, operand);
  if (!v)
    return;
  if (v->op != REDUCTION_ADD)
    refuse_update(an, v, increment);
  allow_read(reads, operand);
}

void reduction_check_read(analysis *an, const reduction_reads *reads, const body_var *v, CXCursor ref) {
  if (v->inside || v->clause_role != ROLE_REDUCTION || v->op == REDUCTION_MIN || v->op == REDUCTION_MAX)
    return;
  size_t at = cursor_offset(ref);
  for (size_t i = 0; i < reads->count; i++)
    if (reads->offsets[i] == at)
      return;
  an_error(an, at, "'%s' is a reduction variable; reading it inside the loop would see a partial result",
           v->name);
}
