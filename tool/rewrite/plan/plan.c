/* plan.c - the plan of one parallel loop: from the analysis to the pieces of C that emit concatenates. Each
 * variable becomes an env field with how it is filled, declared in the body and described to the runtime
 * (plan_scalar, plan_array); the induction variable becomes its mapping from the logical iteration k, the
 * trip count call and, when it outlives the loop, its final value (plan_iv). Everything is text here so
 * that emit only orders it. */
#define _XOPEN_SOURCE 700
#include "plan/plan.h"
#include "analyse/atoms.h"
#include "support/int_type.h"

#include "lsc.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

char *c_string_literal(const char *text) {
  strbuf sb;
  sb_init(&sb);
  sb_putc(&sb, '"');
  for (const char *s = text; *s; s++) {
    if (*s == '"' || *s == '\\')
      sb_putc(&sb, '\\');
    if (*s == '\n')
      sb_puts(&sb, "\\n");
    else
      sb_putc(&sb, *s);
  }
  sb_putc(&sb, '"');
  return sb_take(&sb);
}

static plan_field *new_field(loop_plan *p) {
  plan_field f;
  memset(&f, 0, sizeof f);
  VEC_PUSH(p->fields, p->nfields, p->cap, f);
  return &p->fields[p->nfields - 1];
}

char *plan_poly_text(const analysis *an, const poly *x) {
  strbuf sb;
  sb_init(&sb);
  poly_print(x, &sb, atom_spelling, (void *)an);
  return sb_take(&sb);
}

/* An lsc_slice: {a, b, c, d, stride, e, f}; {0} for none (C zeroes the rest, without a warning). */
static char *slice_text(const analysis *an, const footprint *fp) {
  char *a = plan_poly_text(an, &fp->lo_a), *b = plan_poly_text(an, &fp->lo_b),
       *c = plan_poly_text(an, &fp->hi_a), *d = plan_poly_text(an, &fp->hi_b);
  char *r;
  if (fp->strided) {
    char *s = plan_poly_text(an, &fp->stride), *e = plan_poly_text(an, &fp->cnt_a),
         *f = plan_poly_text(an, &fp->cnt_b);
    r = xasprintf("{%s, %s, %s, %s, %s, %s, %s}", a, b, c, d, s, e, f);
    free(s);
    free(e);
    free(f);
  } else if (strcmp(a, "0") == 0 && strcmp(b, "0") == 0 && strcmp(c, "0") == 0 && strcmp(d, "0") == 0) {
    r = xstrdup("{0}");
  } else {
    r = xasprintf("{%s, %s, %s, %s, 0, 0, 0}", a, b, c, d);
  }
  free(a);
  free(b);
  free(c);
  free(d);
  return r;
}

/* The further slices of one direction, as the initializer of in_more or out_more. */
static char *more_text(const analysis *an, const footprint *more, int n) {
  if (n == 0)
    return xstrdup("{ {0} }");
  strbuf sb;
  sb_init(&sb);
  sb_puts(&sb, "{ ");
  for (int i = 0; i < n; i++) {
    char *t = slice_text(an, &more[i]);
    sb_printf(&sb, "%s%s", i ? ", " : "", t);
    free(t);
  }
  sb_puts(&sb, " }");
  return sb_take(&sb);
}

