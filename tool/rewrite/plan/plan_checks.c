/* plan_checks.c - the checked run (LSC_CHECK_BOUNDS): the subscripts that a proof by C's in-bounds rule
 * rests on (analyse/subscripts.c), each to be passed through lsc_subscript in the outlined body with its
 * dimension and a static description for the message. Only subscripts written out in the loop body can be
 * wrapped: text a macro makes is not the expression's, and a called function's text is not copied. */
#define _XOPEN_SOURCE 700
#include "plan/plan.h"
#include "support/strbuf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int already_checked(const loop_plan *p, size_t begin) {
  for (size_t i = 0; i < p->nchecks; i++)
    if (p->checks[i].begin == begin)
      return 1;
  return 0;
}

static char *dimension_value(const body_var *v, int d) {
  int64_t size;
  if (poly_is_const(&v->dims[d], &size))
    return xasprintf("%lld", (long long)size);
  return xasprintf("lsc_dim_%s_%d", v->name, d); /* the hidden scalar plan_array declares in the body */
}

int plan_subscript_checks(const analysis *an, const body_var *v, loop_plan *p) {
  int unchecked = 0, vi = (int)(v - an->vars);
  for (size_t i = 0; i < an->naccesses; i++) {
    const access_rec *a = &an->accesses[i];
    if (a->var != vi || !a->has_dims)
      continue;
    for (int d = 1; d < a->nsubs; d++) {
      if (!(a->outside & (1u << d)))
        continue;
      if (a->sub_begin[d] == SIZE_MAX) {
        unchecked++;
        continue;
      }
      if (already_checked(p, a->sub_begin[d]))
        continue;
      char *text = xstrndup(an->sf->text + a->sub_begin[d], a->sub_end[d] - a->sub_begin[d]);
      char *array = c_string_literal(v->name), *sub = c_string_literal(text),
           *dim = c_string_literal(v->dim_spelling[d] ? v->dim_spelling[d] : "?");
      subscript_check c = {a->sub_begin[d], a->sub_end[d], source_line_of(an->sf, a->sub_begin[d]),
                           xasprintf("%s, %s, %s", array, sub, dim), dimension_value(v, d)};
      VEC_PUSH(p->checks, p->nchecks, p->checks_cap, c);
      free(text);
      free(array);
      free(sub);
      free(dim);
    }
  }
  return unchecked;
}
