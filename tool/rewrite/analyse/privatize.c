/* privatize.c - which scalars the body writes are private by the way it uses them, as Cetus and ROSE's
 * autoPar find them: a scalar is private when on every path through an iteration it is written before it is
 * read, so no value can flow from one iteration to the next. One walk over the body in evaluation order
 * carries the set of scalars surely written so far; branches meet (a scalar is surely written after an
 * if/else or ?: only when both sides write it), and what a loop, a switch or the right side of && || writes
 * may not happen. A read of a scalar not in the set is "exposed": it may see the previous iteration's value.
 * The set at the end of the iteration (and at every `continue` of the loop) says which scalars every
 * iteration writes: only those can give the value of the last iteration back after the loop (lastprivate).
 * The walk is conservative: a `goto` or a label in the body makes every scalar exposed. It also finds which
 * scalars the enclosing function may read after the loop: any reference after it, or any reference outside
 * it when the loop sits inside another loop or the function has a goto. */
#define _XOPEN_SOURCE 700
#include "analyse/privatize.h"
#include "analyse/loop_header.h"
#include "support/cursor_util.h"

#include <stdlib.h>
#include <string.h>

typedef struct flow {
  analysis *an;
  int *cand; /* var indices of the scalars followed */
  size_t n;
  unsigned char *end; /* surely written at the end of every iteration (meet of the continues and the end) */
  int loop_depth;     /* inner loops around the node: a `continue` there stays in the body */
  int unstructured;   /* goto or a label: paths lsc does not follow */
  int after;          /* walking the code after the loop: exposed reads go to first_exposed, not to vars */
  size_t first_exposed;
} flow;

static int candidate_of(const flow *f, CXCursor e) {
  CXCursor s = cursor_strip(e);
  if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
    return -1;
  CXCursor decl = referenced_variable(s);
  if (clang_Cursor_isNull(decl))
    return -1;
  for (size_t i = 0; i < f->n; i++)
    if (clang_equalCursors(f->an->vars[f->cand[i]].decl, decl))
      return (int)i;
  return -1;
}

static void read_at(flow *f, const unsigned char *s, int c, size_t at) {
  if (c < 0 || s[c])
    return;
  if (f->after) {
    if (!f->first_exposed || at < f->first_exposed)
      f->first_exposed = at;
    return;
  }
  body_var *v = &f->an->vars[f->cand[c]];
  if (!v->exposed || at < v->exposed_at) {
    v->exposed = 1;
    v->exposed_at = at;
  }
}

static unsigned char *copy_of(const flow *f, const unsigned char *s) {
  unsigned char *c = malloc(f->n ? f->n : 1);
  memcpy(c, s, f->n);
  return c;
}

static void meet(const flow *f, unsigned char *into, const unsigned char *other) {
  for (size_t i = 0; i < f->n; i++)
    into[i] = into[i] && other[i];
}

static void walk(flow *f, CXCursor c, unsigned char *s);

/* What may not run: walked on a copy of the set, whose additions are dropped. */
static void walk_maybe(flow *f, CXCursor c, const unsigned char *s) {
  if (clang_Cursor_isNull(c))
    return;
  unsigned char *t = copy_of(f, s);
  walk(f, c, t);
  free(t);
}

static void walk_children(flow *f, CXCursor c, unsigned char *s) {
  cursor_list kids;
  cursor_children(c, &kids);
  for (size_t i = 0; i < kids.count; i++)
    walk(f, kids.items[i], s);
  cursor_list_free(&kids);
}

static void binary(flow *f, CXCursor c, unsigned char *s) {
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
  cursor_list kids;
  cursor_children(c, &kids);
  if (kids.count != 2) {
    walk_children(f, c, s);
  } else if (op == CXBinaryOperator_Assign && clang_getCursorKind(c) == CXCursor_BinaryOperator) {
    int target = candidate_of(f, kids.items[0]);
    if (target < 0)
      walk(f, kids.items[0], s);
    walk(f, kids.items[1], s);
    if (target >= 0)
      s[target] = 1;
  } else if (clang_getCursorKind(c) == CXCursor_CompoundAssignOperator) {
    int target = candidate_of(f, kids.items[0]);
    walk(f, kids.items[0], s); /* x op= e reads x */
    walk(f, kids.items[1], s);
    if (target >= 0)
      s[target] = 1;
  } else if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
    walk(f, kids.items[0], s);
    walk_maybe(f, kids.items[1], s);
  } else {
    walk(f, kids.items[0], s);
    walk(f, kids.items[1], s);
  }
  cursor_list_free(&kids);
}