static char *slice_prose(const analysis *an, const footprint *fp) {
  char *a = plan_poly_text(an, &fp->lo_a), *b = plan_poly_text(an, &fp->lo_b),
       *c = plan_poly_text(an, &fp->hi_a), *d = plan_poly_text(an, &fp->hi_b);
  if (strcmp(a, "1") == 0)
    a[0] = '\0';
  if (strcmp(c, "1") == 0)
    c[0] = '\0';
  /* A coefficient that is a sum multiplies k as a whole: "(n + 1)*k". */
  if (fp->lo_a.nterms > 1) {
    char *t = xasprintf("(%s)", a);
    free(a);
    a = t;
  }
  if (fp->hi_a.nterms > 1) {
    char *t = xasprintf("(%s)", c);
    free(c);
    c = t;
  }
  char *lo = strcmp(a, "0") == 0   ? xstrdup(b)
             : strcmp(b, "0") == 0 ? xasprintf("%s%sk", a, *a ? "*" : "")
                                   : xasprintf("%s%sk + %s", a, *a ? "*" : "", b);
  char *hi = strcmp(c, "0") == 0   ? xstrdup(d)
             : strcmp(d, "0") == 0 ? xasprintf("%s%sk", c, *c ? "*" : "")
                                   : xasprintf("%s%sk + %s", c, *c ? "*" : "", d);
  char *r;
  if (fp->strided) {
    char *st = plan_poly_text(an, &fp->stride), *e = plan_poly_text(an, &fp->cnt_a),
         *f = plan_poly_text(an, &fp->cnt_b);
    char *count = strcmp(e, "0") == 0    ? xstrdup(f)
                  : strcmp(e, "-1") == 0 ? xasprintf("%s - k", f)
                  : strcmp(f, "0") == 0  ? xasprintf("%s*k", e)
                                         : xasprintf("%s*k + %s", e, f);
    r = xasprintf("[%s, %s) and every %s elements after it, %s times", lo, hi, st, count);
    free(st);
    free(e);
    free(f);
    free(count);
  } else {
    r = xasprintf("[%s, %s)", lo, hi);
  }
  free(lo);
  free(hi);
  free(a);
  free(b);
  free(c);
  free(d);
  return r;
}

/* A footprint that is a list of slices: "[...) and [...)". */
static char *list_prose(const analysis *an, const footprint *first, const footprint *more, int n) {
  strbuf sb;
  sb_init(&sb);
  for (int i = -1; i < n; i++) {
    char *t = slice_prose(an, i < 0 ? first : &more[i]);
    sb_printf(&sb, "%s%s", i < 0 ? "" : " and ", t);
    free(t);
  }
  return sb_take(&sb);
}

static const char *lsc_type_name(CXType t) {
  switch (canonical(t).kind) {
  case CXType_Char_S:
  case CXType_Char_U:
    return "LSC_TYPE_CHAR";
  case CXType_SChar:
    return "LSC_TYPE_SCHAR";
  case CXType_UChar:
    return "LSC_TYPE_UCHAR";
  case CXType_Short:
    return "LSC_TYPE_SHORT";
  case CXType_UShort:
    return "LSC_TYPE_USHORT";
  case CXType_Int:
  case CXType_Enum:
    return "LSC_TYPE_INT";
  case CXType_UInt:
    return "LSC_TYPE_UINT";
  case CXType_Long:
    return "LSC_TYPE_LONG";
  case CXType_ULong:
    return "LSC_TYPE_ULONG";
  case CXType_LongLong:
    return "LSC_TYPE_LLONG";
  case CXType_ULongLong:
    return "LSC_TYPE_ULLONG";
  case CXType_Float:
    return "LSC_TYPE_FLOAT";
  case CXType_Double:
    return "LSC_TYPE_DOUBLE";
  case CXType_LongDouble:
    return "LSC_TYPE_LDOUBLE";
  case CXType_Bool:
    return "LSC_TYPE_BOOL";
  default:
    return "LSC_TYPE_INT";
  }
}

/* The clause parser's operators and the runtime's: the generated code names LSC_RED_* for REDUCTION_*. */
static const char *const redop_names[] = {
    [REDUCTION_ADD] = "LSC_RED_ADD",   [REDUCTION_MUL] = "LSC_RED_MUL",   [REDUCTION_MIN] = "LSC_RED_MIN",
    [REDUCTION_MAX] = "LSC_RED_MAX",   [REDUCTION_BAND] = "LSC_RED_BAND", [REDUCTION_BOR] = "LSC_RED_BOR",
    [REDUCTION_BXOR] = "LSC_RED_BXOR", [REDUCTION_LAND] = "LSC_RED_LAND", [REDUCTION_LOR] = "LSC_RED_LOR"};
_Static_assert(REDUCTION_ADD == (int)LSC_RED_ADD && REDUCTION_MUL == (int)LSC_RED_MUL &&
                   REDUCTION_MIN == (int)LSC_RED_MIN && REDUCTION_MAX == (int)LSC_RED_MAX &&
                   REDUCTION_BAND == (int)LSC_RED_BAND && REDUCTION_BOR == (int)LSC_RED_BOR &&
                   REDUCTION_BXOR == (int)LSC_RED_BXOR && REDUCTION_LAND == (int)LSC_RED_LAND &&
                   REDUCTION_LOR == (int)LSC_RED_LOR &&
                   sizeof redop_names / sizeof redop_names[0] == REDUCTION_LOR + 1,
               "the clause parser's reduction operators and lsc.h's must agree");

