/* region_infer.c - data regions inferred around time loops (region_infer.h). Approach: walk each function
 * from the top; the first loop (for, while, do) met that contains marked loops of the function is a
 * candidate, and it gets the region `#pragma lsc data copy(<arrays>)` would give it when every check below
 * holds; otherwise the walk goes on into it, so an inner time loop may qualify. The checks refuse what
 * cannot be proven, and a refusal only means no region (a remark says why), never an error:
 *   - the arrays are every array its `parallel for` loops move, each a whole array of complete type (a global
 *     with internal linkage, a local or a VLA declared before the loop) that is the one its name denotes at
 *     the loop's start; a pointer (whose extent lsc cannot state, and which may alias a held array, so
 *     holding only the others could show a rank stale bytes) or an array of external linkage (code of other
 *     files may use it) means no region; const arrays are left out (nothing writes them);
 *   - no `pipeline for` nest and no data directive inside it, and no jump that leaves it (region.c);
 *   - not a shape where a region was measured to cost more than it saves (costly_shape);
 *   - rank 0's code in it (header and condition included) never names the arrays (region_uses.c: the walk
 *     of explicit regions, where any use would need an `update`);
 *   - the address of an array never escapes anywhere lsc cannot follow (a pointer stored, returned, cast,
 *     `&A[i]`, passed to a function whose code lsc cannot read -- one not defined in the file or its
 *     headers, the C library excepted), since rank-0 code could then reach it through another name;
 *   - for a file-scope array, rank 0's code in it (and the functions it calls) calls only functions it can
 *     read and the C library's, directly: an unknown function could reach the array through a function of
 *     the file whose address it holds.
 * The region's entry (lsc_data_enter_inferred) enters nothing when an item half-overlaps a range an
 * enclosing explicit region of a caller holds, so a program accepted before runs as before there. */
#define _XOPEN_SOURCE 700
#include "analyse/region_infer.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_CALL_DEPTH = 8 };

static int in_system_header(CXCursor c) {
  return clang_Location_isInSystemHeader(clang_getCursorLocation(c));
}

typedef struct infer_ctx {
  CXTranslationUnit tu;
  CXFile file;
  const source_file *sf;
  diag_sink *sink;
  const infer_loop *loops;
  size_t nloops;
  size_t *loop_ranges; /* [begin, end) pairs of the marked loops, for region_first_use */
  const region_info *directives;
  size_t ndirectives;
  CXCursor fn;
  size_t cand_begin, cand_end; /* the candidate loop */
  region_info **out;
  size_t *nout, *cap;
} infer_ctx;

/* Whether c lies in a marked loop (the loops' own business); code of a header never does. */
static int in_marked(const infer_ctx *x, CXCursor c) {
  if (!cursor_in_main_file(c))
    return 0;
  size_t at = cursor_offset(c);
  for (size_t i = 0; i < x->nloops; i++)
    if (at >= x->loops[i].begin && at < x->loops[i].end)
      return 1;
  return 0;
}

/* A function whose code lsc can read: defined in the file or in a header of the program (not the C
 * library's), or a null cursor. */
static CXCursor readable_definition(CXCursor callee) {
  CXCursor def = clang_getCursorDefinition(callee);
  if (clang_Cursor_isNull(def) || in_system_header(def))
    return clang_getNullCursor();
  return def;
}

static int is_marked_loop(const infer_ctx *x, size_t at) {
  for (size_t i = 0; i < x->nloops; i++)
    if (x->loops[i].an->h.loop_begin == at)
      return 1;
  return 0;
}

static int array_typed(CXCursor c) {
  enum CXTypeKind k = canonical(clang_getCursorType(c)).kind;
  return k == CXType_ConstantArray || k == CXType_VariableArray || k == CXType_IncompleteArray;
}

/* ---- escapes: where the address of a variable (an array, or a parameter it was passed to) goes ---- */

enum { USE_VALUE, USE_SAFE, USE_ADDRESS };

typedef struct escape_walk {
  const infer_ctx *x;
  CXCursor target;
  int alias; /* target is a parameter or local pointer the address went to, not the array */
  int found;
  size_t at;
  cursor_list *seen; /* parameters already followed */
  int depth;
} escape_walk;

static void escapes(escape_walk *w, CXCursor c, int mode);

/* Whether passing the address to argument `index` of the call `call` keeps it where lsc can follow it: a
 * function of the C library (taken not to keep the pointers it gets), or a function of the file whose
 * parameter does not escape in turn. */
