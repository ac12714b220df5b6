/* plan_restrict.c - which array locals of the plain outlined body may be `restrict`, so the compiler can
 * vectorize the body's loops without run-time alias tests of its own. Only on a static proof that no two
 * of the loop's arrays overlap: every array-like variable the body reaches is a distinct array object (a
 * declared array, never a pointer: two named objects cannot overlap), a `restrict` pointer or one named in
 * noalias(...) (the user's promise). The runtime's overlap test of each instance (exec/alias_check.c) is no
 * proof here: with one rank, or when it finds an overlap, the same body runs on the overlapping arrays.
 * Only bodies with an inner loop lsc can bound get them. gcc honours `restrict` on parameters, not on locals
 * loaded from the env, so each such array becomes a parameter of the function that holds the loop (emit.c);
 * arrays whose row length is a run-time value stay locals, declared after the scalars that give it. */
#define _XOPEN_SOURCE 700
#include "plan/plan.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>

static int array_object(const body_var *v) {
  CXType t = canonical(v->type);
  int array =
      t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray;
  return array && clang_getCursorKind(v->decl) == CXCursor_VarDecl;
}

/* Whether no two arrays the body reaches overlap. A reduction array is reached through its private copy in
 * the env, which nothing else points to; a pointer declared in the body may hold any address. */
static int arrays_disjoint(const analysis *an) {
  for (size_t i = 0; i < an->nvars; i++) {
    const body_var *v = &an->vars[i];
    if (!v->array_like || v->is_iv || (v->role == ROLE_REDUCTION && !v->inside))
      continue;
    if (!array_object(v) && !v->noalias)
      return 0;
  }
  return 1;
}

static int constant_dims(const body_var *v) {
  int64_t size;
  for (int d = 1; d < v->ndims; d++)
    if (!poly_is_const(&v->dims[d], &size))
      return 0;
  return 1;
}

void plan_restrict(const analysis *an, loop_plan *p) {
  /* Only a body with an inner loop gains: a vectorizer works on inner loops, and the outer one is the
   * runtime's. */
  if (an->pipeline || an->nframes == 0 || !arrays_disjoint(an))
    return;
  for (size_t i = 0; i < p->nfields; i++) {
    plan_field *f = &p->fields[i];
    if (!f->array_var || !f->prologue)
      continue;
    const body_var *v = &an->vars[f->array_var - 1];
    if (!constant_dims(v))
      continue;
    strbuf decl;
    sb_init(&decl);
    sb_printf(&decl, "%s ", v->elem_type);
    sb_printf(&decl, v->ndims > 1 ? "(*restrict %s)" : "*restrict %s", v->name);
    int64_t size;
    for (int d = 1; d < v->ndims; d++) {
      poly_is_const(&v->dims[d], &size);
      sb_printf(&decl, "[%lld]", (long long)size);
    }
    f->param = sb_take(&decl);
    f->arg = xasprintf("lsc_e->%s", v->name);
    p->nparams++;
  }
}