static char *flags_text(unsigned flags) {
  static const struct {
    unsigned bit;
    const char *name;
  } names[] = {{LSC_VAR_INDIRECT, "LSC_VAR_INDIRECT"}, {LSC_VAR_GLOBAL, "LSC_VAR_GLOBAL"},
               {LSC_VAR_READ, "LSC_VAR_READ"},         {LSC_VAR_WRITE, "LSC_VAR_WRITE"},
               {LSC_VAR_WHOLE, "LSC_VAR_WHOLE"},       {LSC_VAR_OUT_EXACT, "LSC_VAR_OUT_EXACT"},
               {LSC_VAR_NOALIAS, "LSC_VAR_NOALIAS"}};
  strbuf sb;
  sb_init(&sb);
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (flags & names[i].bit)
      sb_printf(&sb, "%s%s", sb.len ? " | " : "", names[i].name);
  if (!sb.len)
    sb_puts(&sb, "0");
  return sb_take(&sb);
}

typedef struct plan_ctx {
  const analysis *an;
  loop_plan *p;
  const char *env; /* "struct lsc_env_21" */
} plan_ctx;

static char *unqualified_type(CXType t) {
  return type_name(clang_getUnqualifiedType(t));
}

/* A loop-invariant value the body needs (the first value and step of the induction variable when they are not
 * constants, a VLA bound): computed once at the loop, as C evaluates them once before the loop. */
static void hidden_scalar(plan_ctx *c, const char *ctype, const char *name, const char *value) {
  plan_field *f = new_field(c->p);
  f->field = xasprintf("%s %s;", ctype, name);
  f->site_fill = xasprintf("lsc_env.%s = (%s)(%s);", name, ctype, value);
  f->prologue = xasprintf("%s %s = lsc_e->%s;", ctype, name, name);
  f->descriptor = xasprintf("{\"%s\", LSC_VAR_SCALAR, 0, offsetof(%s, %s), sizeof(%s), 0, 0, 0, {0}, {0}, "
                            "LSC_NO_MORE_SLICES}",
                            name, c->env, name, ctype);
  c->p->ndescriptors++;
}

/* lastprivate: the value of a private scalar after the last iteration, given back to the caller. It travels
 * as a one-element array whose out slice is [(n-1) - k, n - k): element 0 for the last iteration, past the
 * end for the others (never below element 0, which would make the runtime run the loop on rank 0), so only
 * the chunk that holds iteration n-1 sends it back, whoever ran it. The body stores the scalar there when its
 * range ends at n (the iterations of a range run in order), and the caller takes it back when the loop ran at
 * all (with n == 0 the scalar keeps its value, as in C). */
static void plan_last_value(plan_ctx *c, const body_var *v, plan_field *f, const char *plain) {
  char *slot = xasprintf("lsc_last_%s", v->name);
  char *prologue = xasprintf("%s %s *%s = lsc_e->%s;", f->prologue, plain, slot, slot);
  free(f->prologue);
  f->prologue = prologue;
  f->prologue_late = 1;
  f->field = xasprintf("void *%s;", slot);
  f->site_fill = xasprintf("%s %s[1]; lsc_env.%s = (void *)%s;", plain, slot, slot, slot);
  f->epilogue = xasprintf("if (lsc_lo < lsc_hi && lsc_hi == lsc_n) *%s = %s;", slot, v->name);
  f->after = xasprintf("if (lsc_n > 0) %s = %s[0];", v->name, slot);
  f->descriptor =
      xasprintf("{\"%s\", LSC_VAR_ARRAY, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(%s, %s), "
                "sizeof(%s), 0, 0, 1, {0}, {-1, lsc_n - 1, -1, lsc_n, 0, 0, 0}, LSC_NO_MORE_SLICES}",
                v->name, c->env, slot, plain);
  c->p->ndescriptors++;
  f->comment = xasprintf("%s: private, the last iteration's value comes back (lastprivate)", v->name);
  char *remark = xasprintf("%s; after the loop it holds the last iteration's value (lastprivate)", f->remark);
  free(f->remark);
  f->remark = remark;
  free(slot);
}

