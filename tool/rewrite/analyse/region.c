/* region.c - the data directives. Approach: the directive's items are names the user wrote; each is looked up
 * as C would at the directive (the innermost declaration in scope there, else a file-scope one), and turned
 * into a byte range the generated code computes at run time: a whole array is `sizeof(A)` bytes at `A`, a
 * section `p[lo:len]` is len elements of `p[0]`'s size from `&p[lo]`. The runtime keeps the ranges by address
 * (as OpenACC's present table does), so loops in called functions find them too. For `data`, the marked
 * statement must be a block or a loop; its returns are recorded, since the region's exit must run before
 * them, and a break, continue or goto that would leave it is refused. */
#define _XOPEN_SOURCE 700
#include "analyse/region.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

static int inside(size_t at, size_t begin, size_t end) {
  return at >= begin && at < end;
}

/* The declaration of `name` in scope at byte `at` of the function: searched through the blocks (and `for`
 * headers) that contain `at`; the last one declared before `at` wins, as the innermost does in C. */
typedef struct scope_search {
  const char *name;
  size_t at;
  CXCursor found;
  size_t found_at;
} scope_search;

static void search_scope(CXCursor c, scope_search *s) {
  cursor_list kids;
  cursor_children(c, &kids);
  for (size_t i = 0; i < kids.count; i++) {
    CXCursor k = kids.items[i];
    enum CXCursorKind kind = clang_getCursorKind(k);
    size_t b, e;
    cursor_offsets(k, &b, &e);
    if ((kind == CXCursor_VarDecl || kind == CXCursor_ParmDecl) && b < s->at) {
      char *n = cursor_name(k);
      if (strcmp(n, s->name) == 0 && (clang_Cursor_isNull(s->found) || b >= s->found_at)) {
        s->found = k;
        s->found_at = b;
      }
      free(n);
    }
    /* A nested block or statement opens a scope only for the bytes inside it. */
    if (kind == CXCursor_DeclStmt || kind == CXCursor_ParmDecl)
      search_scope(k, s);
    else if (inside(s->at, b, e) && (clang_isStatement(kind) || kind == CXCursor_CompoundStmt))
      search_scope(k, s);
  }
  cursor_list_free(&kids);
}

static CXCursor file_scope_variable(CXTranslationUnit tu, const char *name, size_t before) {
  cursor_list kids;
  cursor_children(clang_getTranslationUnitCursor(tu), &kids);
  CXCursor found = clang_getNullCursor();
  for (size_t i = 0; i < kids.count; i++) {
    if (clang_getCursorKind(kids.items[i]) != CXCursor_VarDecl)
      continue;
    char *n = cursor_name(kids.items[i]);
    if (strcmp(n, name) == 0 &&
        (!cursor_in_main_file(kids.items[i]) || cursor_offset(kids.items[i]) < before))
      found = kids.items[i];
    free(n);
  }
  cursor_list_free(&kids);
  return found;
}

CXCursor region_visible_variable(CXTranslationUnit tu, CXCursor fn, const char *name, size_t at) {
  scope_search s = {name, at, clang_getNullCursor(), 0};
  search_scope(fn, &s);
  return clang_Cursor_isNull(s.found) ? file_scope_variable(tu, name, at) : s.found;
}

static int item_error(diag_sink *sink, const source_file *sf, const clause_item *it, const char *fmt,
                      const char *a, const char *b) {
  char *msg = xasprintf(fmt, a, b);
  diag_at(sink, DIAG_ERROR, sf, it->pos.line, it->pos.col, "%s", msg);
  free(msg);
  return -1;
}

