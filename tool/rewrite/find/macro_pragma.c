/* macro_pragma.c - finds the lsc pragmas that macro expansions produce, by expanding the uses again.
 *
 * Unknown pragmas never reach libclang's AST and libclang gives no expanded tokens, but the detailed
 * preprocessing record lists every macro definition and every use, in translation order, and each can be
 * tokenized. So: (1) collect the definitions and uses in order; (2) mark the macros that may produce a
 * `_Pragma` (their body names `_Pragma`, or a macro that may, to a fixpoint); (3) replay the record, keeping
 * the definition in force for each name, and expand each use that involves such a macro with a small C
 * preprocessor: object-like and function-like macros, `#` stringification, `##` pasting, variadic
 * arguments, a hide set against recursion. The result is read for `_Pragma ( string-literal )`.
 *
 * The expander need not be complete, only never silent: an expansion it cannot reduce to a string next to
 * the word `lsc` is reported as unreadable (an error for the caller), never dropped. `#undef` is not in the
 * record; a use after it may be expanded with the old definition, which can only add a pragma the user
 * meant to remove, and the rewrite then fails loudly rather than quietly. */
#define _XOPEN_SOURCE 700
#include "find/macro_pragma.h"

#include "support/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct mtok {
  char *text;
  int ident; /* identifier or keyword: a name that may be a macro or a parameter */
  int space; /* whitespace before it: kept by stringification */
} mtok;

typedef struct mtoks {
  mtok *items;
  size_t count, cap;
} mtoks;

static void mt_push(mtoks *l, const char *text, int ident, int space) {
  mtok t = {xstrdup(text), ident, space};
  VEC_PUSH(l->items, l->count, l->cap, t);
}

static void mt_free(mtoks *l) {
  for (size_t i = 0; i < l->count; i++)
    free(l->items[i].text);
  free(l->items);
  memset(l, 0, sizeof *l);
}

static int is(const mtok *t, const char *text) {
  return strcmp(t->text, text) == 0;
}

static int ident_start(char c) {
  return isalpha((unsigned char)c) || c == '_';
}

/* The tokens of a range, comments dropped, with whether whitespace came before each. */
static void tokenize_range(CXTranslationUnit tu, CXSourceRange range, mtoks *out) {
  memset(out, 0, sizeof *out);
  CXToken *toks = NULL;
  unsigned n = 0;
  clang_tokenize(tu, range, &toks, &n);
  unsigned prev_end = 0;
  int have_prev = 0;
  for (unsigned i = 0; i < n; i++) {
    CXTokenKind kind = clang_getTokenKind(toks[i]);
    if (kind == CXToken_Comment)
      continue;
    CXSourceRange extent = clang_getTokenExtent(tu, toks[i]);
    unsigned begin = 0, end = 0;
    clang_getExpansionLocation(clang_getRangeStart(extent), NULL, NULL, NULL, &begin);
    clang_getExpansionLocation(clang_getRangeEnd(extent), NULL, NULL, NULL, &end);
    CXString s = clang_getTokenSpelling(tu, toks[i]);
    mt_push(out, clang_getCString(s), kind == CXToken_Identifier || kind == CXToken_Keyword,
            have_prev && begin > prev_end);
    clang_disposeString(s);
    prev_end = end;
    have_prev = 1;
  }
  clang_disposeTokens(tu, toks, n);
}

typedef struct mdef {
  char *name;
  CXCursor cursor;
  int function_like;
  char **params;
  size_t nparams;
  int variadic; /* the last parameter takes the rest of the arguments */
  mtoks body;
  int capable; /* may expand to a _Pragma */
} mdef;

static void mdef_read(CXTranslationUnit tu, CXCursor c, mdef *d) {
  memset(d, 0, sizeof *d);
  d->cursor = c;
  CXString s = clang_getCursorSpelling(c);
  d->name = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  d->function_like = (int)clang_Cursor_isMacroFunctionLike(c);
  mtoks all;
  tokenize_range(tu, clang_getCursorExtent(c), &all);
  size_t i = all.count ? 1 : 0; /* past the name */
  if (d->function_like && i < all.count && is(&all.items[i], "(")) {
    size_t cap = 0;
    for (i++; i < all.count && !is(&all.items[i], ")"); i++) {
      const mtok *t = &all.items[i];
      if (is(t, ","))
        continue;
      if (is(t, "...")) {
        char *va = xstrdup("__VA_ARGS__");
        VEC_PUSH(d->params, d->nparams, cap, va);
        d->variadic = 1;
      } else if (t->ident) {
        char *p = xstrdup(t->text);
        VEC_PUSH(d->params, d->nparams, cap, p);
        if (i + 1 < all.count && is(&all.items[i + 1], "...")) { /* GNU named variadic: args... */
          d->variadic = 1;
          i++;
        }
      }
    }
    i++; /* past ')' */
  }
  for (; i < all.count; i++)
    mt_push(&d->body, all.items[i].text, all.items[i].ident, all.items[i].space);
  mt_free(&all);
  for (size_t k = 0; k < d->body.count; k++)
    d->capable |= is(&d->body.items[k], "_Pragma");
}