/* if/else and ?: : what both branches write is written after them. */
static void branches(flow *f, CXCursor c, unsigned char *s) {
  cursor_list kids;
  cursor_children(c, &kids);
  if (kids.count >= 1)
    walk(f, kids.items[0], s);
  if (kids.count == 3) {
    unsigned char *then_set = copy_of(f, s);
    walk(f, kids.items[1], then_set);
    walk(f, kids.items[2], s);
    meet(f, s, then_set);
    free(then_set);
  } else {
    for (size_t i = 1; i < kids.count; i++)
      walk_maybe(f, kids.items[i], s);
  }
  cursor_list_free(&kids);
}

/* A `for`: its init and first test always run; its body and increment may not. */
static void for_loop(flow *f, CXCursor c, unsigned char *s) {
  CXCursor init, cond, inc, body;
  if (loop_header_parts(f->an, c, &init, &cond, &inc, &body) != 0) {
    f->unstructured = 1;
    return;
  }
  if (!clang_Cursor_isNull(init))
    walk(f, init, s);
  if (!clang_Cursor_isNull(cond))
    walk(f, cond, s);
  f->loop_depth++;
  /* The increment runs after the body, but also after a `continue` that skipped the rest of it. */
  walk_maybe(f, body, s);
  walk_maybe(f, inc, s);
  f->loop_depth--;
}

static void unary(flow *f, CXCursor c, unsigned char *s) {
  enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
  cursor_list kids;
  cursor_children(c, &kids);
  if (kids.count == 1) {
    int target = candidate_of(f, kids.items[0]);
    walk(f, kids.items[0], s); /* ++x reads x; &x may be read through */
    if (target >= 0 && (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
                        op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec))
      s[target] = 1;
  }
  cursor_list_free(&kids);
}

static void walk(flow *f, CXCursor c, unsigned char *s) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_DeclRefExpr:
    read_at(f, s, candidate_of(f, c), cursor_offset(c));
    break;
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator:
    binary(f, c, s);
    break;
  case CXCursor_UnaryOperator:
    unary(f, c, s);
    break;
  case CXCursor_IfStmt:
  case CXCursor_ConditionalOperator:
    branches(f, c, s);
    break;
  case CXCursor_ForStmt:
    for_loop(f, c, s);
    break;
  case CXCursor_WhileStmt:
  case CXCursor_SwitchStmt: {
    /* The condition runs; the body may not. A `continue` in a switch still belongs to the loop around. */
    int loop = clang_getCursorKind(c) == CXCursor_WhileStmt;
    cursor_list kids;
    cursor_children(c, &kids);
    for (size_t i = 0; i < kids.count; i++) {
      if (i + 1 < kids.count) {
        walk(f, kids.items[i], s);
        continue;
      }
      f->loop_depth += loop;
      walk_maybe(f, kids.items[i], s);
      f->loop_depth -= loop;
    }
    cursor_list_free(&kids);
    break;
  }
  case CXCursor_DoStmt: {
    /* Body and test on a copy: a `continue` may skip the rest of the body on its first run. */
    unsigned char *t = copy_of(f, s);
    f->loop_depth++;
    walk_children(f, c, t);
    f->loop_depth--;
    free(t);
    break;
  }
  case CXCursor_ContinueStmt:
    if (f->loop_depth == 0)
      meet(f, f->end, s);
    break;
  case CXCursor_GotoStmt:
  case CXCursor_IndirectGotoStmt:
  case CXCursor_LabelStmt:
    f->unstructured = 1;
    walk_children(f, c, s);
    break;
  default:
    walk_children(f, c, s);
  }
}

/* Where the enclosing function may read v after the loop (0 if nowhere). */
typedef struct liveness {
  const analysis *an;
  CXCursor decl;
  size_t after;   /* first reference after the loop */
  size_t outside; /* first reference before it */
  int in_loop, has_goto;
} liveness;

