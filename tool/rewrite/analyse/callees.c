/* callees.c - what a call in the body reaches beyond the body. Each call is judged by what it calls:
 *
 *   - a function defined in the translation unit (outside system headers) is walked, once per loop, through
 *     the call graph, keeping the path of calls from the loop. Static storage it reads must reach the workers
 *     (globals: captured like the body's own reads; static locals nobody writes hold their initial value in
 *     every process). Static storage it writes (globals, static locals of any callee), or whose address
 *     escapes so that lsc cannot follow the writes, is refused with the variable and the call path: each
 *     process would update its own copy, so the iterations would not see each other's updates and rank 0's
 *     copy would be wrong after the loop. Reduction-shaped updates in a callee are refused too: a reduction
 *     belongs to the body, where its clause names it.
 *   - a library function that keeps hidden state (the rand family, strtok, the locale, the environment, the
 *     clock, stream input) is refused with the function and why, since that state lives in each process;
 *   - setjmp/longjmp are refused, I/O functions warned (they run on worker ranks).
 *
 * The pragma's hidden_state(f, ...) accepts per-process state for the functions it names: calls to a named
 * library function, and static writes by a named function of the file or anything it calls. */
#define _XOPEN_SOURCE 700
#include "analyse/callees.h"
#include "analyse/call_args.h"
#include "analyse/report.h"
#include "analyse/vars.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* Calls that do I/O run on whichever worker rank executes the iteration, not on rank 0. */
static const char *const io_functions[] = {"printf",  "fprintf", "vprintf", "vfprintf", "puts",    "fputs",
                                           "putchar", "fputc",   "putc",    "fwrite",   "fopen",   "fclose",
                                           "fflush",  "perror",  "remove",  "rename",   "tmpfile", "open",
                                           "close",   "write",   "system",  NULL};

/* Non-local jumps cannot cross from a worker's body into the master's stack. */
static const char *const jump_functions[] = {"setjmp",     "_setjmp",       "__sigsetjmp",
                                             "sigsetjmp",  "longjmp",       "_longjmp",
                                             "siglongjmp", "__longjmp_chk", NULL};

/* Library functions whose result depends on state kept inside the process, in groups that share a reason.
 * rand_r, erand48, nrand48, jrand48 and strtok_r take their state as an argument: the analysis sees it. */
static const char *const random_functions[] = {"rand",      "srand",    "random",  "srandom", "drand48",
                                               "lrand48",   "mrand48",  "srand48", "seed48",  "lcong48",
                                               "initstate", "setstate", NULL};
static const char *const strtok_functions[] = {"strtok", NULL};
static const char *const locale_functions[] = {"setlocale", "uselocale", NULL};
static const char *const getenv_functions[] = {"getenv", "secure_getenv", NULL};
static const char *const setenv_functions[] = {"setenv", "putenv", "unsetenv", "clearenv", NULL};
static const char *const clock_functions[] = {"time",  "clock", "gettimeofday", "clock_gettime",
                                              "times", "ftime", "getrusage",    NULL};
static const char *const input_functions[] = {
    "scanf",  "fscanf", "vscanf",  "vfscanf", "getchar",  "fgetc", "getc",   "fgets",
    "gets",   "fread",  "ungetc",  "getline", "getdelim", "fseek", "fseeko", "ftell",
    "ftello", "rewind", "fgetpos", "fsetpos", "read",     "lseek", NULL};

static const struct hidden_state_group {
  const char *const *names;
  const char *why;
} hidden_state_groups[] = {
    {random_functions, "its random-number state lives in each process, so the iterations on worker ranks "
                       "would draw other numbers than the sequential program"},
    {strtok_functions, "it keeps its place in the string in hidden static state, which each process has "
                       "its own of"},
    {locale_functions, "it sets the locale of the process that runs the iteration only"},
    {getenv_functions, "the environment is each process's own: it differs between ranks and does not see "
                       "changes rank 0 made"},
    {setenv_functions, "it changes the environment of the process that runs the iteration only"},
    {clock_functions, "its result depends on when and where the iteration runs, which changes with the rank "
                      "count and the schedule"},
    {input_functions, "a stream's position is each process's own: worker ranks would read other data than "
                      "rank 0 (and have no standard input)"},
};

static int in_list(const char *name, const char *const *list) {
  for (; *list; list++)
    if (strcmp(name, *list) == 0)
      return 1;
  return 0;
}