static void mdef_free(mdef *d) {
  free(d->name);
  for (size_t i = 0; i < d->nparams; i++)
    free(d->params[i]);
  free(d->params);
  mt_free(&d->body);
}

/* Names to definitions: open addressing over the definitions' names; a later definition of a name replaces
 * the earlier one, as #define does. */
typedef struct name_map {
  long *slots; /* definition index, -1 empty */
  size_t cap;
} name_map;

static size_t name_hash(const char *s) {
  size_t h = 1469598103934665603u;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 1099511628211u;
  return h;
}

static void map_init(name_map *m, size_t n) {
  m->cap = 16;
  while (m->cap < 2 * n + 1)
    m->cap *= 2;
  m->slots = xmalloc(m->cap * sizeof *m->slots);
  for (size_t i = 0; i < m->cap; i++)
    m->slots[i] = -1;
}

static long *map_slot(const name_map *m, const mdef *defs, const char *name) {
  size_t i = name_hash(name) & (m->cap - 1);
  while (m->slots[i] >= 0 && strcmp(defs[m->slots[i]].name, name) != 0)
    i = (i + 1) & (m->cap - 1);
  return &m->slots[i];
}

typedef struct expander {
  const mdef *defs;
  name_map current;            /* the definition in force at the use being expanded */
  name_map any;                /* the first definition of each name: the key of the name's capability */
  unsigned char *name_capable; /* by first definition: some definition of the name may produce a pragma */
  size_t budget;               /* tokens the expander may still produce: a runaway expansion fails instead */
  int failed;
  const char **hide; /* the macros being expanded: not expanded again inside themselves */
  size_t nhide, hide_cap;
} expander;

static const mdef *lookup(const expander *x, const mtok *t) {
  if (!t->ident)
    return NULL;
  long i = *map_slot(&x->current, x->defs, t->text);
  return i >= 0 ? &x->defs[i] : NULL;
}

static int hidden(const expander *x, const char *name) {
  for (size_t i = 0; i < x->nhide; i++)
    if (strcmp(x->hide[i], name) == 0)
      return 1;
  return 0;
}

static void emit(expander *x, mtoks *out, const mtok *t, int space) {
  if (x->budget == 0) {
    x->failed = 1;
    return;
  }
  x->budget--;
  mt_push(out, t->text, t->ident, space);
}

static void expand(expander *x, const mtoks *in, int depth, mtoks *out);

static int param_index(const mdef *d, const mtok *t) {
  for (size_t i = 0; t->ident && i < d->nparams; i++)
    if (strcmp(d->params[i], t->text) == 0)
      return (int)i;
  return -1;
}

/* `#arg`: the argument's spelling as a string literal, quotes and backslashes escaped. */
static void stringify(const mtoks *arg, mtoks *out) {
  strbuf sb;
  sb_init(&sb);
  sb_putc(&sb, '"');
  for (size_t i = 0; i < arg->count; i++) {
    if (i > 0 && arg->items[i].space)
      sb_putc(&sb, ' ');
    for (const char *c = arg->items[i].text; *c; c++) {
      if (*c == '"' || *c == '\\')
        sb_putc(&sb, '\\');
      sb_putc(&sb, *c);
    }
  }
  sb_putc(&sb, '"');
  mt_push(out, sb_str(&sb), 0, 0);
  sb_free(&sb);
}

/* The arguments of a use: from the `(` at in[open] to its `)`, split at top-level commas (the variadic
 * parameter takes the rest). Returns the index of the `)`, or 0 when it is missing. */
static size_t collect_args(const mdef *d, const mtoks *in, size_t open, mtoks **args, size_t *nargs) {
  size_t n = d->nparams ? d->nparams : 1;
  *args = xcalloc(n, sizeof **args);
  *nargs = 1;
  int depth = 0;
  for (size_t i = open + 1; i < in->count; i++) {
    const mtok *t = &in->items[i];
    if (is(t, "("))
      depth++;
    if (is(t, ")") && depth-- == 0)
      return i;
    int last_variadic = d->variadic && *nargs == d->nparams;
    if (is(t, ",") && depth == 0 && !last_variadic) {
      if (*nargs == n)
        return 0; /* too many arguments: not something the preprocessor accepted */
      (*nargs)++;
      continue;
    }
    mt_push(&(*args)[*nargs - 1], t->text, t->ident, t->space);
  }
  return 0;
}

