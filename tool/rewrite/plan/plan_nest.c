#define _XOPEN_SOURCE 700
#include "plan/plan.h"

#include "support/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "a1*k1 + a2*k2 + b" with the zero terms and unit factors left out, for the reader of the output. */
static void affine_prose(strbuf *sb, const char *a1, const char *a2, const char *b) {
  const char *coef[2] = {a1, a2}, *name[2] = {"k1", "k2"};
  int terms = 0;
  for (int t = 0; t < 2; t++) {
    if (strcmp(coef[t], "0") == 0)
      continue;
    sb_printf(sb, "%s%s%s%s", terms++ ? " + " : "", strcmp(coef[t], "1") == 0 ? "" : coef[t],
              strcmp(coef[t], "1") == 0 ? "" : "*", name[t]);
  }
  if (strcmp(b, "0") != 0 || !terms)
    sb_printf(sb, "%s%s", terms ? " + " : "", b);
}

static void plan_cell(const analysis *an, loop_plan *p, int vi) {
  const body_var *v = &an->vars[vi];
  const poly *parts[6] = {&v->cell_a1, &v->cell_a2, &v->cell_b, &v->cell_c1, &v->cell_c2, &v->cell_d};
  char *text[6];
  for (int i = 0; i < 6; i++)
    text[i] = plan_poly_text(an, parts[i]);
  char *cell = xasprintf("{%d, %s, %s, %s, %s, %s, %s}", p->var_descriptor[vi], text[0], text[1], text[2],
                         text[3], text[4], text[5]);
  strbuf what;
  sb_init(&what);
  sb_printf(&what, "%s: iteration (k1, k2) writes [", v->name);
  affine_prose(&what, text[0], text[1], text[2]);
  sb_puts(&what, ", ");
  affine_prose(&what, text[3], text[4], text[5]);
  sb_puts(&what, "), read by later rows");
  p->cells = xrealloc(p->cells, (size_t)(p->ncells + 1) * sizeof *p->cells);
  p->cell_comments = xrealloc(p->cell_comments, (size_t)(p->ncells + 1) * sizeof *p->cell_comments);
  p->cells[p->ncells] = cell;
  p->cell_comments[p->ncells] = sb_take(&what);
  p->ncells++;
  for (int i = 0; i < 6; i++)
    free(text[i]);
}

void plan_nest(const analysis *an, loop_plan *p) {
  char count[32];
  snprintf(count, sizeof count, "%lld", (long long)an->nest.sync);
  p->sync = c_string_literal(an->nest.sync ? count : "auto");
  p->dep_rows = an->nest.dep_rows;
  p->skew = an->nest.skew;
  for (size_t i = 0; i < an->nvars; i++)
    if (an->vars[i].boundary && p->var_descriptor[i] >= 0)
      plan_cell(an, p, (int)i);
}