static int argument_kept_in_sight(escape_walk *w, CXCursor call, int index) {
  CXCursor callee = clang_getCursorReferenced(call);
  if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_FunctionDecl)
    return 0;
  if (in_system_header(callee))
    return 1;
  CXCursor def = readable_definition(callee);
  if (clang_Cursor_isNull(def) || index >= clang_Cursor_getNumArguments(def) || w->depth >= MAX_CALL_DEPTH)
    return 0;
  CXCursor param = clang_Cursor_getArgument(def, (unsigned)index);
  for (size_t i = 0; i < w->seen->count; i++)
    if (clang_equalCursors(w->seen->items[i], param))
      return 1; /* being followed already (a recursive call) */
  VEC_PUSH(w->seen->items, w->seen->count, w->seen->cap, param);
  escape_walk sub = {w->x, param, 1, 0, 0, w->seen, w->depth + 1};
  escapes(&sub, def, USE_VALUE);
  return !sub.found;
}

/* `T *p = target;` (a local pointer of automatic storage initialised with the address): follows p through
 * its function instead, so a helper that walks its argument with a local pointer keeps it in sight. 1 when
 * the declaration was such and p does not escape. */
static int local_alias_kept(escape_walk *w, CXCursor var) {
  if (variable_storage(var) != 0 || canonical(clang_getCursorType(var)).kind != CXType_Pointer ||
      w->depth >= MAX_CALL_DEPTH)
    return 0;
  cursor_list kids;
  cursor_children(var, &kids);
  CXCursor init = kids.count ? kids.items[kids.count - 1] : clang_getNullCursor();
  cursor_list_free(&kids);
  while (!clang_Cursor_isNull(init) && clang_getCursorKind(init) == CXCursor_CStyleCastExpr) {
    cursor_children(init, &kids);
    init = kids.count ? cursor_strip(kids.items[kids.count - 1]) : clang_getNullCursor();
    cursor_list_free(&kids);
  }
  if (clang_Cursor_isNull(init))
    return 0;
  init = cursor_strip(init);
  if (clang_getCursorKind(init) != CXCursor_DeclRefExpr ||
      !clang_equalCursors(clang_getCursorReferenced(init), w->target))
    return 0;
  escape_walk sub = {w->x, var, 1, 0, 0, w->seen, w->depth + 1};
  escapes(&sub, clang_getCursorSemanticParent(var), USE_VALUE);
  return !sub.found;
}

static void escapes_children(escape_walk *w, CXCursor c, int mode) {
  cursor_list kids;
  cursor_children(c, &kids);
  for (size_t i = 0; i < kids.count; i++)
    escapes(w, kids.items[i], mode);
  cursor_list_free(&kids);
}

/* `mode`: how the value of c is used. USE_SAFE: as an element (its address goes nowhere) or as an argument
 * kept in sight; USE_ADDRESS: under `&`; USE_VALUE: anything else (stored, returned, cast, computed on). */
static void escapes(escape_walk *w, CXCursor c, int mode) {
  /* the parallel loops too: a loop that stores `&A[i]` in an array of pointers hands it on as well */
  if (w->found)
    return;
  enum CXCursorKind k = clang_getCursorKind(c);
  cursor_list kids;
  switch (k) {
  case CXCursor_VarDecl:
    if (!local_alias_kept(w, c))
      escapes_children(w, c, USE_VALUE);
    return;
  case CXCursor_DeclRefExpr:
    /* another name for the array, used by rank 0's code inside the candidate loop, which the use walk
     * (region_uses.c) does not see */
    if (w->alias && clang_equalCursors(clang_getCursorReferenced(c), w->target) && cursor_in_main_file(c) &&
        cursor_offset(c) >= w->x->cand_begin && cursor_offset(c) < w->x->cand_end) {
      w->found = 1;
      w->at = cursor_offset(c);
      return;
    }
    if (mode != USE_SAFE && clang_equalCursors(clang_getCursorReferenced(c), w->target)) {
      w->found = 1;
      w->at = cursor_in_main_file(c) ? cursor_offset(c) : 0;
    }
    return;
  case CXCursor_UnaryExpr: /* sizeof, _Alignof: no value */
    return;
  case CXCursor_ArraySubscriptExpr:
  case CXCursor_UnaryOperator: {
    int deref =
        k == CXCursor_ArraySubscriptExpr || clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref;
    int base_mode = USE_VALUE;
    if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)
      base_mode = USE_ADDRESS;
    else if (deref)
      base_mode = mode == USE_ADDRESS                   ? USE_ADDRESS
                  : mode == USE_SAFE || !array_typed(c) ? USE_SAFE
                                                        : USE_VALUE;
    cursor_children(c, &kids);
    for (size_t i = 0; i < kids.count; i++)
      escapes(w, kids.items[i], i == 0 ? base_mode : USE_VALUE);
    cursor_list_free(&kids);
    return;
  }
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr:
    escapes_children(w, c, mode);
    return;
  case CXCursor_CallExpr:
    cursor_children(c, &kids);
    for (size_t i = 0; i < kids.count; i++)
      escapes(w, kids.items[i], i > 0 && argument_kept_in_sight(w, c, (int)i - 1) ? USE_SAFE : USE_VALUE);
    cursor_list_free(&kids);
    return;
  default:
    escapes_children(w, c, USE_VALUE);
  }
}