static void plan_scalar(plan_ctx *c, const body_var *v) {
  if (v->lastprivate && !c->p->need_n) {
    /* Before this var's field: new_field may move the fields. */
    c->p->need_n = 1;
    hidden_scalar(c, "int64_t", "lsc_n", "lsc_n");
  }
  plan_field *f = new_field(c->p);
  char *plain = unqualified_type(v->type), *full = type_name(v->type);
  char *local = declarator(full, v->name);
  int global = v->flags & LSC_VAR_INDIRECT;
  if (v->role == ROLE_PRIVATE) {
    f->prologue = xasprintf("%s;", local);
    f->remark = xasprintf("'%s' is private%s: each iteration uses its own uninitialised copy", v->name,
                          v->auto_private ? " (every iteration writes it before reading it)" : "");
    if (v->lastprivate)
      plan_last_value(c, v, f, plain);
  } else {
    char *member = declarator(plain, v->name);
    f->field = global ? xasprintf("void *%s;", v->name) : xasprintf("%s;", member);
    free(member);
    if (global)
      c->p->has_bind = 1, f->bind = xasprintf("lsc_e->%s = (void *)&%s;", v->name, v->name);
    else
      f->site_fill = xasprintf("lsc_env.%s = %s;", v->name, v->name);
    const char *kind = v->role == ROLE_REDUCTION ? "LSC_VAR_REDUCTION" : "LSC_VAR_SCALAR";
    char *flags = flags_text(v->flags);
    f->descriptor = xasprintf(
        "{\"%s\", %s, %s, offsetof(%s, %s), sizeof(%s), %s, %s, 0, {0}, {0}, LSC_NO_MORE_SLICES}", v->name,
        kind, flags, c->env, v->name, plain, v->role == ROLE_REDUCTION ? lsc_type_name(v->type) : "0",
        v->role == ROLE_REDUCTION ? redop_names[v->op] : "0");
    free(flags);
    c->p->ndescriptors++;
    if (v->role == ROLE_REDUCTION) {
      f->prologue = global ? xasprintf("%s = *(%s *)lsc_e->%s;", local, plain, v->name)
                           : xasprintf("%s = lsc_e->%s;", local, v->name);
      f->epilogue = global ? xasprintf("*(%s *)lsc_e->%s = %s;", plain, v->name, v->name)
                           : xasprintf("lsc_e->%s = %s;", v->name, v->name);
      if (!global)
        f->after = xasprintf("%s = lsc_env.%s;", v->name, v->name);
      f->comment = xasprintf("%s: reduction(%s), partial results combined on rank 0", v->name,
                             reduction_op_spelling(v->op));
      f->remark = xasprintf("'%s' is a reduction with '%s'", v->name, reduction_op_spelling(v->op));
    } else {
      if (!global || v->role == ROLE_FIRSTPRIVATE)
        f->prologue = global ? xasprintf("%s = *(%s *)lsc_e->%s;", local, plain, v->name)
                             : xasprintf("%s = lsc_e->%s;", local, v->name);
      f->comment =
          v->role == ROLE_FIRSTPRIVATE
              ? xasprintf("%s: firstprivate, each worker starts from the caller's value", v->name)
              : xasprintf("%s: read-only, copied to every worker%s", v->name, global ? " (a global)" : "");
      f->remark =
          xasprintf("'%s' is captured by value%s", v->name,
                    global ? v->via_callee ? " (a global read by a called function)" : " (a global)" : "");
    }
  }
  free(plain);
  free(full);
  free(local);
}

/* An array reduction: the env holds a private copy of the reduced elements, each one a reduction var of the
 * runtime (so every path that combines scalar reductions, reproducible blocks included, combines them); the
 * body reaches them through a pointer of the array's shape into the env. The caller's elements are copied in
 * before the call (the values a one-rank run accumulates onto, and rank 0's starting value) and back after;
 * lsc_data_touch first, since inside a data region the ranks may hold newer elements than rank 0.
 */