int callee_is_nonlocal_jump(const char *name) {
  return in_list(name, jump_functions);
}

static const char *hidden_state_reason(const char *name) {
  for (size_t g = 0; g < sizeof hidden_state_groups / sizeof hidden_state_groups[0]; g++)
    if (in_list(name, hidden_state_groups[g].names))
      return hidden_state_groups[g].why;
  return NULL;
}

/* Whether the pragma names `name` in a hidden_state(...) clause. */
static int opted_in(const analysis *an, const char *name) {
  for (size_t c = 0; c < an->pragma->nclauses; c++) {
    const clause *cl = &an->pragma->clauses[c];
    for (size_t i = 0; cl->kind == CLAUSE_HIDDEN_STATE && i < cl->nitems; i++)
      if (strcmp(cl->items[i].name, name) == 0)
        return 1;
  }
  return 0;
}

static void note_reached(callee_visits *visits, const char *name) {
  for (size_t i = 0; i < visits->nreached; i++)
    if (strcmp(visits->reached[i], name) == 0)
      return;
  char *copy = xstrdup(name);
  VEC_PUSH(visits->reached, visits->nreached, visits->reached_cap, copy);
}

/* Whether definition fn must be walked now: not yet, or only under an opt-in that the current path lacks. */
static int needs_walk(callee_visits *visits, CXCursor fn) {
  for (size_t i = 0; i < visits->count; i++) {
    if (!clang_equalCursors(visits->fns[i].fn, fn))
      continue;
    if (visits->fns[i].opted_in && !visits->opted_in) {
      visits->fns[i].opted_in = 0;
      return 1;
    }
    return 0;
  }
  callee_visit v = {fn, visits->opted_in > 0};
  VEC_PUSH(visits->fns, visits->count, visits->cap, v);
  return 1;
}

void callee_visits_free(callee_visits *visits) {
  free(visits->fns);
  for (size_t i = 0; i < visits->nreached; i++)
    free(visits->reached[i]);
  free(visits->reached);
  free(visits->path);
  memset(visits, 0, sizeof *visits);
}

static int is_array(CXType t) {
  enum CXTypeKind k = canonical(t).kind;
  return k == CXType_ConstantArray || k == CXType_IncompleteArray || k == CXType_VariableArray;
}

/* The reference at the root of an lvalue: g, g[i], g.f, g[i].f; null through a pointer (p->f). */
static CXCursor lvalue_root_ref(CXCursor c) {
  c = cursor_strip(c);
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr)
      return clang_Cursor_isNull(referenced_variable(c)) ? clang_getNullCursor() : c;
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

/* The static variable (global or static local) a reference names, or a null cursor. */
static CXCursor static_variable(CXCursor ref) {
  CXCursor var = clang_Cursor_isNull(ref) ? ref : referenced_variable(ref);
  if (clang_Cursor_isNull(var) || variable_storage(var) == 0)
    return clang_getNullCursor();
  return var;
}

/* The reference to static storage at the root of an lvalue (g, g.arr, g[i].f), or a null cursor. */
static CXCursor static_root(CXCursor e) {
  CXCursor ref = lvalue_root_ref(e);
  return clang_Cursor_isNull(static_variable(ref)) ? clang_getNullCursor() : ref;
}

typedef struct callee_walk {
  analysis *an;
  callee_visits *visits;
  const char *fn_name;
  cursor_list judged; /* references to static arrays whose use is already judged (read or refused) */
} callee_walk;

static void judge(callee_walk *w, CXCursor ref) {
  VEC_PUSH(w->judged.items, w->judged.count, w->judged.cap, ref);
}

/* Same expression: by location and extent, since libclang's cursors for one expression reached from
 * different parents do not compare equal. */
static int judged(const callee_walk *w, CXCursor ref) {
  for (size_t i = 0; i < w->judged.count; i++)
    if (clang_equalLocations(clang_getCursorLocation(w->judged.items[i]), clang_getCursorLocation(ref)) &&
        clang_equalRanges(clang_getCursorExtent(w->judged.items[i]), clang_getCursorExtent(ref)))
      return 1;
  return 0;
}

/* The call in the loop body through which the walk entered: where errors about the callees point. */
static size_t loop_call_offset(const callee_visits *visits) {
  return cursor_offset(visits->path[0].call);
}

/* "call path: loop -> g -> f[ -> last]", at the call that entered the innermost function; only when the
 * path is longer than the message says (the loop's own callee and the function that acts). */
