/* region_uses.c - rank 0's code inside a data region (region.h). Approach: collect every use of a held array
 * in the region's statement outside the parallel loops, each marked read or write by where it stands (the
 * left of an assignment, an increment, `&`, a call's argument are writes); then ask of each use, by byte
 * offsets, whether an `update host` of the array comes before it in a block that encloses it with no
 * parallel loop in between (so it ran, and nothing changed the ranks' copies since), and for a write whether
 * an `update workers` follows it likewise. A textual rule, conservative on purpose: code it cannot place
 * that way is refused with the directive to add, never run with stale data. */
#define _XOPEN_SOURCE 700
#include "analyse/region.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

typedef struct use {
  size_t at;
  int writes;
  size_t item; /* index in the region's items */
} use;

typedef struct use_walk {
  const region_info *r;
  const size_t *loops;
  size_t nloops;
  use *uses;
  size_t count, cap;
  cursor_list seen; /* functions of the file already looked into */
} use_walk;

enum { MAX_CALL_DEPTH = 16 };

static int in_loop(const use_walk *w, size_t at) {
  for (size_t i = 0; i + 1 < w->nloops; i += 2)
    if (at >= w->loops[i] && at < w->loops[i + 1])
      return 1;
  return 0;
}

static void walk(use_walk *w, CXCursor c, int writing);

/* The held item a function of the file reaches by name (a global), in its own code or its callees', outside
 * the parallel loops; -1 when none. Functions are looked into once each. */
static long reaches_item(use_walk *w, CXCursor c, int depth) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (in_loop(w, cursor_offset(c)) || depth > MAX_CALL_DEPTH)
    return -1;
  if (k == CXCursor_DeclRefExpr) {
    long item = region_item_of(w->r, referenced_variable(c));
    if (item >= 0)
      return item;
  }
  if (k == CXCursor_CallExpr) {
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(c));
    int seen = 0;
    for (size_t i = 0; !clang_Cursor_isNull(def) && i < w->seen.count; i++)
      seen |= clang_equalCursors(def, w->seen.items[i]);
    if (!clang_Cursor_isNull(def) && !seen && cursor_in_main_file(def)) {
      VEC_PUSH(w->seen.items, w->seen.count, w->seen.cap, def);
      long item = reaches_item(w, def, depth + 1);
      if (item >= 0)
        return item;
    }
  }
  cursor_list kids;
  cursor_children(c, &kids);
  long found = -1;
  for (size_t i = 0; found < 0 && i < kids.count; i++)
    found = reaches_item(w, kids.items[i], depth);
  cursor_list_free(&kids);
  return found;
}

/* A call's argument the callee may write through: a pointer (an array decays to one) to non-const elements.
 * A value (an element passed by value) cannot be written. */
static int writable_pointer(CXCursor arg) {
  CXType t = canonical(clang_getCursorType(arg));
  if (t.kind != CXType_Pointer)
    return t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
           t.kind == CXType_IncompleteArray;
  return !clang_isConstQualifiedType(clang_getPointeeType(t));
}

/* Whether `param` appears in `c` (a function of the file) outside the parallel loops. */
static int used_outside_loops(const use_walk *w, CXCursor c, CXCursor param) {
  if (in_loop(w, cursor_offset(c)))
    return 0;
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
      clang_equalCursors(clang_getCursorReferenced(c), param))
    return 1;
  cursor_list kids;
  cursor_children(c, &kids);
  int used = 0;
  for (size_t i = 0; !used && i < kids.count; i++)
    used = used_outside_loops(w, kids.items[i], param);
  cursor_list_free(&kids);
  return used;
}

/* A held array passed whole (its name, nothing computed from its elements) to parameter `index` of `def`, a
 * function of the file whose every use of that parameter lies in its parallel loops: the call hands the
 * array to those loops, which find it in the region by address (the runtime's present table), so the call
 * is no use by rank 0. Anything else the callee does with the parameter -- a read or write outside its
 * loops, keeping or passing on the pointer -- keeps the call a use (a write). */