/* Where the address of `var` escapes, in `scope` (its function, or the whole file for a file-scope array):
 * the byte offset, or (size_t)-1 when nowhere. */
static size_t escape_of(const infer_ctx *x, CXCursor var, CXCursor scope) {
  cursor_list seen = {NULL, 0, 0};
  escape_walk w = {x, var, 0, 0, 0, &seen, 0};
  if (clang_getCursorKind(scope) == CXCursor_TranslationUnit) {
    cursor_list kids;
    cursor_children(scope, &kids);
    for (size_t i = 0; !w.found && i < kids.count; i++)
      if (!in_system_header(kids.items[i]))
        escapes(&w, kids.items[i], USE_VALUE);
    cursor_list_free(&kids);
  } else {
    escapes(&w, scope, USE_VALUE);
  }
  free(seen.items);
  return w.found ? w.at : (size_t)-1;
}

/* ---- calls lsc cannot look into, from rank 0's code in the loop and the functions of the file it calls ----
 */

static size_t unknown_call(const infer_ctx *x, CXCursor c, cursor_list *seen, int depth) {
  if (in_marked(x, c))
    return (size_t)-1;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_DeclRefExpr) {
    CXCursor ref = clang_getCursorReferenced(c);
    /* a function named other than by a direct call: its address goes where lsc cannot follow */
    return clang_getCursorKind(ref) == CXCursor_FunctionDecl ? cursor_offset(c) : (size_t)-1;
  }
  cursor_list kids;
  cursor_children(c, &kids);
  size_t found = (size_t)-1;
  size_t first = 0;
  if (k == CXCursor_CallExpr) {
    CXCursor callee = clang_getCursorReferenced(c);
    CXCursor named = kids.count ? cursor_strip(kids.items[0]) : clang_getNullCursor();
    int direct = !clang_Cursor_isNull(named) && clang_getCursorKind(named) == CXCursor_DeclRefExpr &&
                 clang_getCursorKind(callee) == CXCursor_FunctionDecl;
    CXCursor def = direct ? readable_definition(callee) : clang_getNullCursor();
    if (!direct)
      found = cursor_offset(c);
    else if (!in_system_header(callee) && clang_Cursor_isNull(def))
      found = cursor_offset(c);
    else if (!in_system_header(callee)) {
      int visited = 0;
      for (size_t i = 0; i < seen->count; i++)
        visited |= clang_equalCursors(seen->items[i], def);
      if (!visited && depth >= MAX_CALL_DEPTH)
        found = cursor_offset(c);
      else if (!visited) {
        VEC_PUSH(seen->items, seen->count, seen->cap, def);
        if (unknown_call(x, def, seen, depth + 1) != (size_t)-1)
          found = cursor_offset(c);
      }
    }
    first = 1; /* the callee's name is no use of its address */
  }
  for (size_t i = first; found == (size_t)-1 && i < kids.count; i++)
    found = unknown_call(x, kids.items[i], seen, depth);
  cursor_list_free(&kids);
  return found;
}

/* ---- one candidate loop ---- */

static int strided_read(const body_var *bv) {
  if (!(bv->flags & LSC_VAR_READ))
    return 0;
  int strided = bv->in.strided;
  for (int i = 0; i < bv->nin_more; i++)
    strided |= bv->in_more[i].strided;
  return strided;
}

/* Shapes where a region costs more than it saves (measured: bench-kernels lu and mvt, docs/pragma.md): an
 * array some loop reads whole while the loops write it (each chunk then gathers its pieces from every rank,
 * at every instance), and an array read by columns (its strided pieces move rank to rank). NULL or why. */
