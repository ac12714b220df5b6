#define _XOPEN_SOURCE 700
#include "support/cursor_util.h"

#include "support/macro_range.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  cursor_list *out = data;
  VEC_PUSH(out->items, out->count, out->cap, c);
  return CXChildVisit_Continue;
}

void cursor_children(CXCursor c, cursor_list *out) {
  out->items = NULL;
  out->count = out->cap = 0;
  clang_visitChildren(c, collect, out);
}

void cursor_list_free(cursor_list *list) {
  free(list->items);
  list->items = NULL;
  list->count = list->cap = 0;
}

CXCursor cursor_strip(CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
      return c;
    cursor_list kids;
    cursor_children(c, &kids);
    if (kids.count != 1) {
      cursor_list_free(&kids);
      return c;
    }
    c = kids.items[0];
    cursor_list_free(&kids);
  }
}

void cursor_offsets(CXCursor c, size_t *begin, size_t *end) {
  range_offsets(clang_Cursor_getTranslationUnit(c), clang_getCursorExtent(c), begin, end);
}

size_t cursor_offset(CXCursor c) {
  unsigned off = 0;
  clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &off);
  return off;
}

char *cursor_source_text(CXCursor c, const source_file *sf) {
  size_t b, e;
  cursor_offsets(c, &b, &e);
  if (b > sf->len)
    b = sf->len;
  if (e > sf->len)
    e = sf->len;
  return xstrndup(sf->text + b, e - b);
}

char *cursor_name(CXCursor c) {
  CXString s = clang_getCursorSpelling(c);
  char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

char *type_name(CXType t) {
  CXString s = clang_getTypeSpelling(t);
  char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

char *declarator(const char *type, const char *name) {
  const char *hole = strstr(type, "(*)");
  if (hole)
    return xasprintf("%.*s(*%s)%s", (int)(hole - type), type, name, hole + 3);
  const char *bracket = strchr(type, '[');
  if (bracket) {
    size_t n = (size_t)(bracket - type);
    while (n > 0 && type[n - 1] == ' ')
      n--;
    return xasprintf("%.*s %s%s", (int)n, type, name, bracket);
  }
  size_t n = strlen(type);
  return xasprintf("%s%s%s", type, n && type[n - 1] == '*' ? "" : " ", name);
}

int cursor_in_main_file(CXCursor c) {
  return clang_Location_isFromMainFile(clang_getCursorLocation(c)) != 0;
}

int cursor_int_value(CXCursor c, long long *value) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  if (!r)
    return 0;
  int ok = clang_EvalResult_getKind(r) == CXEval_Int;
  if (ok)
    *value = clang_EvalResult_getAsLongLong(r);
  clang_EvalResult_dispose(r);
  return ok;
}

CXCursor referenced_variable(CXCursor c) {
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return clang_getNullCursor();
  CXCursor d = clang_getCursorReferenced(c);
  enum CXCursorKind k = clang_getCursorKind(d);
  return k == CXCursor_VarDecl || k == CXCursor_ParmDecl ? d : clang_getNullCursor();
}

int variable_storage(CXCursor var) {
  if (clang_getCursorKind(var) == CXCursor_ParmDecl)
    return 0;
  enum CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(var));
  if (parent == CXCursor_TranslationUnit)
    return 1;
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(var);
  if (sc == CX_SC_Extern)
    return 1;
  return sc == CX_SC_Static ? 2 : 0;
}

int type_is_const_object(CXType t) {
  for (;;) {
    if (clang_isConstQualifiedType(t))
      return 1;
    CXType c = clang_getCanonicalType(t);
    if (clang_isConstQualifiedType(c))
      return 1;
    if (c.kind != CXType_ConstantArray && c.kind != CXType_IncompleteArray && c.kind != CXType_VariableArray)
      return 0;
    t = clang_getArrayElementType(c);
  }
}

CXType canonical(CXType t) {
  return clang_getUnqualifiedType(clang_getCanonicalType(t));
}

int type_is_integer(CXType t) {
  enum CXTypeKind k = canonical(t).kind;
  return (k >= CXType_Bool && k <= CXType_Int128) || k == CXType_Enum;
}

int type_is_arithmetic(CXType t) {
  enum CXTypeKind k = canonical(t).kind;
  return type_is_integer(t) || k == CXType_Float || k == CXType_Double || k == CXType_LongDouble;
}