static void path_note(analysis *an, const callee_visits *visits, const char *last) {
  if (visits->depth < 2)
    return;
  strbuf path;
  sb_init(&path);
  sb_puts(&path, "loop");
  for (size_t i = 0; i < visits->depth; i++)
    sb_printf(&path, " -> %s", visits->path[i].name);
  if (last)
    sb_printf(&path, " -> %s", last);
  an_diag_at(an, DIAG_NOTE, visits->path[visits->depth - 1].call, "call path: %s", sb_str(&path));
  sb_free(&path);
}

/* "a global variable", "a static local of 'f'". */
static char *static_kind(CXCursor var) {
  if (variable_storage(var) == 1)
    return xstrdup("a global variable");
  char *owner = cursor_name(clang_getCursorSemanticParent(var));
  char *what = xasprintf("a static local of '%s'", owner);
  free(owner);
  return what;
}

static void static_written(callee_walk *w, CXCursor ref, CXCursor at) {
  CXCursor var = static_variable(ref);
  if (clang_Cursor_isNull(var) || w->visits->opted_in)
    return;
  analysis *an = w->an;
  char *name = cursor_name(var), *what = static_kind(var);
  an_error(an, loop_call_offset(w->visits),
           "'%s' (%s) is written by '%s', called from the parallel loop; each process would update its own "
           "copy, so the iterations would not see each other's updates",
           name, what, w->fn_name);
  an_diag_at(an, DIAG_NOTE, at, "'%s' is written here", name);
  path_note(an, w->visits, NULL);
  free(name);
  free(what);
}

/* The address of static storage leaves lsc's sight (a pointer made from it, or an argument that may write
 * it): whatever writes through it would stay in one process. `object` is the expression whose address
 * escapes (g, g.arr), `ref` the reference to the variable under it; `how` completes "its address ...". */
static void static_escapes(callee_walk *w, CXCursor object, CXCursor ref, CXCursor at, const char *how) {
  judge(w, object);
  CXCursor var = static_variable(ref);
  if (clang_Cursor_isNull(var) || w->visits->opted_in)
    return;
  analysis *an = w->an;
  char *name = cursor_name(var), *what = static_kind(var);
  an_error(an, loop_call_offset(w->visits),
           "'%s' (%s) may be written by '%s', called from the parallel loop: its address %s, and lsc cannot "
           "follow the writes made through it; each process would update its own copy",
           name, what, w->fn_name, how);
  an_diag_at(an, DIAG_NOTE, at, "the address of '%s' is taken here", name);
  path_note(an, w->visits, NULL);
  free(name);
  free(what);
}

static void global_read(callee_walk *w, CXCursor ref) {
  CXCursor var = referenced_variable(ref);
  if (clang_Cursor_isNull(var) || variable_storage(var) != 1 ||
      type_is_const_object(clang_getCursorType(var)))
    return;
  analysis *an = w->an;
  size_t site = loop_call_offset(w->visits);
  int vi = var_index(an, var);
  body_var *v = &an->vars[vi];
  if (v->is_iv) {
    an_error(
        an, site,
        "'%s' reads the global induction variable '%s', which only the outlined body knows per iteration",
        w->fn_name, v->name);
    return;
  }
  if (v->clause_role == ROLE_REDUCTION) {
    an_error(an, site,
             "'%s' reads the reduction variable '%s'; inside the loop it would see a partial result",
             w->fn_name, v->name);
    an_diag_at(an, DIAG_NOTE, ref, "'%s' is read here", v->name);
    path_note(an, w->visits, NULL);
    return;
  }
  if (!v->via_callee && !v->used_in_body) {
    v->via_callee = 1;
    v->callee_use = site;
  }
  v->read = 1;
  if (!v->array_like)
    return;
  if (canonical(v->type).kind == CXType_Pointer) {
    an_error(an, site,
             "'%s' reads through the global pointer '%s'; workers would see their own, unset copy of it",
             w->fn_name, v->name);
    return;
  }
  access_rec a;
  memset(&a, 0, sizeof a);
  a.var = vi;
  a.mode = MODE_READ;
  a.whole = 1;
  a.offset = site;
  VEC_PUSH(an->accesses, an->naccesses, an->accesses_cap, a);
}

/* A reference to static storage: globals are read into the loop; a static array used as a pointer value
 * (other than subscripted or passed to a parameter of pointer to const) lets writes escape. */