static char *costly_shape(const infer_ctx *x, size_t b, size_t e) {
  for (size_t l = 0; l < x->nloops; l++) {
    if (x->loops[l].begin < b || x->loops[l].begin >= e)
      continue;
    const analysis *an = x->loops[l].an;
    for (size_t v = 0; v < an->nvars; v++) {
      const body_var *bv = &an->vars[v];
      if (bv->role != ROLE_ARRAY)
        continue;
      if (strided_read(bv))
        return xasprintf("a loop reads '%s' by columns: inside a region its strided pieces would move from "
                         "rank to rank",
                         bv->name);
      if (!(bv->flags & LSC_VAR_WHOLE))
        continue;
      for (size_t m = 0; m < x->nloops; m++) {
        const analysis *other = x->loops[m].an;
        if (x->loops[m].begin < b || x->loops[m].begin >= e)
          continue;
        for (size_t w = 0; w < other->nvars; w++)
          if (clang_equalCursors(other->vars[w].decl, bv->decl) && (other->vars[w].flags & LSC_VAR_WRITE))
            return xasprintf("a loop reads all of '%s', which the loops write: inside a region each chunk "
                             "would gather it from every rank at every instance",
                             bv->name);
      }
    }
  }
  return NULL;
}

/* The arrays the marked loops inside [b, e) move, as items of r; NULL, or why there is no region. */
static char *collect_items(const infer_ctx *x, size_t b, size_t e, region_info *r) {
  for (size_t l = 0; l < x->nloops; l++) {
    const analysis *an = x->loops[l].an;
    if (x->loops[l].begin < b || x->loops[l].begin >= e)
      continue;
    if (an->pipeline)
      return xstrdup("a 'pipeline for' nest inside it brings its arrays home at each instance");
    for (size_t v = 0; v < an->nvars; v++) {
      const body_var *bv = &an->vars[v];
      if (!(bv->role == ROLE_ARRAY || (bv->role == ROLE_REDUCTION && bv->array_like)) ||
          region_item_of(r, bv->decl) >= 0)
        continue;
      CXType t = canonical(clang_getCursorType(bv->decl));
      /* a parameter declared as an array is a pointer (libclang reports the type as written) */
      if ((t.kind != CXType_ConstantArray && t.kind != CXType_VariableArray) ||
          clang_getCursorKind(bv->decl) == CXCursor_ParmDecl)
        return xasprintf("'%s' is a pointer: lsc cannot state how many elements it points to, and it may "
                         "point into an array the region would hold",
                         bv->name);
      if (type_is_const_object(clang_getCursorType(bv->decl)))
        continue; /* nothing writes it: nothing to keep on the ranks */
      size_t at = cursor_offset(bv->decl);
      if (cursor_in_main_file(bv->decl) && at >= b && at < e)
        return xasprintf("'%s' is declared inside the loop", bv->name);
      if (variable_storage(bv->decl) == 1 && clang_getCursorLinkage(bv->decl) != CXLinkage_Internal)
        return xasprintf("'%s' has external linkage: code of other files may use it (declare it static)",
                         bv->name);
      if (!clang_equalCursors(region_visible_variable(x->tu, x->fn, bv->name, b), bv->decl))
        return xasprintf("'%s' names another variable where the loop starts", bv->name);
      region_item it = {0};
      it.name = xstrdup(bv->name);
      it.kind = CLAUSE_COPY;
      it.base_text = xasprintf("(void *)(%s)", bv->name);
      it.bytes_text = xasprintf("sizeof(%s)", bv->name);
      it.var = bv->decl;
      VEC_PUSH(r->items, r->nitems, r->items_cap, it);
    }
  }
  return NULL;
}

/* NULL when the region over `loop` (items filled) holds; else why not. */
static char *check_candidate(infer_ctx *x, CXCursor loop, region_info *r) {
  size_t b, e;
  cursor_offsets(loop, &b, &e);
  x->cand_begin = b;
  x->cand_end = e;
  for (size_t i = 0; i < x->ndirectives; i++)
    if (x->directives[i].pragma_begin >= b && x->directives[i].pragma_begin < e)
      return xstrdup("it holds a data directive of its own");
  char *why = collect_items(x, b, e, r);
  if (why || r->nitems == 0)
    return why;
  if ((why = costly_shape(x, b, e)) != NULL)
    return why;
  diag_sink scratch;
  diag_sink_init(&scratch);
  int jumps = region_statement(loop, x->sf, &scratch, r);
  diag_sink_free(&scratch);
  if (jumps != 0)
    return xstrdup("a 'goto' leaves it");
  size_t at, item;
  int writes;
  if (region_first_use(x->tu, x->file, r, x->loop_ranges, 2 * x->nloops, &at, &item, &writes))
    return xasprintf("rank 0 %s '%s' at line %d, outside the parallel loops",
                     writes ? "writes (or calls a function that uses)" : "reads", r->items[item].name,
                     source_line_of(x->sf, at));
  int file_scope = 0;
  for (size_t i = 0; i < r->nitems; i++) {
    int storage = variable_storage(r->items[i].var);
    file_scope |= storage == 1;
    size_t esc = escape_of(x, r->items[i].var, storage == 1 ? clang_getTranslationUnitCursor(x->tu) : x->fn);
    if (esc != (size_t)-1)
      return xasprintf("the address of '%s' goes where lsc cannot follow it at line %d", r->items[i].name,
                       source_line_of(x->sf, esc));
  }
  if (file_scope) {
    cursor_list seen = {NULL, 0, 0};
    size_t call = unknown_call(x, loop, &seen, 0);
    free(seen.items);
    if (call != (size_t)-1)
      return xasprintf("rank 0 calls a function lsc cannot look into at line %d, which may reach the file's "
                       "arrays",
                       source_line_of(x->sf, call));
  }
  return NULL;
}