static void plan_array_reduction(plan_ctx *c, const body_var *v) {
  plan_field *f = new_field(c->p);
  long long n = (long long)v->red_count;
  const char *et = v->elem_type;
  f->field = xasprintf("%s %s[%lld];", et, v->name, n);
  if (v->red_len_run_time) {
    /* reduction(+: y[0:n]) of double y[N]: the env holds the N declared elements; n of them move. */
    const array_section *sec = &v->red_item->sections[0];
    char *len_lit = c_string_literal(sec->len), *name_lit = c_string_literal(v->name);
    char *dim_lit = xasprintf("\"%lld\"", n);
    f->site_fill = xasprintf(
        "lsc_data_touch((const void *)(%s), (size_t)%lld * sizeof(%s));\n  "
        "int64_t lsc_len_%s = (int64_t)(%s);\n  if (lsc_len_%s < 0 || lsc_len_%s > %lld) "
        "lsc_section_outside(lsc_len_%s, %lld, &(const lsc_subscript_site){__FILE__, %d, %s, %s, %s});\n  "
        "for (int64_t lsc_r = 0; lsc_r < %lld; lsc_r++) lsc_env.%s[lsc_r] = lsc_r < lsc_len_%s ? ((%s "
        "*)(void "
        "*)(%s))[lsc_r] : (%s)0;",
        v->name, n, et, v->name, sec->len, v->name, v->name, n, v->name, n, sec->pos.line, name_lit, len_lit,
        dim_lit, n, v->name, v->name, et, v->name, et);
    f->after = xasprintf("for (int64_t lsc_r = 0; lsc_r < lsc_len_%s; lsc_r++) ((%s *)(void *)(%s))[lsc_r] = "
                         "lsc_env.%s[lsc_r];",
                         v->name, et, v->name, v->name);
    free(len_lit);
    free(name_lit);
    free(dim_lit);
  } else {
    f->site_fill =
        xasprintf("lsc_data_touch((const void *)(%s), (size_t)%lld * sizeof(%s));\n  for (int64_t "
                  "lsc_r = 0; lsc_r < %lld; lsc_r++) lsc_env.%s[lsc_r] = ((%s *)(void *)(%s))[lsc_r];",
                  v->name, n, et, n, v->name, et, v->name);
    f->after = xasprintf(
        "for (int64_t lsc_r = 0; lsc_r < %lld; lsc_r++) ((%s *)(void *)(%s))[lsc_r] = lsc_env.%s[lsc_r];", n,
        et, v->name, v->name);
  }
  strbuf decl;
  sb_init(&decl);
  sb_printf(&decl, "%s ", et);
  sb_printf(&decl, v->ndims > 1 ? "(*%s)" : "*%s", v->name);
  for (int d = 1; d < v->ndims; d++)
    sb_printf(&decl, "[%s]", v->dim_text[d]);
  f->prologue = xasprintf("%s = (void *)lsc_e->%s;", sb_str(&decl), v->name);
  sb_free(&decl);
  CXType t = canonical(v->type);
  if (t.kind == CXType_Pointer)
    t = canonical(clang_getPointeeType(t));
  while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray)
    t = canonical(clang_getArrayElementType(t));
  f->descriptor =
      xasprintf("{\"%s\", LSC_VAR_REDUCTION, 0, offsetof(%s, %s), sizeof(%s), %s, %s, 0, {0}, {0}, "
                "LSC_NO_MORE_SLICES}",
                v->name, c->env, v->name, et, lsc_type_name(t), redop_names[v->op]);
  f->repeat = n;
  f->stride = xasprintf("sizeof(%s)", et);
  c->p->nrepeated += n;
  f->comment = xasprintf("%s: reduction(%s) of %lld elements, one reduction var each", v->name,
                         reduction_op_spelling(v->op), n);
  f->remark = xasprintf(
      "'%s' is an array reduction with '%s' over %lld elements%s", v->name, reduction_op_spelling(v->op), n,
      v->red_inferred       ? " (found: the body only updates it, at subscripts computed from data)"
      : v->red_len_run_time ? " (its declared size; the section's length is checked against it at run time)"
                            : "");
}

