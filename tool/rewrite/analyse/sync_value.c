/* sync_value.c - sync(h) of a pipelined nest: a literal or an object-like macro that folds to one, checked
 * against the limits of the runtime. */
#define _XOPEN_SOURCE 700
#include "analyse/sync_value.h"
#include "support/cursor_util.h"
#include "support/section_expr.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* sync(H): the site is static and the runtime reads a count, so the interval is folded when the program is
 * rewritten. clause.c folded literals; names here must be object-like macros whose bodies fold in turn. */

enum { MAX_MACRO_DEPTH = 16 };

typedef struct macro_search {
  const char *name;
  size_t before; /* definitions in the main file after the pragma do not apply to it */
  CXCursor found;
} macro_search;

static enum CXChildVisitResult find_macro(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  macro_search *s = data;
  if (clang_getCursorKind(c) != CXCursor_MacroDefinition)
    return CXChildVisit_Continue;
  if (cursor_in_main_file(c) && cursor_offset(c) >= s->before)
    return CXChildVisit_Continue;
  CXString spelling = clang_getCursorSpelling(c);
  if (strcmp(clang_getCString(spelling), s->name) == 0)
    s->found = c; /* the last one before the pragma wins, as in the preprocessor */
  clang_disposeString(spelling);
  return CXChildVisit_Continue;
}

/* The replacement text of an object-like macro, or NULL. */
static char *macro_body(analysis *an, const char *name) {
  macro_search s = {name, an->pragma_offset, clang_getNullCursor()};
  clang_visitChildren(clang_getTranslationUnitCursor(an->tu), find_macro, &s);
  if (clang_Cursor_isNull(s.found) || clang_Cursor_isMacroFunctionLike(s.found))
    return NULL;
  CXToken *tokens = NULL;
  unsigned n = 0;
  clang_tokenize(an->tu, clang_getCursorExtent(s.found), &tokens, &n);
  strbuf body;
  sb_init(&body);
  for (unsigned i = 1; i < n; i++) { /* token 0 is the macro's name */
    CXString t = clang_getTokenSpelling(an->tu, tokens[i]);
    sb_printf(&body, "%s%s", i > 1 ? " " : "", clang_getCString(t));
    clang_disposeString(t);
  }
  clang_disposeTokens(an->tu, tokens, n);
  return sb_take(&body);
}

/* The names met while folding, each with its value: section_expr's atoms are indices into this table. */
typedef struct fold_ctx {
  analysis *an;
  int depth;
  int ok;
  char bad_name[128]; /* the first name that did not fold */
  char **names;
  int64_t *values;
  size_t count, cap;
} fold_ctx;

static int fold_text(fold_ctx *f, const char *text, int64_t *value);

static int macro_atom(const char *name, void *ctx) {
  fold_ctx *f = ctx;
  for (size_t i = 0; i < f->count; i++)
    if (strcmp(f->names[i], name) == 0)
      return (int)i;
  char *body = f->depth < MAX_MACRO_DEPTH ? macro_body(f->an, name) : NULL;
  int64_t v = 0;
  f->depth++;
  int ok = body && fold_text(f, body, &v) == 0;
  f->depth--;
  free(body);
  if (!ok && f->ok) {
    f->ok = 0;
    snprintf(f->bad_name, sizeof f->bad_name, "%s", name);
  }
  if (f->count == f->cap) {
    f->cap = f->cap ? 2 * f->cap : 8;
    f->names = xrealloc(f->names, f->cap * sizeof *f->names);
    f->values = xrealloc(f->values, f->cap * sizeof *f->values);
  }
  f->names[f->count] = xstrdup(name);
  f->values[f->count] = v;
  return (int)f->count++;
}

/* p with every atom replaced by its value; -1 on overflow. */
static int evaluate(const fold_ctx *f, const poly *p, int64_t *value) {
  int64_t sum = 0;
  for (int t = 0; t < p->nterms; t++) {
    int64_t term = p->terms[t].coef;
    for (int k = 0; k < p->terms[t].nfactors; k++)
      if (__builtin_mul_overflow(term, f->values[p->terms[t].factors[k]], &term))
        return -1;
    if (__builtin_add_overflow(sum, term, &sum))
      return -1;
  }
  *value = sum;
  return 0;
}

static int fold_text(fold_ctx *f, const char *text, int64_t *value) {
  poly p;
  if (section_expr_parse(text, macro_atom, f, &p) != 0 || !f->ok || !p.valid)
    return -1;
  return evaluate(f, &p, value);
}

int fold_constant(analysis *an, const char *text, int64_t *value) {
  fold_ctx f;
  memset(&f, 0, sizeof f);
  f.an = an;
  f.ok = 1;
  int rc = fold_text(&f, text, value);
  for (size_t i = 0; i < f.count; i++)
    free(f.names[i]);
  free(f.names);
  free(f.values);
  return rc == 0 && f.ok ? 0 : -1;
}

int nest_sync_value(analysis *an) {
  const clause *c = pragma_clause(an->pragma, CLAUSE_SYNC);
  an->nest.sync = 0;
  if (!c || strcmp(c->arg, "auto") == 0)
    return 0;
  fold_ctx f;
  memset(&f, 0, sizeof f);
  f.an = an;
  f.ok = 1;
  int64_t h = 0;
  int rc = fold_text(&f, c->arg, &h);
  for (size_t i = 0; i < f.count; i++)
    free(f.names[i]);
  free(f.names);
  free(f.values);
  if (rc != 0 || !f.ok) {
    diag_at(
        an->sink, DIAG_ERROR, an->sf, c->arg_pos.line, c->arg_pos.col,
        "sync(%s): '%s' is not a macro with a constant integer value; the interval must be known when the "
        "program is rewritten (or use 'sync(auto)')",
        c->arg, f.bad_name[0] ? f.bad_name : c->arg);
    an->failed = 1;
    return -1;
  }
  if (h < 1 || h > SYNC_MAX) {
    diag_at(an->sink, DIAG_ERROR, an->sf, c->arg_pos.line, c->arg_pos.col,
            "sync(%s) is %lld; the interval must be from 1 to 2^62", c->arg, (long long)h);
    an->failed = 1;
    return -1;
  }
  an->nest.sync = h;
  return 0;
}