/* The byte range of one item, as C expressions. */
static int size_item(CXTranslationUnit tu, CXCursor fn, const source_file *sf, diag_sink *sink, size_t at,
                     clause_kind kind, const clause_item *it, region_item *out) {
  CXCursor var = region_visible_variable(tu, fn, it->name, at);
  if (clang_Cursor_isNull(var))
    return item_error(sink, sf, it, "use of undeclared identifier '%s' in a data clause%s", it->name, "");
  CXType t = canonical(clang_getCursorType(var));
  /* A parameter declared as an array is a pointer: sizeof would give a pointer's size (libclang reports the
   * type as written). */
  int declared_array = t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray;
  int parameter = clang_getCursorKind(var) == CXCursor_ParmDecl;
  int array = declared_array && !parameter;
  int pointer = t.kind == CXType_Pointer || t.kind == CXType_IncompleteArray || (declared_array && parameter);
  if (!array && !pointer)
    return item_error(sink, sf, it,
                      "'%s' is not an array; data clauses name arrays (each loop captures the scalars it "
                      "reads)%s",
                      it->name, "");
  int writes = kind == CLAUSE_COPY || kind == CLAUSE_COPYOUT || kind == CLAUSE_CREATE;
  if (writes && type_is_const_object(clang_getCursorType(var)))
    return item_error(sink, sf, it, "'%s' is const: nothing can write it back; name it in 'copyin(%s)'",
                      it->name, it->name);
  if (it->nsections > 1)
    return item_error(sink, sf, it,
                      "a data clause takes whole rows: '%s[lo:len]', a section of the first dimension only%s",
                      it->name, "");
  out->name = xstrdup(it->name);
  out->kind = kind;
  out->pos = it->pos;
  out->var = var;
  if (it->nsections == 1) {
    out->base_text = xasprintf("(void *)&(%s)[%s]", it->name, it->sections[0].lo);
    out->bytes_text = xasprintf("(size_t)(%s) * sizeof (%s)[0]", it->sections[0].len, it->name);
    return 0;
  }
  if (pointer) {
    free(out->name);
    out->name = NULL;
    return item_error(sink, sf, it,
                      "'%s' is a pointer: lsc cannot tell how many elements it points to; give them as a "
                      "section, '%s[0:n]'",
                      it->name, it->name);
  }
  out->base_text = xasprintf("(void *)(%s)", it->name);
  out->bytes_text = xasprintf("sizeof(%s)", it->name);
  return 0;
}

static int region_clause(clause_kind k) {
  return k == CLAUSE_COPY || k == CLAUSE_COPYIN || k == CLAUSE_COPYOUT || k == CLAUSE_CREATE ||
         k == CLAUSE_DELETE || k == CLAUSE_HOST || k == CLAUSE_WORKERS;
}

/* The statement a `data` directive marks: a block or a loop starting at the directive's next token. */
static int marked_statement(CXTranslationUnit tu, CXFile file, const source_file *sf, diag_sink *sink,
                            const found_pragma *fp, CXCursor *stmt) {
  if (fp->has_next) {
    CXCursor c = clang_getCursor(tu, clang_getLocationForOffset(tu, file, (unsigned)fp->next_offset));
    enum CXCursorKind k = clang_getCursorKind(c);
    if ((k == CXCursor_CompoundStmt || k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
         k == CXCursor_DoStmt) &&
        cursor_offset(c) == fp->next_offset) {
      *stmt = c;
      return 0;
    }
  }
  diag_at_offset(sink, DIAG_ERROR, sf, fp->has_next ? fp->next_offset : fp->start,
                 "'#pragma lsc data' must be followed by a block '{ ... }' or a loop: the region is that "
                 "statement");
  diag_at(sink, DIAG_NOTE, sf, fp->pos.line, fp->pos.col, "the data directive is here");
  return -1;
}

/* Returns inside the region, and jumps that would leave it. `loops` counts the loops and switches between the
 * region's statement and the cursor, so a break or continue inside one of them stays inside the region. */
typedef struct jump_walk {
  const source_file *sf;
  diag_sink *sink;
  region_info *r;
  int failed;
} jump_walk;