static void plan_array(plan_ctx *c, const body_var *v) {
  const analysis *an = c->an;
  int global = (v->flags & LSC_VAR_GLOBAL) != 0;
  /* Bounds of dimensions 1.. that are not constants travel as hidden scalars so the body can declare the
   * pointer with the right row length. */
  strbuf decl;
  sb_init(&decl);
  sb_printf(&decl, "%s ", v->elem_type);
  sb_printf(&decl, v->ndims > 1 ? "(*%s)" : "*%s", v->name);
  for (int d = 1; d < v->ndims; d++) {
    int64_t size;
    if (poly_is_const(&v->dims[d], &size)) {
      sb_printf(&decl, "[%lld]", (long long)size);
    } else {
      char *hidden = xasprintf("lsc_dim_%s_%d", v->name, d);
      hidden_scalar(c, "int64_t", hidden, v->dim_text[d]);
      sb_printf(&decl, "[%s]", hidden);
      free(hidden);
    }
  }
  plan_field *f = new_field(c->p);
  f->array_var = (int)(v - an->vars) + 1;
  f->field = xasprintf("void *%s;", v->name);
  if (global) {
    c->p->has_bind = 1;
    f->bind = xasprintf("lsc_e->%s = (void *)%s;", v->name, v->name);
  } else {
    f->site_fill = xasprintf("lsc_env.%s = (void *)%s;", v->name, v->name);
    f->prologue = xasprintf("%s = lsc_e->%s;", sb_str(&decl), v->name);
    f->prologue_late = 1;
  }
  sb_free(&decl);
  char *flags = flags_text(v->flags);
  char *extent = v->extent_known ? plan_poly_text(an, &v->extent) : xstrdup("0");
  footprint none;
  memset(&none, 0, sizeof none);
  none.lo_a = none.lo_b = none.hi_a = none.hi_b = poly_const(0);
  int reads_slice = (v->flags & LSC_VAR_READ) && !(v->flags & LSC_VAR_WHOLE);
  char *in = slice_text(an, reads_slice ? &v->in : &none);
  char *out = slice_text(an, (v->flags & LSC_VAR_WRITE) ? &v->out : &none);
  c->p->var_descriptor[v - an->vars] = c->p->ndescriptors;
  int nin = reads_slice ? v->nin_more : 0, nout = (v->flags & LSC_VAR_WRITE) ? v->nout_more : 0;
  char *more = nin + nout == 0 ? xstrdup("LSC_NO_MORE_SLICES") : NULL;
  if (!more) {
    char *in_more = more_text(an, v->in_more, nin), *out_more = more_text(an, v->out_more, nout);
    more = xasprintf("%d, %d, %s, %s", nin, nout, in_more, out_more);
    free(in_more);
    free(out_more);
  }
  f->descriptor = xasprintf("{\"%s\", LSC_VAR_ARRAY, %s, offsetof(%s, %s), sizeof(%s), 0, 0, %s, %s, %s, %s}",
                            v->name, flags, c->env, v->name, v->elem_type, extent, in, out, more);
  free(more);
  c->p->ndescriptors++;
  strbuf what;
  sb_init(&what);
  if (v->flags & LSC_VAR_WHOLE)
    sb_printf(&what, "read anywhere: the whole array, sent once");
  else if (v->flags & LSC_VAR_READ) {
    char *s = list_prose(an, &v->in, v->in_more, v->nin_more);
    int64_t a, c;
    /* The runtime sends a slice that does not depend on k once per loop, not with each chunk. */
    if (poly_is_const(&v->in.lo_a, &a) && a == 0 && poly_is_const(&v->in.hi_a, &c) && c == 0)
      sb_printf(&what, "every iteration reads %s, sent once", s);
    else
      sb_printf(&what, "iteration k reads %s", s);
    free(s);
  }
  if (v->flags & LSC_VAR_WRITE) {
    char *s = list_prose(an, &v->out, v->out_more, v->nout_more);
    sb_printf(&what, "%siteration k writes %s%s", what.len ? "; " : "", s,
              (v->flags & LSC_VAR_OUT_EXACT) ? " (every element: nothing sent in)" : "");
    free(s);
  }
  f->comment = xasprintf("%s: %s", v->name, sb_str(&what));
  if (v->inbounds_rule == 2)
    sb_puts(&what, "; different iterations touch different rows (every subscript is inside its dimension)");
  if (v->inbounds_rule == 1) {
    size_t before = c->p->nchecks;
    int unchecked = plan_subscript_checks(an, v, c->p);
    size_t checked = c->p->nchecks - before;
    sb_printf(
        &what,
        "; proved by C's in-bounds rule: a subscript of an inner dimension stays inside it, so accesses "
        "whose subscripts differ touch different elements (LSC_CHECK_BOUNDS=1 checks the %zu subscript%s "
        "it rests on",
        checked, checked == 1 ? "" : "s");
    if (unchecked)
      sb_printf(&what, "; %d more, written by macros or in called functions, are not checked", unchecked);
    sb_puts(&what, ")");
  }
  f->remark = xasprintf("'%s' is sliced: %s", v->name, sb_str(&what));
  sb_free(&what);
  free(flags);
  free(extent);
  free(in);
  free(out);
}

