#define _XOPEN_SOURCE 700
#include "analyse/analysis.h"
#include "analyse/body_scan.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

static int inner_range(analysis *an, const loop_header *ih, inner_frame *f) {
  poly init = expr_poly(an, ih->init_expr), bound = expr_poly(an, ih->bound_expr);
  poly one = poly_const(1);
  if (!ih->step_known || !init.valid || !bound.valid)
    return 0;
  f->step = ih->step;
  if (ih->step > 0 && (ih->cmp == CMP_LT || (ih->cmp == CMP_NE && ih->step == 1))) {
    f->lo = init;
    f->hi = poly_sub(&bound, &one);
  } else if (ih->step > 0 && ih->cmp == CMP_LE) {
    f->lo = init;
    f->hi = bound;
  } else if (ih->step < 0 && (ih->cmp == CMP_GT || (ih->cmp == CMP_NE && ih->step == -1))) {
    f->lo = poly_add(&bound, &one);
    f->hi = init;
  } else if (ih->step < 0 && ih->cmp == CMP_GE) {
    f->lo = bound;
    f->hi = init;
  } else {
    return 0;
  }
  return f->lo.valid && f->hi.valid;
}

void inner_loop(analysis *an, CXCursor c) {
  loop_header ih;
  int canonical_loop = loop_header_read(an, c, &ih, 0) == 0 && an->nstack < MAX_DIMS;
  inner_frame f;
  memset(&f, 0, sizeof f);
  int fi = -1;
  if (canonical_loop) {
    f.var = var_index(an, ih.iv);
    f.valid = inner_range(an, &ih, &f);
    if (f.valid) {
      f.atom = atom_add(an, ATOM_INNER, an->vars[f.var].name, f.var);
      VEC_PUSH(an->frames, an->nframes, an->frames_cap, f);
      fi = (int)an->nframes - 1;
    }
  }
  cursor_list kids;
  cursor_children(c, &kids);
  int saved_header = an->in_header_of;
  if (fi < 0)
    an->cond_depth++; /* a loop lsc cannot bound may run any number of times */
  if (!canonical_loop) {
    an->break_depth++;
    an->loop_depth++;
  }
  for (size_t i = 0; i < kids.count; i++) {
    int is_body = canonical_loop && clang_equalCursors(kids.items[i], ih.body);
    if (is_body && fi >= 0)
      an->stack[an->nstack++] = fi;
    an->in_header_of = is_body ? saved_header : fi;
    if (is_body) {
      an->break_depth++;
      an->loop_depth++;
    }
    walk_expr(an, kids.items[i], MODE_READ);
    if (is_body) {
      an->break_depth--;
      an->loop_depth--;
    }
    if (is_body && fi >= 0)
      an->nstack--;
  }
  if (!canonical_loop) {
    an->break_depth--;
    an->loop_depth--;
  }
  an->in_header_of = saved_header;
  if (fi < 0)
    an->cond_depth--;
  cursor_list_free(&kids);
  if (canonical_loop)
    loop_header_free(&ih);
}