static enum CXChildVisitResult live_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  liveness *l = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  size_t b, e;
  cursor_offsets(c, &b, &e);
  if ((k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt) && b < l->an->h.loop_begin &&
      e >= l->an->h.loop_end)
    l->in_loop = 1;
  if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt)
    l->has_goto = 1;
  if (k == CXCursor_DeclRefExpr && clang_equalCursors(referenced_variable(c), l->decl)) {
    if (b >= l->an->h.loop_end && !l->after)
      l->after = b;
    else if (b < l->an->h.loop_begin && !l->outside)
      l->outside = b;
  }
  return CXChildVisit_Recurse;
}

static int same_extent(CXCursor a, CXCursor b) {
  size_t ab, ae, bb, be;
  cursor_offsets(a, &ab, &ae);
  cursor_offsets(b, &bb, &be);
  return ab == bb && ae == be && clang_getCursorKind(a) == clang_getCursorKind(b);
}

/* The statements from the function's body down to the loop: path[0] the body, path[n-1] the loop. */
static size_t path_to_loop(const analysis *an, CXCursor c, CXCursor *path, size_t depth, size_t max) {
  if (depth == max)
    return 0;
  path[depth] = c;
  size_t cb, ce;
  cursor_offsets(c, &cb, &ce);
  /* By where it starts: h.loop_end may take in the `;` of an unbraced body, the cursor's extent does not. */
  if (clang_getCursorKind(c) == CXCursor_ForStmt && cb == an->h.loop_begin)
    return depth + 1;
  size_t found = 0;
  cursor_list kids;
  cursor_children(c, &kids);
  for (size_t i = 0; i < kids.count && !found; i++) {
    size_t b, e;
    cursor_offsets(kids.items[i], &b, &e);
    if (b <= an->h.loop_begin && e > an->h.loop_begin)
      found = path_to_loop(an, kids.items[i], path, depth + 1, max);
  }
  cursor_list_free(&kids);
  return found;
}

/* Walks the statements of a block after `child` (after = 1) or before it (after = 0). */
static void walk_siblings(flow *f, CXCursor block, CXCursor child, int after, unsigned char *defined) {
  cursor_list kids;
  cursor_children(block, &kids);
  int past = 0;
  for (size_t i = 0; i < kids.count && !*defined; i++) {
    if (same_extent(kids.items[i], child)) {
      if (!after)
        break;
      past = 1;
    } else if (past || !after) {
      walk(f, kids.items[i], defined);
    }
  }
  cursor_list_free(&kids);
}