static int contains_marked(const infer_ctx *x, size_t b, size_t e) {
  for (size_t i = 0; i < x->nloops; i++)
    if (x->loops[i].begin >= b && x->loops[i].begin < e)
      return 1;
  return 0;
}

static int inside_data_region(const infer_ctx *x, size_t at) {
  for (size_t i = 0; i < x->ndirectives; i++)
    if (x->directives[i].kind == DIRECTIVE_DATA && at >= x->directives[i].stmt_begin &&
        at < x->directives[i].stmt_end)
      return 1;
  return 0;
}

/* The region over `loop`, or a remark why there is none: 1 when inferred. */
static int try_loop(infer_ctx *x, CXCursor loop) {
  region_info r;
  memset(&r, 0, sizeof r);
  char *why = check_candidate(x, loop, &r);
  size_t at = cursor_offset(loop);
  if (why || r.nitems == 0) {
    if (why)
      diag_at_offset(x->sink, DIAG_REMARK, x->sf, at, "no data region inferred over this loop: %s", why);
    free(why);
    region_info_free(&r);
    return 0;
  }
  r.kind = DIRECTIVE_DATA;
  r.inferred = 1;
  r.pragma_begin = r.pragma_end = r.stmt_begin;
  r.line = source_line_of(x->sf, at);
  strbuf names;
  sb_init(&names);
  for (size_t i = 0; i < r.nitems; i++)
    sb_printf(&names, "%s'%s'", i ? ", " : "", r.items[i].name);
  diag_at_offset(x->sink, DIAG_REMARK, x->sf, at,
                 "data region inferred over this loop for %s (no rank-0 code in it touches them); "
                 "'#pragma lsc data' states one, --no-infer-regions turns inference off",
                 sb_str(&names));
  sb_free(&names);
  VEC_PUSH(*x->out, *x->nout, *x->cap, r);
  return 1;
}

static void walk_statements(infer_ctx *x, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  size_t b, e;
  cursor_offsets(c, &b, &e);
  if (!contains_marked(x, b, e) || inside_data_region(x, b) || is_marked_loop(x, b))
    return;
  int loop = k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
  if (loop && try_loop(x, c))
    return;
  cursor_list kids;
  cursor_children(c, &kids);
  for (size_t i = 0; i < kids.count; i++)
    walk_statements(x, kids.items[i]);
  cursor_list_free(&kids);
}

void infer_regions(CXTranslationUnit tu, CXFile file, const source_file *sf, diag_sink *sink,
                   const infer_loop *loops, size_t nloops, const region_info *directives, size_t ndirectives,
                   region_info **out, size_t *nout, size_t *cap) {
  if (nloops == 0)
    return;
  infer_ctx x = {0};
  x.tu = tu;
  x.file = file;
  x.sf = sf;
  x.sink = sink;
  x.loops = loops;
  x.nloops = nloops;
  x.directives = directives;
  x.ndirectives = ndirectives;
  x.out = out;
  x.nout = nout;
  x.cap = cap;
  x.loop_ranges = xcalloc(2 * nloops, sizeof *x.loop_ranges);
  for (size_t i = 0; i < nloops; i++) {
    x.loop_ranges[2 * i] = loops[i].begin;
    x.loop_ranges[2 * i + 1] = loops[i].end;
  }
  cursor_list kids;
  cursor_children(clang_getTranslationUnitCursor(tu), &kids);
  for (size_t i = 0; i < kids.count; i++) {
    CXCursor f = kids.items[i];
    if (clang_getCursorKind(f) != CXCursor_FunctionDecl || !clang_isCursorDefinition(f) ||
        !cursor_in_main_file(f))
      continue;
    x.fn = f;
    walk_statements(&x, f);
  }
  cursor_list_free(&kids);
  free(x.loop_ranges);
}
