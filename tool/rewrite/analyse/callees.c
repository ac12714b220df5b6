/* callees.c - what a call in the body reaches beyond the body: library calls that do I/O (warned) or jump
 * (refused); same-file functions are walked, once each, for the globals they read and write. */
#define _XOPEN_SOURCE 700
#include "analyse/callees.h"
#include "analyse/report.h"
#include "analyse/vars.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* Calls that do I/O run on whichever worker rank executes the iteration, not on rank 0. */
static const char *const io_functions[] = {
    "printf", "fprintf", "vprintf", "vfprintf", "puts",  "fputs",  "putchar", "fputc", "putc",   "fwrite",
    "fread",  "fopen",   "fclose",  "fflush",   "scanf", "fscanf", "getchar", "fgetc", "getc",   "fgets",
    "perror", "remove",  "rename",  "tmpfile",  "open",  "close",  "read",    "write", "system", NULL};

/* Non-local jumps cannot cross from a worker's body into the master's stack. */
static const char *const jump_functions[] = {"setjmp",     "_setjmp",       "__sigsetjmp",
                                             "sigsetjmp",  "longjmp",       "_longjmp",
                                             "siglongjmp", "__longjmp_chk", NULL};

static int in_list(const char *name, const char *const *list) {
  for (; *list; list++)
    if (strcmp(name, *list) == 0)
      return 1;
  return 0;
}

int callee_is_nonlocal_jump(const char *name) {
  return in_list(name, jump_functions);
}

static int already_visited(callee_visits *visits, CXCursor fn) {
  for (size_t i = 0; i < visits->count; i++)
    if (clang_equalCursors(visits->fns[i], fn))
      return 1;
  VEC_PUSH(visits->fns, visits->count, visits->cap, fn);
  return 0;
}

void callee_visits_free(callee_visits *visits) {
  free(visits->fns);
  visits->fns = NULL;
  visits->count = visits->cap = 0;
}

static int is_const_object(CXType t) {
  CXType c = clang_getCanonicalType(t);
  while (c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray)
    c = clang_getCanonicalType(clang_getArrayElementType(c));
  return clang_isConstQualifiedType(c);
}

/* The variable at the root of an lvalue: g, g[i], g.f, g[i].f. */
static CXCursor lvalue_root(CXCursor c) {
  c = cursor_strip(c);
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr)
      return referenced_variable(c);
    if (k != CXCursor_ArraySubscriptExpr && k != CXCursor_MemberRefExpr)
      return clang_getNullCursor();
    cursor_list kids;
    cursor_children(c, &kids);
    CXCursor base = kids.count ? cursor_strip(kids.items[0]) : clang_getNullCursor();
    int through_pointer = k == CXCursor_MemberRefExpr && kids.count &&
                          canonical(clang_getCursorType(kids.items[0])).kind == CXType_Pointer;
    cursor_list_free(&kids);
    if (clang_Cursor_isNull(base) || through_pointer)
      return clang_getNullCursor();
    c = base;
  }
}

typedef struct callee_walk {
  analysis *an;
  callee_visits *visits;
  size_t site; /* the call in the loop body */
  char *fn_name;
} callee_walk;

static void global_written(callee_walk *w, CXCursor lhs) {
  CXCursor var = lvalue_root(lhs);
  if (clang_Cursor_isNull(var) || variable_storage(var) != 1)
    return;
  char *name = cursor_name(var);
  an_error(
      w->an, w->site,
      "'%s' writes the global variable '%s'; called from a parallel loop, the write would stay on a worker "
      "rank",
      w->fn_name, name);
  an_note(w->an, cursor_offset(lhs), "'%s' is written here", name);
  free(name);
}

static void global_read(callee_walk *w, CXCursor ref) {
  CXCursor var = referenced_variable(ref);
  if (clang_Cursor_isNull(var) || variable_storage(var) != 1 || is_const_object(clang_getCursorType(var)))
    return;
  int vi = var_index(w->an, var);
  body_var *v = &w->an->vars[vi];
  if (v->is_iv) {
    an_error(
        w->an, w->site,
        "'%s' reads the global induction variable '%s', which only the outlined body knows per iteration",
        w->fn_name, v->name);
    return;
  }
  if (!v->via_callee && !v->used_in_body) {
    v->via_callee = 1;
    v->callee_use = w->site;
  }
  v->read = 1;
  if (!v->array_like)
    return;
  if (canonical(v->type).kind == CXType_Pointer) {
    an_error(w->an, w->site,
             "'%s' reads through the global pointer '%s'; workers would see their own, unset copy of it",
             w->fn_name, v->name);
    return;
  }
  access_rec a;
  memset(&a, 0, sizeof a);
  a.var = vi;
  a.mode = MODE_READ;
  a.whole = 1;
  a.offset = w->site;
  VEC_PUSH(w->an->accesses, w->an->naccesses, w->an->accesses_cap, a);
}

static enum CXChildVisitResult visit_callee(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  callee_walk *w = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
    if (k == CXCursor_CompoundAssignOperator ||
        clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
      cursor_list kids;
      cursor_children(c, &kids);
      if (kids.count == 2)
        global_written(w, kids.items[0]);
      cursor_list_free(&kids);
    }
  } else if (k == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
    if (u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec || u == CXUnaryOperator_PreInc ||
        u == CXUnaryOperator_PreDec) {
      cursor_list kids;
      cursor_children(c, &kids);
      if (kids.count == 1)
        global_written(w, kids.items[0]);
      cursor_list_free(&kids);
    }
  } else if (k == CXCursor_DeclRefExpr) {
    global_read(w, c);
  } else if (k == CXCursor_CallExpr) {
    scan_call(w->an, w->visits, c);
  }
  return CXChildVisit_Recurse;
}

static void analyse_callee(analysis *an, callee_visits *visits, CXCursor definition, size_t site,
                           const char *name) {
  if (already_visited(visits, definition))
    return;
  callee_walk w = {an, visits, site, xstrdup(name)};
  clang_visitChildren(definition, visit_callee, &w);
  free(w.fn_name);
}

void scan_call(analysis *an, callee_visits *visits, CXCursor call) {
  size_t at = cursor_offset(call);
  CXCursor callee = clang_getCursorReferenced(call);
  if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_FunctionDecl) {
    an_diag(an, DIAG_REMARK, at,
            "call through a function pointer; lsc assumes the callee reads no program state set at run time");
    return;
  }
  char *name = cursor_name(callee);
  if (in_list(name, jump_functions)) {
    an_error(an, at, "'%s' cannot be used in a parallel loop: non-local jumps cannot cross between processes",
             name);
  } else {
    if (in_list(name, io_functions))
      an_diag(an, DIAG_WARNING, at,
              "'%s' does I/O; in a parallel loop it runs on worker ranks, not on rank 0", name);
    CXCursor def = clang_getCursorDefinition(callee);
    if (!clang_Cursor_isNull(def) && cursor_in_main_file(def))
      analyse_callee(an, visits, def, at, name);
    else if (!clang_Location_isInSystemHeader(clang_getCursorLocation(callee)))
      an_diag(an, DIAG_REMARK, at,
              "'%s' is defined in another file; lsc assumes it reads no program state set at run time", name);
  }
  free(name);
}