static void static_reference(callee_walk *w, CXCursor ref) {
  CXCursor var = static_variable(ref);
  if (clang_Cursor_isNull(var))
    return;
  if (is_array(clang_getCursorType(var)) && !judged(w, ref) &&
      !type_is_const_object(clang_getCursorType(var)))
    static_escapes(w, ref, ref, ref, "is used as a pointer value");
  global_read(w, ref);
}

/* Arguments of a call in a callee: a pointer into static storage handed to a parameter that may write it. */
static void call_arguments(callee_walk *w, CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);
  int nargs = clang_Cursor_getNumArguments(call);
  for (int i = 0; i < nargs; i++) {
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
    if (canonical(clang_getCursorType(arg)).kind != CXType_Pointer)
      continue;
    CXCursor root = array_argument_root(arg), ref = static_root(root);
    if (clang_Cursor_isNull(ref))
      continue;
    CXCursor s = cursor_strip(arg);
    int address = is_array(clang_getCursorType(root)) ||
                  (clang_getCursorKind(s) == CXCursor_UnaryOperator &&
                   clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf);
    if (!address)
      continue; /* a static pointer's value: what it points to is judged where the pointer was set */
    if (parameter_is_const_pointer(callee, (unsigned)i) || type_is_const_object(clang_getCursorType(root))) {
      judge(w, root);
      continue;
    }
    char *fn = cursor_name(call);
    char *how = xasprintf("is passed to '%s', which may write through it", fn);
    static_escapes(w, root, ref, arg, how);
    free(how);
    free(fn);
  }
}

/* `const T *p = table;`: a read-only view of a static array is a read. */
static void pointer_declaration(callee_walk *w, CXCursor decl) {
  CXType t = canonical(clang_getCursorType(decl));
  if (t.kind != CXType_Pointer || !clang_isConstQualifiedType(clang_getPointeeType(t)))
    return;
  cursor_list kids;
  cursor_children(decl, &kids);
  for (size_t i = 0; i < kids.count; i++) {
    CXCursor root = array_argument_root(kids.items[i]);
    if (!clang_Cursor_isNull(static_root(root)))
      judge(w, root);
  }
  cursor_list_free(&kids);
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
        static_written(w, lvalue_root_ref(kids.items[0]), c);
      cursor_list_free(&kids);
    }
  } else if (k == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
    cursor_list kids;
    cursor_children(c, &kids);
    if (kids.count == 1 && (u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec ||
                            u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PreDec))
      static_written(w, lvalue_root_ref(kids.items[0]), c);
    else if (kids.count == 1 && u == CXUnaryOperator_AddrOf) {
      /* The same object a call's argument names (&g.arr[i]: g.arr), so a judged argument is not judged twice.
       */
      CXCursor root = array_argument_root(c), ref = static_root(root);
      if (!clang_Cursor_isNull(ref) && !judged(w, root) && !type_is_const_object(clang_getCursorType(root)))
        static_escapes(w, root, ref, c, "is taken");
    }
    cursor_list_free(&kids);
  } else if (k == CXCursor_ArraySubscriptExpr) {
    /* a[i]: an element of a, not a's address; the write or read of the element is judged by the parent. */
    cursor_list kids;
    cursor_children(c, &kids);
    enum CXCursorKind base =
        kids.count == 2 ? clang_getCursorKind(cursor_strip(kids.items[0])) : CXCursor_NoDeclFound;
    if (base == CXCursor_DeclRefExpr || base == CXCursor_MemberRefExpr)
      judge(w, cursor_strip(kids.items[0]));
    cursor_list_free(&kids);
  } else if (k == CXCursor_MemberRefExpr) {
    /* g.arr used as a pointer value, as a static array's name is. */
    CXCursor ref = static_root(c);
    if (is_array(clang_getCursorType(c)) && !clang_Cursor_isNull(ref) && !judged(w, c) &&
        !type_is_const_object(clang_getCursorType(c)))
      static_escapes(w, c, ref, c, "is used as a pointer value");
  } else if (k == CXCursor_UnaryExpr) {
    return CXChildVisit_Continue; /* sizeof, _Alignof: not evaluated */
  } else if (k == CXCursor_VarDecl) {
    pointer_declaration(w, c);
  } else if (k == CXCursor_DeclRefExpr) {
    static_reference(w, c);
  } else if (k == CXCursor_CallExpr) {
    call_arguments(w, c);
    scan_call(w->an, w->visits, c);
  }
  return CXChildVisit_Recurse;
}