/* Indexed by the LSC_CMP_* values of lsc.h: the generated code names the same constants. */
static const char *const cmp_names[LSC_CMP_COUNT] = {[LSC_CMP_LT] = "LSC_CMP_LT",
                                                     [LSC_CMP_LE] = "LSC_CMP_LE",
                                                     [LSC_CMP_GT] = "LSC_CMP_GT",
                                                     [LSC_CMP_GE] = "LSC_CMP_GE",
                                                     [LSC_CMP_NE] = "LSC_CMP_NE"};

/* An unsigned constant as C source: a suffix where it does not fit long long. */
static char *u64_literal(uint64_t v) {
  return v > (uint64_t)INT64_MAX ? xasprintf("%lluu", (unsigned long long)v)
                                 : xasprintf("%llu", (unsigned long long)v);
}

/* The constant first value of the induction variable, as the T-value C converted it to. */
static char *init_literal(const loop_header *h) {
  if (!h->iv_int.is_signed)
    return u64_literal((uint64_t)h->init);
  return h->init == INT64_MIN ? xstrdup("INT64_MIN") : xasprintf("%lld", (long long)h->init);
}

/* The value i has in logical iteration k: (T)(init + k * step), computed in uint64_t so that nothing
 * overflows and the conversion to T wraps as C's arithmetic on i does. `init` and `step` are uint64_t
 * residues (a constant step is folded in as its signed value). */
static char *iv_value(const loop_header *h, const char *init, const char *k, const char *step) {
  if (!h->step_known)
    return xasprintf("(%s)(%s + (uint64_t)%s * %s)", h->iv_type, init, k, step);
  if (h->step >= 0)
    return xasprintf("(%s)(%s + (uint64_t)%s * %lld)", h->iv_type, init, k, (long long)h->step);
  char *mag = u64_literal((uint64_t)0 - (uint64_t)h->step);
  char *r = xasprintf("(%s)(%s - (uint64_t)%s * %s)", h->iv_type, init, k, mag);
  free(mag);
  return r;
}

static char *trip_count_call(const loop_header *h) {
  return xasprintf("lsc_iv_trip_count(%s, %s, %s, %s, %s, %s)", h->init_arg, h->bound_text, h->step_arg,
                   cmp_names[h->cmp], int_type_code_name(h->iv_int), int_type_code_name(h->cmp_int));
}

static int has_arrays(const analysis *an) {
  for (size_t i = 0; i < an->nvars; i++)
    if (an->vars[i].role == ROLE_ARRAY)
      return 1;
  return 0;
}

