/* loop_header.c - reads the header of a `for`: the punctuation of the header from the text (libclang omits
 * missing parts), then the init, condition and increment from the cursors, each checked against the
 * canonical forms lsc can count. How C types them (conversions, wrap-around) is iv_types.c's part. */
#define _XOPEN_SOURCE 700
#include "analyse/loop_header.h"
#include "analyse/iv_types.h"
#include "analyse/report.h"
#include "support/cursor_util.h"
#include "support/macro_range.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* Positions of `(`, the two `;` and `)` of a for header, skipping comments, strings and nested parentheses.
 * Children of a ForStmt omit missing parts, so they are classified by where they start. */
static int header_punctuation(const source_file *sf, size_t from, size_t limit, size_t semi[2],
                              size_t *rparen) {
  int depth = 0, nsemi = 0;
  for (size_t i = from; i < limit && i < sf->len; i++) {
    char c = sf->text[i];
    if (c == '/' && i + 1 < sf->len && sf->text[i + 1] == '*') {
      const char *end = strstr(sf->text + i + 2, "*/");
      i = end ? (size_t)(end - sf->text) + 1 : sf->len;
    } else if (c == '/' && i + 1 < sf->len && sf->text[i + 1] == '/') {
      while (i < sf->len && sf->text[i] != '\n')
        i++;
    } else if (c == '"' || c == '\'') {
      for (i++; i < sf->len && sf->text[i] != c; i++)
        if (sf->text[i] == '\\')
          i++;
    } else if (c == '(') {
      depth++;
    } else if (c == ')') {
      if (--depth == 0) {
        *rparen = i;
        return nsemi == 2 ? 0 : -1;
      }
    } else if (c == ';' && depth == 1 && nsemi < 2) {
      semi[nsemi++] = i;
    }
  }
  return -1;
}

int expr_has_side_effects(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator)
    return 1;
  if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign)
    return 1;
  if (k == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
    if (u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec || u == CXUnaryOperator_PreInc ||
        u == CXUnaryOperator_PreDec)
      return 1;
  }
  cursor_list kids;
  cursor_children(c, &kids);
  int found = 0;
  for (size_t i = 0; i < kids.count && !found; i++)
    found = expr_has_side_effects(kids.items[i]);
  cursor_list_free(&kids);
  return found;
}

static int is_iv_ref(CXCursor e, CXCursor iv) {
  CXCursor v = referenced_variable(cursor_strip(e));
  return !clang_Cursor_isNull(v) && clang_equalCursors(v, iv);
}

/* A header piece's text is copied into the generated code (lsc_iv_trip_count, the body's i), so the macro
 * uses in it must yield the piece alone: `before` and `after` are the tokens the parse puts around it. */
static int piece_whole(analysis *an, CXCursor piece, const char *what, const char *const *before,
                       const char *const *after, int report) {
  size_t b, e, at;
  cursor_offsets(piece, &b, &e);
  if (macro_piece_check(an->sf, piece, b, e, before, after, &at) == 0)
    return 0;
  if (report) {
    char *name = macro_name_at(an->sf, at);
    an_error(
        an, at,
        "macro '%s' yields more than the loop's %s (or the %s and more); lsc copies the %s's text, which "
        "must be whole macro uses: write the %s outside the macro, or as a macro of its own",
        name, what, what, what, what);
    free(name);
  }
  return -1;
}

static const char *const semicolon[] = {";", NULL};
static const char *const assign[] = {"=", NULL};
static const char *const rparen[] = {")", NULL};
static const char *const cmp_spelling[LSC_CMP_COUNT] = {
    [LSC_CMP_LT] = "<", [LSC_CMP_LE] = "<=", [LSC_CMP_GT] = ">", [LSC_CMP_GE] = ">=", [LSC_CMP_NE] = "!="};

/* The expression child of a VarDecl: its initialiser (other children are type references). */
static CXCursor var_initializer(CXCursor var) {
  cursor_list kids;
  cursor_children(var, &kids);
  CXCursor init = clang_getNullCursor();
  for (size_t i = 0; i < kids.count; i++)
    if (clang_isExpression(clang_getCursorKind(kids.items[i])))
      init = kids.items[i];
  cursor_list_free(&kids);
  return init;
}