static int handed_to_loops(const use_walk *w, CXCursor arg, CXCursor def, int index) {
  CXCursor bare = cursor_strip(arg);
  if (clang_Cursor_isNull(def) || !cursor_in_main_file(def) ||
      clang_getCursorKind(bare) != CXCursor_DeclRefExpr)
    return 0;
  if (region_item_of(w->r, referenced_variable(bare)) < 0 || index >= clang_Cursor_getNumArguments(def))
    return 0;
  return !used_outside_loops(w, def, clang_Cursor_getArgument(def, (unsigned)index));
}

static void walk_children(use_walk *w, CXCursor c, int writing) {
  cursor_list kids;
  cursor_children(c, &kids);
  for (size_t i = 0; i < kids.count; i++)
    walk(w, kids.items[i], writing);
  cursor_list_free(&kids);
}

/* `writing`: the value at c may be written through (c is the left of an assignment, an operand of ++, of &,
 * or a call's argument), so the array at its root is written. */
static void walk(use_walk *w, CXCursor c, int writing) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (in_loop(w, cursor_offset(c)))
    return;
  cursor_list kids;
  switch (k) {
  case CXCursor_DeclRefExpr: {
    long item = region_item_of(w->r, referenced_variable(c));
    if (item >= 0) {
      use u = {cursor_offset(c), writing, (size_t)item};
      VEC_PUSH(w->uses, w->count, w->cap, u);
    }
    return;
  }
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator: {
    int assigns = k == CXCursor_CompoundAssignOperator ||
                  clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign;
    cursor_children(c, &kids);
    for (size_t i = 0; i < kids.count; i++)
      walk(w, kids.items[i], assigns && i == 0);
    cursor_list_free(&kids);
    return;
  }
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    walk_children(w, c,
                  op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
                      op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec ||
                      op == CXUnaryOperator_AddrOf || (op == CXUnaryOperator_Deref && writing));
    return;
  }
  case CXCursor_ArraySubscriptExpr:
    cursor_children(c, &kids);
    for (size_t i = 0; i < kids.count; i++)
      walk(w, kids.items[i], i == 0 && writing);
    cursor_list_free(&kids);
    return;
  case CXCursor_CallExpr: {
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(c));
    cursor_children(c, &kids);
    for (size_t i = 0; i < kids.count; i++)
      if (i == 0 || !handed_to_loops(w, kids.items[i], def, (int)i - 1))
        walk(w, kids.items[i], i > 0 && writable_pointer(kids.items[i]));
    cursor_list_free(&kids);
    /* A function of the file that uses a held array by name: a use at the call, which may write it. */
    if (!clang_Cursor_isNull(def) && cursor_in_main_file(def)) {
      w->seen.count = 0;
      VEC_PUSH(w->seen.items, w->seen.count, w->seen.cap, def);
      long item = reaches_item(w, def, 1);
      if (item >= 0) {
        use u = {cursor_offset(c), 1, (size_t)item};
        VEC_PUSH(w->uses, w->count, w->cap, u);
      }
    }
    return;
  }
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr:
  case CXCursor_MemberRefExpr:
  case CXCursor_CStyleCastExpr:
    walk_children(w, c, writing);
    return;
  default:
    walk_children(w, c, 0);
  }
}

/* The innermost block of the region's statement around byte `at`: [*begin, *end). */
static void enclosing_block(CXCursor c, size_t at, size_t *begin, size_t *end) {
  cursor_list kids;
  cursor_children(c, &kids);
  for (size_t i = 0; i < kids.count; i++) {
    size_t b, e;
    cursor_offsets(kids.items[i], &b, &e);
    if (at < b || at >= e)
      continue;
    if (clang_getCursorKind(kids.items[i]) == CXCursor_CompoundStmt) {
      *begin = b;
      *end = e;
    }
    enclosing_block(kids.items[i], at, begin, end);
  }
  cursor_list_free(&kids);
}

static int loop_between(const size_t *loops, size_t nloops, size_t from, size_t to) {
  for (size_t i = 0; i + 1 < nloops; i += 2)
    if (loops[i] >= from && loops[i] < to)
      return 1;
  return 0;
}