/* The body of d with its parameters replaced: `#p` stringified, a parameter next to `##` as written, any
 * other fully expanded first; `a ## b` pasted into one token. */
static void substitute(expander *x, const mdef *d, const mtoks *args, size_t nargs, int depth, mtoks *out) {
  const mtoks *body = &d->body;
  for (size_t k = 0; k < body->count && !x->failed; k++) {
    const mtok *t = &body->items[k];
    if (is(t, "#") && k + 1 < body->count && param_index(d, &body->items[k + 1]) >= 0) {
      int p = param_index(d, &body->items[++k]);
      if ((size_t)p < nargs)
        stringify(&args[p], out);
      continue;
    }
    if (is(t, "##") && k + 1 < body->count) {
      const mtok *next = &body->items[++k];
      int p = param_index(d, next);
      mtoks single = {NULL, 0, 0};
      const mtoks *right = p >= 0 ? ((size_t)p < nargs ? &args[p] : &single) : NULL;
      if (!right) {
        mt_push(&single, next->text, next->ident, 0);
        right = &single;
      }
      size_t from = 0;
      if (out->count && right->count) {
        mtok *left = &out->items[out->count - 1];
        char *pasted = xasprintf("%s%s", left->text, right->items[0].text);
        free(left->text);
        left->text = pasted;
        left->ident = ident_start(pasted[0]);
        from = 1;
      }
      for (size_t r = from; r < right->count; r++)
        mt_push(out, right->items[r].text, right->items[r].ident, right->items[r].space);
      mt_free(&single);
      continue;
    }
    int p = param_index(d, t);
    if (p < 0) {
      mt_push(out, t->text, t->ident, t->space);
      continue;
    }
    if ((size_t)p >= nargs)
      continue;
    int pasted = k + 1 < body->count && is(&body->items[k + 1], "##");
    if (pasted) {
      for (size_t r = 0; r < args[p].count; r++)
        mt_push(out, args[p].items[r].text, args[p].items[r].ident, r ? args[p].items[r].space : t->space);
    } else {
      mtoks expanded = {NULL, 0, 0};
      expand(x, &args[p], depth + 1, &expanded);
      for (size_t r = 0; r < expanded.count; r++)
        mt_push(out, expanded.items[r].text, expanded.items[r].ident, r ? expanded.items[r].space : t->space);
      mt_free(&expanded);
    }
  }
}

static void expand(expander *x, const mtoks *in, int depth, mtoks *out) {
  for (size_t i = 0; i < in->count && !x->failed; i++) {
    const mtok *t = &in->items[i];
    const mdef *d = lookup(x, t);
    if (!d || hidden(x, d->name) || depth > 64) {
      emit(x, out, t, t->space);
      continue;
    }
    mtoks replaced = {NULL, 0, 0};
    if (!d->function_like) {
      substitute(x, d, NULL, 0, depth, &replaced);
    } else {
      if (i + 1 >= in->count || !is(&in->items[i + 1], "(")) {
        emit(x, out, t, t->space); /* a function-like macro's name without arguments is just a name */
        continue;
      }
      mtoks *args = NULL;
      size_t nargs = 0;
      size_t close = collect_args(d, in, i + 1, &args, &nargs);
      if (close)
        substitute(x, d, args, nargs, depth, &replaced);
      else
        x->failed = 1;
      for (size_t a = 0; a < (d->nparams ? d->nparams : 1); a++)
        mt_free(&args[a]);
      free(args);
      if (!close) {
        mt_free(&replaced);
        return;
      }
      i = close;
    }
    VEC_PUSH(x->hide, x->nhide, x->hide_cap, d->name);
    size_t first = out->count;
    expand(x, &replaced, depth + 1, out);
    if (out->count > first)
      out->items[first].space = t->space;
    x->nhide--;
    mt_free(&replaced);
  }
}

int text_is_lsc_pragma(const char *text, const char **rest) {
  while (*text == ' ' || *text == '\t')
    text++;
  if (strncmp(text, "lsc", 3) != 0 || isalnum((unsigned char)text[3]) || text[3] == '_')
    return 0;
  *rest = text + 3;
  return 1;
}

