#define _XOPEN_SOURCE 700
#include "find/macro_scope.h"

#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

typedef struct macro_walk {
  const size_t *begins, *ends;
  size_t nspans;
  local_macro_uses *out;
} macro_walk;

static int inside_function(const macro_walk *w, size_t offset) {
  for (size_t i = 0; i < w->nspans; i++)
    if (offset >= w->begins[i] && offset < w->ends[i])
      return 1;
  return 0;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_MacroExpansion || !cursor_in_main_file(c))
    return CXChildVisit_Continue;
  macro_walk *w = data;
  CXCursor def = clang_getCursorReferenced(c);
  if (clang_Cursor_isNull(def) || !cursor_in_main_file(def) || !inside_function(w, cursor_offset(def)))
    return CXChildVisit_Continue;
  local_macro_use u = {cursor_offset(c), cursor_offset(def), cursor_name(c)};
  VEC_PUSH(w->out->items, w->out->count, w->out->cap, u);
  return CXChildVisit_Continue;
}

void find_local_macro_uses(CXTranslationUnit tu, const size_t *begins, const size_t *ends, size_t nspans,
                           local_macro_uses *out) {
  memset(out, 0, sizeof *out);
  macro_walk w = {begins, ends, nspans, out};
  if (nspans)
    clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &w);
}

void local_macro_uses_free(local_macro_uses *uses) {
  for (size_t i = 0; i < uses->count; i++)
    free(uses->items[i].name);
  free(uses->items);
  memset(uses, 0, sizeof *uses);
}