static enum CXChildVisitResult find_jump(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt || k == CXCursor_ReturnStmt) {
    *(int *)data = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* The loop sits in another loop, path[d]: after the rest of that loop's body, its increment and test run
 * (also on the way out, so their writes count for what follows the outer loop), then its body from the top
 * down to this loop, which reads nothing of the value (a private scalar that no read sees from before an
 * iteration). Only through blocks: an if or a jump (break, continue, return) in the outer loop's body would
 * leave paths this walk does not follow, so those are unsure. */
static void back_edge(flow *f, const CXCursor *path, size_t n, size_t d, unsigned char *defined,
                      int *unsure) {
  int jumps = 0;
  clang_visitChildren(path[d], find_jump, &jumps);
  for (size_t e = d + 1; e + 1 < n; e++)
    if (clang_getCursorKind(path[e]) != CXCursor_CompoundStmt)
      jumps = 1;
  if (jumps) {
    *unsure = 1;
    return;
  }
  enum CXCursorKind k = clang_getCursorKind(path[d]);
  if (k == CXCursor_ForStmt) {
    CXCursor init, cond, inc, body;
    if (loop_header_parts(f->an, path[d], &init, &cond, &inc, &body) != 0) {
      *unsure = 1;
      return;
    }
    if (!clang_Cursor_isNull(inc))
      walk(f, inc, defined);
    if (!clang_Cursor_isNull(cond))
      walk(f, cond, defined);
  } else {
    cursor_list kids;
    cursor_children(path[d], &kids);
    if (kids.count == 2)
      walk(f, kids.items[k == CXCursor_WhileStmt ? 0 : 1], defined);
    cursor_list_free(&kids);
  }
  unsigned char again = *defined;
  for (size_t e = d + 1; e + 1 < n && !again; e++)
    walk_siblings(f, path[e], path[e + 1], 0, &again);
}

/* Whether the code after the loop may read v before writing it: the statements that follow the loop in each
 * enclosing block, innermost first, walked as the body is (branches meet; what loops write may not happen),
 * until a write that surely happens; around an enclosing loop, back to this loop (back_edge). 0 when not; the
 * read's offset otherwise. Unsure in a switch (which a `break` may leave early) or where back_edge is. */
static size_t read_after_loop(analysis *an, int vi, CXCursor function, int *unsure) {
  enum { MAX_PATH = 64 };
  CXCursor path[MAX_PATH];
  cursor_list top;
  cursor_children(function, &top);
  CXCursor body = top.count ? top.items[top.count - 1] : clang_getNullCursor();
  cursor_list_free(&top);
  size_t n = clang_Cursor_isNull(body) ? 0 : path_to_loop(an, body, path, 0, MAX_PATH);
  *unsure = n == 0;
  for (size_t d = 0; d + 1 < n; d++)
    if (clang_getCursorKind(path[d]) == CXCursor_SwitchStmt)
      *unsure = 1;
  if (*unsure)
    return 0;
  flow f;
  memset(&f, 0, sizeof f);
  f.an = an;
  f.cand = &vi;
  f.n = 1;
  f.after = 1;
  unsigned char defined = 0, end = 1;
  f.end = &end;
  for (size_t d = n - 1; d-- > 0 && !defined && !*unsure;) {
    enum CXCursorKind k = clang_getCursorKind(path[d]);
    if (k == CXCursor_CompoundStmt)
      walk_siblings(&f, path[d], path[d + 1], 1, &defined);
    else if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt)
      back_edge(&f, path, n, d, &defined, unsure);
    /* an if around the loop: what follows it is in the block around the if */
  }
  if (f.unstructured)
    *unsure = 1;
  return f.first_exposed;
}

static void find_liveness(analysis *an, body_var *v) {
  if (v->storage != 0) {
    /* Any function may read a global later, and the function's next call a static local. */
    v->live_after = 1;
    v->live_at = 0;
    return;
  }
  CXCursor function = clang_getCursorSemanticParent(v->decl);
  liveness l = {an, v->decl, 0, 0, 0, 0};
  clang_visitChildren(function, live_visit, &l);
  if ((l.after || (l.outside && l.in_loop)) && !l.has_goto && !v->exposed) {
    /* `for (k = 0; ...)` in a later loop writes k before reading it: k is not read after this loop. */
    int unsure = 0;
    size_t at = read_after_loop(an, (int)(v - an->vars), function, &unsure);
    if (unsure || at) {
      v->live_after = 1;
      v->live_at = at ? at : l.after ? l.after : l.outside;
    }
  } else if (l.after) {
    v->live_after = 1;
    v->live_at = l.after;
  } else if (l.outside && (l.in_loop || l.has_goto)) {
    v->live_after = 1;
    v->live_at = l.outside;
  }
}

void find_private_scalars(analysis *an) {
  flow f;
  memset(&f, 0, sizeof f);
  f.an = an;
  f.cand = malloc((an->nvars ? an->nvars : 1) * sizeof *f.cand);
  for (size_t i = 0; i < an->nvars; i++) {
    const body_var *v = &an->vars[i];
    if (v->written && !v->inside && !v->is_iv && !v->array_like)
      f.cand[f.n++] = (int)i;
  }
  if (f.n == 0) {
    free(f.cand);
    return;
  }
  unsigned char *s = calloc(f.n, 1);
  f.end = malloc(f.n);
  memset(f.end, 1, f.n);
  walk(&f, an->h.body, s);
  meet(&f, f.end, s);
  for (size_t i = 0; i < f.n; i++) {
    body_var *v = &an->vars[f.cand[i]];
    if (f.unstructured && !v->exposed) {
      v->exposed = 1;
      v->exposed_at = v->first_read ? v->first_read : v->first_write;
    }
    v->must_written = f.end[i] && !f.unstructured;
    find_liveness(an, v);
  }
  free(s);
  free(f.end);
  free(f.cand);
}