static int read_init(analysis *an, CXCursor init, loop_header *h, int report, size_t for_offset) {
  enum CXCursorKind k = clang_getCursorKind(init);
  if (k == CXCursor_DeclStmt) {
    cursor_list vars;
    cursor_children(init, &vars);
    int one = vars.count == 1 && clang_getCursorKind(vars.items[0]) == CXCursor_VarDecl;
    if (one) {
      h->iv = vars.items[0];
      h->init_expr = var_initializer(h->iv);
    }
    cursor_list_free(&vars);
    if (!one) {
      if (report)
        an_error(an, cursor_offset(init), "the loop must declare exactly one induction variable");
      return -1;
    }
    h->iv_declared_in_init = 1;
  } else if (k == CXCursor_BinaryOperator &&
             clang_getCursorBinaryOperatorKind(init) == CXBinaryOperator_Assign) {
    cursor_list sides;
    cursor_children(init, &sides);
    if (sides.count == 2) {
      h->iv = referenced_variable(cursor_strip(sides.items[0]));
      h->init_expr = sides.items[1];
    }
    cursor_list_free(&sides);
  }
  if (clang_Cursor_isNull(h->iv) || clang_Cursor_isNull(h->init_expr)) {
    if (report)
      an_error(an, clang_Cursor_isNull(init) ? for_offset : cursor_offset(init),
               "the loop must initialise its induction variable ('int i = lo' or 'i = lo')");
    return -1;
  }
  return piece_whole(an, h->init_expr, "initial value", assign, semicolon, report);
}

/* a < i is i > a: the comparison seen from the induction variable */
static const int flipped[LSC_CMP_COUNT] = {[LSC_CMP_LT] = LSC_CMP_GT,
                                           [LSC_CMP_LE] = LSC_CMP_GE,
                                           [LSC_CMP_GT] = LSC_CMP_LT,
                                           [LSC_CMP_GE] = LSC_CMP_LE,
                                           [LSC_CMP_NE] = LSC_CMP_NE};

static int read_cond(analysis *an, CXCursor cond, loop_header *h, int report, size_t for_offset) {
  int ok = 0;
  if (!clang_Cursor_isNull(cond) && clang_getCursorKind(cond) == CXCursor_BinaryOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cond);
    int cmp = LSC_CMP_LT;
    int known = 1;
    switch (op) {
    case CXBinaryOperator_LT:
      cmp = LSC_CMP_LT;
      break;
    case CXBinaryOperator_LE:
      cmp = LSC_CMP_LE;
      break;
    case CXBinaryOperator_GT:
      cmp = LSC_CMP_GT;
      break;
    case CXBinaryOperator_GE:
      cmp = LSC_CMP_GE;
      break;
    case CXBinaryOperator_NE:
      cmp = LSC_CMP_NE;
      break;
    default:
      known = 0;
    }
    cursor_list sides;
    cursor_children(cond, &sides);
    if (known && sides.count == 2) {
      /* The operand keeps its implicit conversion: its type is the one the comparison is made in. */
      const char *const op[] = {cmp_spelling[cmp], NULL};
      if (is_iv_ref(sides.items[0], h->iv)) {
        h->cmp = cmp;
        h->cmp_operand = sides.items[0];
        h->bound_expr = sides.items[1];
        ok = piece_whole(an, h->bound_expr, "bound", op, semicolon, report) == 0 ? 1 : -1;
      } else if (is_iv_ref(sides.items[1], h->iv)) {
        h->cmp = flipped[cmp];
        h->cmp_operand = sides.items[1];
        h->bound_expr = sides.items[0];
        ok = piece_whole(an, h->bound_expr, "bound", semicolon, op, report) == 0 ? 1 : -1;
      }
    }
    cursor_list_free(&sides);
  }
  if (!ok && report)
    an_error(an, clang_Cursor_isNull(cond) ? for_offset : cursor_offset(cond),
             "the loop condition must compare '%s' with '<', '<=', '>', '>=' or '!='", h->iv_name);
  return ok == 1 ? 0 : -1;
}

/* The step as written; iv_types.c converts it to T's width. */
static void set_step(loop_header *h, CXCursor expr, int negate) {
  h->step_expr = expr;
  h->step_negated = negate;
  long long v;
  if ((h->step_known = cursor_int_value(expr, &v)))
    h->step = v;
}