static void walk_callee(analysis *an, callee_visits *visits, CXCursor definition, const char *name) {
  callee_walk w = {an, visits, name, {NULL, 0, 0}};
  clang_visitChildren(definition, visit_callee, &w);
  cursor_list_free(&w.judged);
}

/* Keeps the first reason a chunk of this loop may not run twice (re-issue, lsc_site.reissue_unsafe). */
static void not_twice(analysis *an, const char *fmt, const char *name) {
  if (!an->reissue_unsafe)
    an->reissue_unsafe = xasprintf(fmt, name);
}

/* A library function's call: hidden state refused, I/O warned, functions of other files remarked. */
static void library_call(analysis *an, callee_visits *visits, CXCursor call, CXCursor callee,
                         const char *name) {
  const char *why = hidden_state_reason(name);
  if (why)
    not_twice(an, "'%s' keeps per-process state", name); /* accepted by hidden_state(...), or refused */
  if (why && !visits->opted_in && !opted_in(an, name)) {
    if (visits->depth == 0) {
      an_error(an, cursor_offset(call),
               "'%s' keeps hidden state: %s; name it in 'hidden_state(%s)' to accept per-process state", name,
               why, name);
    } else {
      an_error(an, loop_call_offset(visits),
               "'%s' calls '%s', which keeps hidden state: %s; name it in 'hidden_state(%s)' to accept "
               "per-process state",
               visits->path[visits->depth - 1].name, name, why, name);
      an_diag_at(an, DIAG_NOTE, call, "'%s' is called here", name);
      path_note(an, visits, name);
    }
    return;
  }
  if (in_list(name, io_functions)) {
    not_twice(an, "'%s' does I/O", name);
    an_warn_at(an, WARN_IO_IN_LOOP, call,
               "'%s' does I/O; in a parallel loop it runs on worker ranks, not on rank 0", name);
  } else if (!why && !clang_Location_isInSystemHeader(clang_getCursorLocation(callee))) {
    not_twice(an, "'%s' is defined in another file", name);
    an_diag_at(an, DIAG_REMARK, call,
               "'%s' is defined in another file; lsc assumes it reads no program state set at run time",
               name);
  }
}

void scan_call(analysis *an, callee_visits *visits, CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);
  if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_FunctionDecl) {
    not_twice(an, "%s", "a call through a function pointer");
    an_diag_at(
        an, DIAG_REMARK, call,
        "call through a function pointer; lsc assumes the callee reads no program state set at run time");
    return;
  }
  char *name = cursor_name(callee);
  note_reached(visits, name);
  CXCursor def = clang_getCursorDefinition(callee);
  if (callee_is_nonlocal_jump(name)) {
    an_diag_at(an, DIAG_ERROR, call,
               "'%s' cannot be used in a parallel loop: non-local jumps cannot cross between processes",
               name);
  } else if (!clang_Cursor_isNull(def) && !clang_Location_isInSystemHeader(clang_getCursorLocation(def))) {
    callee_frame frame = {name, call, opted_in(an, name)};
    VEC_PUSH(visits->path, visits->depth, visits->path_cap, frame);
    visits->opted_in += frame.opted_in;
    if (needs_walk(visits, def))
      walk_callee(an, visits, def, name);
    visits->opted_in -= frame.opted_in;
    visits->depth--;
  } else {
    library_call(an, visits, call, callee, name);
  }
  free(name);
}

void callee_check_opt_ins(analysis *an, const callee_visits *visits) {
  for (size_t c = 0; c < an->pragma->nclauses; c++) {
    const clause *cl = &an->pragma->clauses[c];
    for (size_t i = 0; cl->kind == CLAUSE_HIDDEN_STATE && i < cl->nitems; i++) {
      int reached = 0;
      for (size_t r = 0; r < visits->nreached && !reached; r++)
        reached = strcmp(visits->reached[r], cl->items[i].name) == 0;
      if (!reached)
        diag_warning_at(an->sink, WARN_UNUSED_CLAUSE_ITEM, an->sf, cl->items[i].pos.line,
                        cl->items[i].pos.col,
                        "'%s' in 'hidden_state' clause is not called in the loop; the clause item is ignored",
                        cl->items[i].name);
    }
  }
}