static void plan_iv(plan_ctx *c) {
  const analysis *an = c->an;
  const loop_header *h = &an->h;
  /* In the body, constants or the hidden scalars; at the loop, constants or the env fields just filled. */
  char *init = h->init_known ? init_literal(h) : xstrdup("lsc_init");
  char *init_here = h->init_known ? init_literal(h) : xstrdup("lsc_env.lsc_init");
  char *step_here = h->step_known ? xasprintf("%lld", (long long)h->step) : xstrdup("lsc_env.lsc_step");
  if (!h->init_known)
    hidden_scalar(c, "uint64_t", "lsc_init", h->init_arg);
  if (!h->step_known)
    hidden_scalar(c, "uint64_t", "lsc_step", h->step_arg);
  char *iv = declarator(h->iv_type, h->iv_name);
  /* A pipelined nest's row function maps the row k1; the column k2 is mapped inside its loop. */
  char *value = iv_value(h, init, an->pipeline ? "lsc_k1" : "lsc_k", "lsc_step");
  c->p->iv_decl = xasprintf("%s = %s;", iv, value);
  free(value);
  free(iv);
  if (an->pipeline) {
    const loop_header *in = &an->nest.inner;
    if (!in->init_known)
      hidden_scalar(c, "uint64_t", "lsc_init2", in->init_arg);
    char *init2 = in->init_known ? init_literal(in) : xstrdup("lsc_init2");
    char *jv = in->iv_declared_in_init ? declarator(in->iv_type, in->iv_name) : xstrdup(in->iv_name);
    char *value2 = iv_value(in, init2, "lsc_k2", "0"); /* a nest's steps are constants (nest_header.c) */
    c->p->col_iv_decl = xasprintf("%s = %s;", jv, value2);
    c->p->trip_count2 = trip_count_call(in);
    free(value2);
    free(init2);
    free(jv);
  }
  c->p->trip_count = trip_count_call(h);
  if (!h->iv_declared_in_init) {
    /* After the loop i holds the first value that failed the condition, as in C. */
    char *final = iv_value(h, init_here, "lsc_n", step_here);
    c->p->iv_final = xasprintf("%s = %s;", h->iv_name, final);
    free(final);
  }
  /* Slices are linear in k only while i does not wrap around: where iv_types.c could not prove that, the
   * instance is checked at the loop and run on one rank when it does (arrays only: scalars and reductions
   * do not depend on the mapping). */
  if (!an->pipeline && h->may_wrap && has_arrays(an))
    c->p->wrap_check =
        xasprintf("lsc_iv_wraps(%s, %s, lsc_n, %s)", init_here, step_here, int_type_code_name(h->iv_int));
  free(init);
  free(init_here);
  free(step_here);
}

void plan_loop(const analysis *an, const char *suffix, loop_plan *out) {
  memset(out, 0, sizeof *out);
  out->name_suffix = xstrdup(suffix);
  char *env = xasprintf("struct lsc_env_%s", suffix);
  plan_ctx c = {an, out, env};
  out->pipeline = an->pipeline;
  out->var_descriptor = xcalloc(an->nvars ? an->nvars : 1, sizeof *out->var_descriptor);
  for (size_t i = 0; i < an->nvars; i++)
    out->var_descriptor[i] = -1;
  plan_iv(&c);
  for (size_t i = 0; i < an->nvars; i++) {
    const body_var *v = &an->vars[i];
    if (v->role == ROLE_ARRAY)
      plan_array(&c, v);
    else if (v->role == ROLE_REDUCTION && v->array_like)
      plan_array_reduction(&c, v);
    else if (v->role != ROLE_NONE && (v->used_in_body || v->via_callee || v->role == ROLE_REDUCTION))
      plan_scalar(&c, v);
  }
  for (int k = 0; k < CLAUSE_KIND_COUNT; k++) {
    if (!clause_table_row((clause_kind)k)->site_field)
      continue;
    const clause *cl = pragma_clause(an->pragma, (clause_kind)k);
    out->site_clauses[k] = cl ? c_string_literal(cl->arg) : xstrdup("0");
  }
  if (an->pipeline)
    plan_nest(an, out);
  else
    plan_restrict(an, out);
  free(env);
}

void loop_plan_free(loop_plan *p) {
  for (size_t i = 0; i < p->nfields; i++) {
    plan_field *f = &p->fields[i];
    free(f->field);
    free(f->site_fill);
    free(f->bind);
    free(f->prologue);
    free(f->epilogue);
    free(f->after);
    free(f->descriptor);
    free(f->stride);
    free(f->comment);
    free(f->remark);
    free(f->param);
    free(f->arg);
  }
  free(p->fields);
  free(p->name_suffix);
  free(p->iv_decl);
  free(p->trip_count);
  free(p->iv_final);
  free(p->wrap_check);
  for (int k = 0; k < CLAUSE_KIND_COUNT; k++)
    free(p->site_clauses[k]);
  free(p->var_descriptor);
  for (size_t i = 0; i < p->nchecks; i++) {
    free(p->checks[i].site);
    free(p->checks[i].dim);
  }
  free(p->checks);
  free(p->col_iv_decl);
  free(p->trip_count2);
  free(p->sync);
  for (int i = 0; i < p->ncells; i++) {
    free(p->cells[i]);
    free(p->cell_comments[i]);
  }
  free(p->cells);
  free(p->cell_comments);
  memset(p, 0, sizeof *p);
}