static int read_inc(analysis *an, CXCursor inc, loop_header *h, int report, size_t for_offset) {
  static const char *const add_sub_assign[] = {"+=", "-=", NULL}, *const plus[] = {"+", NULL},
                           *const minus[] = {"-", NULL}, *const assign_or_paren[] = {"=", "(", NULL};
  const char *const *before = NULL, *const *after = rparen; /* around the step's text (piece_whole) */
  int ok = 0;
  enum CXCursorKind k =
      clang_isInvalid(clang_getCursorKind(inc)) ? CXCursor_InvalidCode : clang_getCursorKind(inc);
  cursor_list kids = {NULL, 0, 0};
  if (!clang_Cursor_isNull(inc))
    cursor_children(inc, &kids);
  if (k == CXCursor_UnaryOperator && kids.count == 1 && is_iv_ref(kids.items[0], h->iv)) {
    enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(inc);
    if (u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PostDec ||
        u == CXUnaryOperator_PreDec) {
      h->step_known = 1;
      h->step = (u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PreInc) ? 1 : -1;
      ok = 1;
    }
  } else if (k == CXCursor_CompoundAssignOperator && kids.count == 2 && is_iv_ref(kids.items[0], h->iv)) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(inc);
    if (op == CXBinaryOperator_AddAssign || op == CXBinaryOperator_SubAssign) {
      set_step(h, kids.items[1], op == CXBinaryOperator_SubAssign);
      before = add_sub_assign;
      ok = 1;
    }
  } else if (k == CXCursor_BinaryOperator && kids.count == 2 && is_iv_ref(kids.items[0], h->iv) &&
             clang_getCursorBinaryOperatorKind(inc) == CXBinaryOperator_Assign) {
    /* i = i + c, i = c + i, i = i - c */
    CXCursor rhs = cursor_strip(kids.items[1]);
    cursor_list ops;
    cursor_children(rhs, &ops);
    if (clang_getCursorKind(rhs) == CXCursor_BinaryOperator && ops.count == 2) {
      enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(rhs);
      if (op == CXBinaryOperator_Add && is_iv_ref(ops.items[0], h->iv)) {
        set_step(h, ops.items[1], 0);
        before = plus;
        ok = 1;
      } else if (op == CXBinaryOperator_Add && is_iv_ref(ops.items[1], h->iv)) {
        set_step(h, ops.items[0], 0);
        before = assign_or_paren;
        after = plus;
        ok = 1;
      } else if (op == CXBinaryOperator_Sub && is_iv_ref(ops.items[0], h->iv)) {
        set_step(h, ops.items[1], 1);
        before = minus;
        ok = 1;
      }
    }
    cursor_list_free(&ops);
  }
  cursor_list_free(&kids);
  if (!ok && report)
    an_error(an, clang_Cursor_isNull(inc) ? for_offset : cursor_offset(inc),
             "the loop increment must be '++', '--', '+= step' or '-= step' on '%s'", h->iv_name);
  if (ok && before && piece_whole(an, h->step_expr, "step", before, after, report) != 0)
    return -1;
  return ok ? 0 : -1;
}

/* The parts of a `for` by where they start: before the first `;` the init, before the second the condition,
 * before the `)` the increment; any may be missing (null). */
static void split_header(CXCursor for_stmt, const size_t semi[2], size_t close, CXCursor *init,
                         CXCursor *cond, CXCursor *inc, CXCursor *body) {
  *init = *cond = *inc = *body = clang_getNullCursor();
  cursor_list kids;
  cursor_children(for_stmt, &kids);
  for (size_t i = 0; i < kids.count; i++) {
    size_t b, e;
    cursor_offsets(kids.items[i], &b, &e);
    if (b < semi[0])
      *init = kids.items[i];
    else if (b < semi[1])
      *cond = kids.items[i];
    else if (b < close)
      *inc = kids.items[i];
    else
      *body = kids.items[i];
  }
  cursor_list_free(&kids);
}

int loop_header_parts(const analysis *an, CXCursor for_stmt, CXCursor *init, CXCursor *cond, CXCursor *inc,
                      CXCursor *body) {
  size_t begin, end, semi[2], rparen;
  cursor_offsets(for_stmt, &begin, &end);
  if (header_punctuation(an->sf, begin, end, semi, &rparen) != 0)
    return -1;
  split_header(for_stmt, semi, rparen, init, cond, inc, body);
  return 0;
}

/* The body's text moves into the outlined function and the loop's text is replaced: a macro use may not
 * yield tokens on both sides of either boundary (`#define END(x) x; } total++`). */