/* An update of the item's variable with the wanted clause, before (or after) `at`, in a block that encloses
 * `at`, with no parallel loop between them. */
static int covered(CXCursor stmt, const region_info *r, const region_info *regions, size_t nregions,
                   const use *u, clause_kind want, int before, const size_t *loops, size_t nloops) {
  for (size_t k = 0; k < nregions; k++) {
    const region_info *up = &regions[k];
    if (up->kind != DIRECTIVE_UPDATE || up->pragma_begin < r->stmt_begin || up->pragma_begin >= r->stmt_end)
      continue;
    if (before ? up->pragma_begin > u->at : up->pragma_begin < u->at)
      continue;
    for (size_t i = 0; i < up->nitems; i++) {
      if (up->items[i].kind != want || !clang_equalCursors(up->items[i].var, r->items[u->item].var))
        continue;
      size_t b = r->stmt_begin, e = r->stmt_end;
      enclosing_block(stmt, up->pragma_begin, &b, &e);
      int encloses = u->at >= b && u->at < e;
      size_t from = before ? up->pragma_begin : u->at, to = before ? u->at : up->pragma_begin;
      if (encloses && !loop_between(loops, nloops, from, to))
        return 1;
    }
  }
  return 0;
}

int region_first_use(CXTranslationUnit tu, CXFile file, const region_info *r, const size_t *loops,
                     size_t nloops, size_t *at, size_t *item, int *writes) {
  CXCursor stmt = clang_getCursor(tu, clang_getLocationForOffset(tu, file, (unsigned)r->stmt_begin));
  use_walk w = {r, loops, nloops, NULL, 0, 0, {NULL, 0, 0}};
  walk(&w, stmt, 0);
  free(w.seen.items);
  int found = w.count > 0;
  if (found) {
    *at = w.uses[0].at;
    *item = w.uses[0].item;
    *writes = w.uses[0].writes;
  }
  free(w.uses);
  return found;
}

int check_region_uses(CXTranslationUnit tu, CXFile file, const source_file *sf, diag_sink *sink,
                      const region_info *regions, size_t nregions, const size_t *loops, size_t nloops) {
  int failed = 0;
  for (size_t k = 0; k < nregions; k++) {
    const region_info *r = &regions[k];
    if (r->kind != DIRECTIVE_DATA)
      continue;
    CXCursor stmt = clang_getCursor(tu, clang_getLocationForOffset(tu, file, (unsigned)r->stmt_begin));
    use_walk w = {r, loops, nloops, NULL, 0, 0, {NULL, 0, 0}};
    walk(&w, stmt, 0);
    free(w.seen.items);
    for (size_t i = 0; i < w.count; i++) {
      const use *u = &w.uses[i];
      const char *name = r->items[u->item].name;
      if (!covered(stmt, r, regions, nregions, u, CLAUSE_HOST, 1, loops, nloops)) {
        diag_at_offset(
            sink, DIAG_ERROR, sf, u->at,
            "rank 0 %s '%s' here, inside a data region, where the ranks may hold newer elements; put "
            "'#pragma lsc update host(%s)' before this use, in the same block, after the last "
            "parallel loop",
            u->writes ? "writes (or calls a function that uses)" : "reads", name, name);
        diag_at(sink, DIAG_NOTE, sf, r->line, 1, "the data region that holds '%s' begins here", name);
        failed = 1;
      } else if (u->writes && !covered(stmt, r, regions, nregions, u, CLAUSE_WORKERS, 0, loops, nloops)) {
        diag_at_offset(sink, DIAG_ERROR, sf, u->at,
                       "rank 0 writes '%s' here, inside a data region; put '#pragma lsc update workers(%s)' "
                       "after this write, in the same block, before the next parallel loop, so the ranks "
                       "see it",
                       name, name);
        diag_at(sink, DIAG_NOTE, sf, r->line, 1, "the data region that holds '%s' begins here", name);
        failed = 1;
      }
    }
    free(w.uses);
  }
  return failed ? -1 : 0;
}
