/* nest_header.c - the header of a pipelined nest: the synchronization loop, which must be the only
 * statement of the scheduling loop's body (read before the walk), and after the walk the checks that need
 * the variables: its bounds invariant, no break out of a row, its variable bounded and not written. */
#define _XOPEN_SOURCE 700
#include "analyse/nest_header.h"
#include "analyse/atoms.h"
#include "analyse/loop_header.h"
#include "analyse/report.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <string.h>

/* The synchronization loop: the only statement of the scheduling loop's body. The row function runs one
 * row as that loop's iterations, so nothing else may sit beside it. */
int nest_read(analysis *an) {
  an->nest.j_atom = -1;
  an->nest.k2_atom = -1;
  cursor_list stmts;
  body_statements(an->h.body, &stmts);
  int fors = 0;
  size_t beside = 0, for_at = 0; /* the first statement that is not the first loop */
  CXCursor inner = clang_getNullCursor();
  for (size_t i = 0; i < stmts.count; i++) {
    if (clang_getCursorKind(stmts.items[i]) == CXCursor_ForStmt) {
      if (!fors++)
        inner = stmts.items[i], for_at = cursor_offset(stmts.items[i]);
      else if (!beside)
        beside = cursor_offset(stmts.items[i]);
    } else if (!beside) {
      beside = cursor_offset(stmts.items[i]);
    }
  }
  cursor_list_free(&stmts);
  if (fors == 0) {
    an_error(
        an, an->h.loop_begin,
        "'#pragma lsc pipeline for' needs a nest of at least two loops; the body of the '%s' loop is not "
        "a 'for' loop",
        an->h.iv_name);
    return -1;
  }
  if (beside) {
    an_error(an, beside,
             "the nest is not perfectly nested: the body of the '%s' loop must be a single 'for' loop, with "
             "nothing beside it",
             an->h.iv_name);
    an_note(an, for_at, "the synchronization loop is here");
    return -1;
  }
  an->nest.inner_read = 1; /* a failed read may leave strings to free */
  if (loop_header_read(an, inner, &an->nest.inner, 1) != 0)
    return -1;
  const loop_header *loops[2] = {&an->h, &an->nest.inner};
  for (int l = 0; l < 2; l++) {
    /* Distances are counted in iterations, so each step must be known to turn index distances into them. */
    if (!loops[l]->step_known) {
      an_error(an, cursor_offset(loops[l]->step_expr),
               "the step of the '%s' loop must be an integer constant in a pipelined nest",
               loops[l]->iv_name);
      return -1;
    }
    /* Rows and columns map to array slices linearly in the logical iterations; a walk that wraps around
     * breaks that, and unlike a parallel loop a nest has no one-rank fallback decided at run time. */
    if (loops[l]->may_wrap) {
      an_error(
          an, cursor_offset(loops[l]->cmp_operand),
          "'%s' ('%s') may wrap around inside the loop, and a pipelined nest maps its iterations to "
          "array slices linearly; use a signed 'int' or 'long', or a step of 1 or -1 with '<', '<=', '>' "
          "or '>='",
          loops[l]->iv_name, loops[l]->iv_type);
      return -1;
    }
  }
  return 0;
}

static int refers_to(CXCursor c, CXCursor var) {
  CXCursor v = referenced_variable(c);
  if (!clang_Cursor_isNull(v) && clang_equalCursors(v, var))
    return 1;
  cursor_list kids;
  cursor_children(c, &kids);
  int found = 0;
  for (size_t i = 0; i < kids.count && !found; i++)
    found = refers_to(kids.items[i], var);
  cursor_list_free(&kids);
  return found;
}

/* A variable the nest writes, named in c: the inner bounds are evaluated once, before the nest. */
static int written_variable(analysis *an, CXCursor c, size_t *at) {
  CXCursor v = referenced_variable(c);
  if (!clang_Cursor_isNull(v)) {
    for (size_t i = 0; i < an->nvars; i++)
      if (clang_equalCursors(an->vars[i].decl, v) && an->vars[i].body_writes) {
        *at = cursor_offset(c);
        return 1;
      }
  }
  cursor_list kids;
  cursor_children(c, &kids);
  int found = 0;
  for (size_t i = 0; i < kids.count && !found; i++)
    found = written_variable(an, kids.items[i], at);
  cursor_list_free(&kids);
  return found;
}

/* A `break` that leaves the synchronization loop would end a row early; one inside a nested loop or switch
 * does not. */
static size_t row_break(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_BreakStmt)
    return cursor_offset(c) + 1; /* +1: offset 0 is a valid answer */
  if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt || k == CXCursor_SwitchStmt)
    return 0;
  cursor_list kids;
  cursor_children(c, &kids);
  size_t found = 0;
  for (size_t i = 0; i < kids.count && !found; i++)
    found = row_break(kids.items[i]);
  cursor_list_free(&kids);
  return found;
}

int nest_check(analysis *an) {
  const loop_header *in = &an->nest.inner;
  CXCursor bounds[3] = {in->init_expr, in->bound_expr, in->step_expr};
  for (int b = 0; b < 3; b++) {
    if (clang_Cursor_isNull(bounds[b]))
      continue;
    size_t at;
    if (refers_to(bounds[b], an->h.iv)) {
      an_error(an, cursor_offset(bounds[b]),
               "the bounds of the synchronization loop must not depend on '%s': a pipelined nest is a "
               "rectangle of rows and columns",
               an->h.iv_name);
      return -1;
    }
    if (expr_has_side_effects(bounds[b])) {
      an_error(
          an, cursor_offset(bounds[b]),
          "the bounds of the synchronization loop are evaluated once, before the nest; they must not have "
          "side effects or call functions");
      return -1;
    }
    if (written_variable(an, bounds[b], &at)) {
      an_error(an, at, "the bounds of the synchronization loop must not change inside the nest");
      return -1;
    }
  }
  size_t brk = row_break(in->body);
  if (brk) {
    an_error(an, brk - 1,
             "'break' would leave the synchronization loop early; a pipelined row runs every column");
    return -1;
  }
  for (size_t f = 0; f < an->nframes; f++) {
    const inner_frame *fr = &an->frames[f];
    if (clang_equalCursors(an->vars[fr->var].decl, in->iv)) {
      an->nest.j_atom = fr->atom;
      break;
    }
  }
  if (an->nest.j_atom < 0) {
    an_error(an, cursor_offset(in->bound_expr),
             "the bounds of the synchronization loop must be affine in loop-invariant integers");
    return -1;
  }
  /* Checked after the range: when the range is unknown the header's own increment counts as a body write. */
  for (size_t v = 0; v < an->nvars; v++) {
    if (clang_equalCursors(an->vars[v].decl, in->iv) && an->vars[v].body_writes) {
      /* The row function computes it from k2 for each column. */
      an_error(an, an->vars[v].first_body_write, "the induction variable '%s' is modified in the loop body",
               in->iv_name);
      return -1;
    }
  }
  an->nest.k2_atom = atom_add(an, ATOM_K, "lsc_k2", -1);
  return 0;
}