char *destringize(const char *literal) {
  const char *q = strchr(literal, '"');
  if (!q)
    return NULL;
  size_t len = strlen(q);
  if (len < 2 || q[len - 1] != '"')
    return NULL;
  strbuf sb;
  sb_init(&sb);
  for (size_t i = 1; i + 1 < len; i++) {
    if (q[i] == '\\' && i + 2 < len && (q[i + 1] == '"' || q[i + 1] == '\\'))
      i++;
    sb_putc(&sb, q[i]);
  }
  return sb_take(&sb);
}

/* Whether the expansion ends in `_Pragma` or `_Pragma (`: a macro that aliases the operator, whose
 * operand follows the use in the source (`#define P _Pragma` then `P("lsc parallel for")`). */
static int ends_in_operator(const mtoks *r) {
  size_t n = r->count;
  return (n >= 1 && is(&r->items[n - 1], "_Pragma")) ||
         (n >= 2 && is(&r->items[n - 2], "_Pragma") && is(&r->items[n - 1], "("));
}

/* Whether the few tokens after a use, in its file, mention lsc. */
static int followed_by_lsc(CXTranslationUnit tu, CXFile file, unsigned end) {
  size_t size = 0;
  if (!file || !clang_getFileContents(tu, file, &size) || end >= size)
    return 0;
  unsigned stop = end + 256 < size ? end + 256 : (unsigned)size;
  mtoks after;
  tokenize_range(
      tu,
      clang_getRange(clang_getLocationForOffset(tu, file, end), clang_getLocationForOffset(tu, file, stop)),
      &after);
  int found = 0;
  for (size_t i = 0; i < after.count && i < 4 && !found; i++)
    found = strstr(after.items[i].text, "lsc") != NULL;
  mt_free(&after);
  return found;
}

/* Reads an expansion's tokens: exactly one lsc pragma (OK, its words in *text), an lsc pragma among other
 * tokens (MORE), a _Pragma the expander could not reduce next to the word lsc (UNREADABLE), or -1: none. */
static int read_expansion(const mtoks *r, int failed, int lsc_follows, char **text) {
  int lsc = 0, other = 0, unreadable = failed, mentions_lsc = lsc_follows;
  *text = NULL;
  for (size_t i = 0; i < r->count; i++) {
    const mtok *t = &r->items[i];
    mentions_lsc |= strstr(t->text, "lsc") != NULL;
    if (!is(t, "_Pragma")) {
      other++;
      continue;
    }
    char *words = i + 3 < r->count && is(&r->items[i + 1], "(") && is(&r->items[i + 3], ")")
                      ? destringize(r->items[i + 2].text)
                      : NULL;
    const char *rest;
    if (!words) {
      unreadable = 1;
    } else if (text_is_lsc_pragma(words, &rest)) {
      if (lsc++ == 0)
        *text = xstrdup(rest);
      i += 3;
    } else {
      other++; /* another pragma (omp, GCC): dropped with the use if it were replaced */
      i += 3;
    }
    free(words);
  }
  if (lsc == 1 && other == 0 && !unreadable)
    return MACRO_PRAGMA_OK;
  if (lsc)
    return MACRO_PRAGMA_MORE;
  if (unreadable && mentions_lsc)
    return MACRO_PRAGMA_UNREADABLE;
  free(*text);
  *text = NULL;
  return -1;
}

typedef struct record_event {
  int is_use;
  size_t def;      /* definitions: index into defs */
  CXCursor cursor; /* uses */
} record_event;

typedef struct record {
  CXTranslationUnit tu;
  mdef *defs;
  size_t ndefs, defs_cap;
  record_event *events;
  size_t nevents, events_cap;
} record;

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  record *rec = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_MacroDefinition) {
    mdef d;
    mdef_read(rec->tu, c, &d);
    VEC_PUSH(rec->defs, rec->ndefs, rec->defs_cap, d);
    record_event e = {0, rec->ndefs - 1, c};
    VEC_PUSH(rec->events, rec->nevents, rec->events_cap, e);
  } else if (k == CXCursor_MacroExpansion) {
    /* The record lists the operator itself as a use of a builtin macro: it is no macro of the user's, and
     * the written _Pragma is pragma_find.c's. */
    CXString name = clang_getCursorSpelling(c);
    int operator= strcmp(clang_getCString(name), "_Pragma") == 0;
    clang_disposeString(name);
    if (operator)
      return CXChildVisit_Continue;
    record_event e = {1, 0, c};
    VEC_PUSH(rec->events, rec->nevents, rec->events_cap, e);
  }
  return CXChildVisit_Continue;
}