static void walk_jumps(CXCursor c, jump_walk *w, int loops) {
  cursor_list kids;
  cursor_children(c, &kids);
  for (size_t i = 0; i < kids.count; i++) {
    CXCursor k = kids.items[i];
    enum CXCursorKind kind = clang_getCursorKind(k);
    size_t b, e;
    cursor_offsets(k, &b, &e);
    if (kind == CXCursor_ReturnStmt) {
      VEC_PUSH(w->r->returns, w->r->nreturns, w->r->returns_cap, b);
      VEC_PUSH(w->r->returns, w->r->nreturns, w->r->returns_cap, e);
    } else if ((kind == CXCursor_BreakStmt || kind == CXCursor_ContinueStmt) && loops == 0) {
      diag_at_offset(w->sink, DIAG_ERROR, w->sf, b,
                     "this '%s' leaves the data region, whose end brings the arrays back to rank 0; end the "
                     "region inside the loop, or put the loop inside the region",
                     kind == CXCursor_BreakStmt ? "break" : "continue");
      w->failed = 1;
    } else if (kind == CXCursor_GotoStmt) {
      CXCursor label = clang_getCursorReferenced(k);
      size_t at = clang_Cursor_isNull(label) ? 0 : cursor_offset(label);
      if (clang_Cursor_isNull(label) || !inside(at, w->r->stmt_begin, w->r->stmt_end)) {
        diag_at_offset(w->sink, DIAG_ERROR, w->sf, b,
                       "this 'goto' leaves the data region, whose end brings the arrays back to rank 0");
        w->failed = 1;
      }
    }
    int opens = kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt || kind == CXCursor_DoStmt ||
                kind == CXCursor_SwitchStmt;
    walk_jumps(k, w, loops + opens);
  }
  cursor_list_free(&kids);
}

int analyse_region(CXTranslationUnit tu, CXFile file, const source_file *sf, diag_sink *sink,
                   const lsc_pragma *p, const found_pragma *fp, CXCursor fn, region_info *out) {
  memset(out, 0, sizeof *out);
  out->kind = p->kind;
  out->pragma_begin = fp->start;
  out->pragma_end = fp->end;
  out->stmt_begin = out->stmt_end = fp->end;
  out->line = fp->pos.line;
  int failed = 0;
  for (size_t c = 0; c < p->nclauses; c++) {
    if (!region_clause(p->clauses[c].kind))
      continue;
    for (size_t i = 0; i < p->clauses[c].nitems; i++) {
      region_item item = {0};
      if (size_item(tu, fn, sf, sink, fp->start, p->clauses[c].kind, &p->clauses[c].items[i], &item) != 0) {
        failed = 1;
        continue;
      }
      VEC_PUSH(out->items, out->nitems, out->items_cap, item);
    }
  }
  if (p->kind == DIRECTIVE_DATA) {
    CXCursor stmt;
    if (marked_statement(tu, file, sf, sink, fp, &stmt) != 0)
      return -1;
    failed |= region_statement(stmt, sf, sink, out) != 0;
  }
  return failed ? -1 : 0;
}

int region_statement(CXCursor stmt, const source_file *sf, diag_sink *sink, region_info *r) {
  cursor_offsets(stmt, &r->stmt_begin, &r->stmt_end);
  r->stmt_end = source_statement_end(sf, r->stmt_end); /* a loop whose body is `f();` */
  jump_walk w = {sf, sink, r, 0};
  enum CXCursorKind k = clang_getCursorKind(stmt);
  /* the marked statement's own loop keeps its breaks inside the region */
  walk_jumps(stmt, &w, k == CXCursor_CompoundStmt ? 0 : 1);
  return w.failed ? -1 : 0;
}

void region_info_free(region_info *r) {
  for (size_t i = 0; i < r->nitems; i++) {
    free(r->items[i].name);
    free(r->items[i].base_text);
    free(r->items[i].bytes_text);
  }
  free(r->items);
  free(r->returns);
  memset(r, 0, sizeof *r);
}

long region_item_of(const region_info *r, CXCursor var) {
  for (size_t i = 0; !clang_Cursor_isNull(var) && i < r->nitems; i++)
    if (clang_equalCursors(var, r->items[i].var))
      return (long)i;
  return -1;
}
