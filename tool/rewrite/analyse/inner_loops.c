/* inner_loops.c - bounds an inner loop: from its header to the inclusive range [lo, hi] of its variable, for
 * the comparisons that end exactly at the bound (!= only with unit steps). The range is C's only when the
 * values convert as written: the first value and the bound keep their values in the variable's and the
 * comparison's types, the comparison orders the variable's values as the variable's type does (not a signed
 * variable compared as unsigned), and the walk cannot wrap around (iv_types.c). Otherwise there is no range,
 * and the accesses in that loop are treated as lsc treats any loop it cannot bound. */
#define _XOPEN_SOURCE 700
#include "analyse/inner_loops.h"
#include "support/strbuf.h"

char *inner_range_type_problem(const loop_header *ih) {
  if (ih->may_wrap)
    return xasprintf("'%s' ('%s') may wrap around inside this loop, so its values are not one interval",
                     ih->iv_name, ih->iv_type);
  if (ih->iv_int.is_signed && !ih->cmp_int.is_signed)
    return xasprintf(
        "'%s' ('%s') is compared as '%s', where its negative values come after the positive ones",
        ih->iv_name, ih->iv_type, ih->cmp_type);
  if (!ih->bound_fits)
    return xasprintf("the bound '%s' may change value when converted to '%s' for the comparison",
                     ih->bound_text, ih->cmp_type);
  return NULL;
}

int inner_loop_range(analysis *an, const loop_scope *scope, const loop_header *ih, inner_frame *f) {
  if (!ih->step_known || ih->may_wrap || !ih->bound_fits || (ih->iv_int.is_signed && !ih->cmp_int.is_signed))
    return 0;
  poly init = header_init_poly(an, scope, ih), bound = expr_poly(an, scope, ih->bound_expr);
  poly one = poly_const(1);
  if (!init.valid || !bound.valid)
    return 0;
  f->step = ih->step;
  if (ih->step > 0 && (ih->cmp == LSC_CMP_LT || (ih->cmp == LSC_CMP_NE && ih->step == 1))) {
    f->lo = init;
    f->hi = poly_sub(&bound, &one);
  } else if (ih->step > 0 && ih->cmp == LSC_CMP_LE) {
    f->lo = init;
    f->hi = bound;
  } else if (ih->step < 0 && (ih->cmp == LSC_CMP_GT || (ih->cmp == LSC_CMP_NE && ih->step == -1))) {
    f->lo = poly_add(&bound, &one);
    f->hi = init;
  } else if (ih->step < 0 && ih->cmp == LSC_CMP_GE) {
    f->lo = bound;
    f->hi = init;
  } else {
    return 0;
  }
  return f->lo.valid && f->hi.valid;
}