static int name_capable(const expander *x, const char *name) {
  long first = *map_slot(&x->any, x->defs, name);
  return first >= 0 && x->name_capable[first];
}

/* A macro may produce a _Pragma when its body names _Pragma or a macro that may: a fixpoint over every
 * definition of every name, so that the order of definitions cannot hide one. Returns how many may. */
static size_t mark_capable(record *rec, expander *x) {
  x->name_capable = xcalloc(rec->ndefs + 1, 1);
  for (size_t i = 0; i < rec->ndefs; i++) {
    long *slot = map_slot(&x->any, rec->defs, rec->defs[i].name);
    if (*slot < 0)
      *slot = (long)i;
    x->name_capable[*slot] |= (unsigned char)rec->defs[i].capable;
  }
  int changed = 1;
  while (changed) {
    changed = 0;
    for (size_t i = 0; i < rec->ndefs; i++) {
      mdef *d = &rec->defs[i];
      for (size_t k = 0; k < d->body.count && !d->capable; k++)
        if (d->body.items[k].ident && name_capable(x, d->body.items[k].text)) {
          d->capable = changed = 1;
          x->name_capable[*map_slot(&x->any, rec->defs, d->name)] = 1;
        }
    }
  }
  size_t n = 0;
  for (size_t i = 0; i < rec->ndefs; i++)
    n += rec->defs[i].capable;
  return n;
}

void find_macro_pragmas(CXTranslationUnit tu, macro_pragmas *out) {
  memset(out, 0, sizeof *out);
  record rec;
  memset(&rec, 0, sizeof rec);
  rec.tu = tu;
  clang_visitChildren(clang_getTranslationUnitCursor(tu), collect, &rec);
  expander x;
  memset(&x, 0, sizeof x);
  x.defs = rec.defs;
  map_init(&x.current, rec.ndefs);
  map_init(&x.any, rec.ndefs);
  /* Only names that may produce a pragma matter; most files have none, and nothing is expanded. */
  size_t ncapable = mark_capable(&rec, &x);
  CXFile last_file = NULL;
  size_t last_end = 0;
  for (size_t e = 0; e < rec.nevents && ncapable; e++) {
    record_event *ev = &rec.events[e];
    if (!ev->is_use) {
      *map_slot(&x.current, rec.defs, rec.defs[ev->def].name) = (long)ev->def;
      continue;
    }
    mtoks use;
    tokenize_range(tu, clang_getCursorExtent(ev->cursor), &use);
    int involved = 0;
    for (size_t i = 0; i < use.count && !involved; i++)
      involved = use.items[i].ident && (name_capable(&x, use.items[i].text) || is(&use.items[i], "_Pragma"));
    CXSourceRange extent = clang_getCursorExtent(ev->cursor);
    CXFile file;
    unsigned begin = 0, end = 0;
    clang_getExpansionLocation(clang_getRangeStart(extent), &file, NULL, NULL, &begin);
    clang_getExpansionLocation(clang_getRangeEnd(extent), NULL, NULL, NULL, &end);
    int nested = last_file && clang_File_isEqual(file, last_file) && begin < last_end;
    if (!involved || nested) {
      mt_free(&use);
      continue;
    }
    mtoks result = {NULL, 0, 0};
    x.budget = 1u << 20;
    x.failed = 0;
    x.nhide = 0;
    expand(&x, &use, 0, &result);
    char *text = NULL;
    int status =
        read_expansion(&result, x.failed, ends_in_operator(&result) && followed_by_lsc(tu, file, end), &text);
    mt_free(&use);
    mt_free(&result);
    if (status < 0)
      continue;
    CXString name = clang_getCursorSpelling(ev->cursor);
    macro_pragma mp = {(macro_pragma_status)status,
                       file,
                       begin,
                       end < begin ? begin : end,
                       clang_getCursorLocation(ev->cursor),
                       xstrdup(clang_getCString(name)),
                       text};
    clang_disposeString(name);
    VEC_PUSH(out->items, out->count, out->cap, mp);
    last_file = file;
    last_end = mp.end;
  }
  free(x.current.slots);
  free(x.any.slots);
  free(x.name_capable);
  free(x.hide);
  for (size_t i = 0; i < rec.ndefs; i++)
    mdef_free(&rec.defs[i]);
  free(rec.defs);
  free(rec.events);
}

void macro_pragmas_free(macro_pragmas *list) {
  for (size_t i = 0; i < list->count; i++) {
    free(list->items[i].macro);
    free(list->items[i].text);
  }
  free(list->items);
  memset(list, 0, sizeof *list);
}