static int loop_text_whole(analysis *an, CXCursor for_stmt, const loop_header *h) {
  size_t at;
  if (macro_piece_check(an->sf, h->body, h->body_begin, h->body_end, rparen, NULL, &at) == 0 &&
      macro_loop_overrun(for_stmt, h->loop_begin, h->loop_end, &at) == 0)
    return 0;
  char *name = macro_name_at(an->sf, at);
  an_error(an, at,
           "macro '%s' yields tokens both inside and outside the loop's body; lsc moves the body into a "
           "function of its own: keep each macro use wholly inside the body or wholly outside the loop",
           name);
  free(name);
  return -1;
}

int loop_header_read(analysis *an, CXCursor for_stmt, loop_header *h, int report) {
  memset(h, 0, sizeof *h);
  h->iv = h->init_expr = h->bound_expr = h->step_expr = h->cmp_operand = h->body = clang_getNullCursor();
  const source_file *sf = an->sf;
  cursor_offsets(for_stmt, &h->loop_begin, &h->loop_end);
  size_t semi[2], rparen;
  if (header_punctuation(sf, h->loop_begin, h->loop_end, semi, &rparen) != 0) {
    if (report)
      an_error(an, h->loop_begin, "cannot read the header of this loop");
    return -1;
  }
  CXCursor init, cond, inc;
  split_header(for_stmt, semi, rparen, &init, &cond, &inc, &h->body);
  if (clang_Cursor_isNull(h->body))
    return -1;
  if (read_init(an, init, h, report, h->loop_begin) != 0)
    return -1;
  h->iv_name = cursor_name(h->iv);
  h->iv_type = type_name(clang_getCursorType(h->iv));
  if (!int_type_of(clang_getCursorType(h->iv), &h->iv_int)) {
    if (report)
      an_error(
          an, cursor_offset(h->iv),
          "the induction variable '%s' must have integer type (char, short, int, long or long long, signed "
          "or unsigned), not '%s'",
          h->iv_name, h->iv_type);
    return -1;
  }
  if (read_cond(an, cond, h, report, h->loop_begin) != 0 || read_inc(an, inc, h, report, h->loop_begin) != 0)
    return -1;
  CXCursor pure[2] = {h->init_expr, h->step_expr};
  for (int i = 0; i < 2; i++) {
    if (!clang_Cursor_isNull(pure[i]) && expr_has_side_effects(pure[i])) {
      if (report)
        an_error(an, cursor_offset(pure[i]),
                 "the loop's %s must not have side effects (it is evaluated more than once)",
                 i == 0 ? "initial value" : "step");
      return -1;
    }
  }
  h->init_text = cursor_source_text(h->init_expr, sf);
  h->bound_text = cursor_source_text(h->bound_expr, sf);
  long long v;
  if ((h->init_known = cursor_int_value(h->init_expr, &v)))
    h->init = v;
  if ((h->bound_known = cursor_int_value(h->bound_expr, &v)))
    h->bound = v;
  if (iv_types_read(an, h, report) != 0)
    return -1;
  cursor_offsets(h->body, &h->body_begin, &h->body_end);
  if (clang_getCursorKind(h->body) != CXCursor_CompoundStmt)
    h->body_end = source_statement_end(sf, h->body_end);
  if (h->loop_end < h->body_end)
    h->loop_end = h->body_end;
  return report ? loop_text_whole(an, for_stmt, h) : 0;
}

void loop_header_free(loop_header *h) {
  free(h->iv_name);
  free(h->iv_type);
  free(h->init_text);
  free(h->bound_text);
  free(h->cmp_type);
  free(h->init_arg);
  free(h->step_arg);
  free(h->init_k_text);
  free(h->step_k_text);
  memset(h, 0, sizeof *h);
}

/* The statements of a body: a compound statement's children, or the statement itself. */
void body_statements(CXCursor body, cursor_list *out) {
  if (clang_getCursorKind(body) == CXCursor_CompoundStmt) {
    cursor_children(body, out);
    return;
  }
  memset(out, 0, sizeof *out);
  VEC_PUSH(out->items, out->count, out->cap, body);
}

int body_is_loop_nest(CXCursor body) {
  cursor_list stmts;
  body_statements(body, &stmts);
  int nest = stmts.count == 1 && clang_getCursorKind(stmts.items[0]) == CXCursor_ForStmt;
  cursor_list_free(&stmts);
  return nest;
}
