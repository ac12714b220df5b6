#define _XOPEN_SOURCE 700
#include "emit/emit.h"

#include "lsc.h"

/* lsc_row_<id>: row k1, columns [k2_lo, k2_hi) of the synchronization loop, with the user's inner body. */
static void emit_row(strbuf *out, const source_file *sf, const rewrite_site *s, const char *file_literal) {
  const loop_plan *p = s->plan;
  const analysis *an = s->an;
  const loop_header *in = &an->nest.inner;
  const char *id = p->name_suffix;
  sb_printf(out,
            "static LSC_OUTLINED void lsc_row_%s(int64_t lsc_k1, int64_t lsc_k2_lo, int64_t lsc_k2_hi, void "
            "*lsc_env_ptr) {\n",
            id);
  sb_printf(out, "  struct lsc_env_%s *lsc_e = lsc_env_ptr;\n  (void)lsc_e;\n", id);
  for (int late = 0; late < 2; late++)
    for (size_t i = 0; i < p->nfields; i++)
      if (p->fields[i].prologue && p->fields[i].prologue_late == late)
        sb_printf(out, "  %s\n", p->fields[i].prologue);
  /* Scalars the synchronization loop's header reads (its bound) are captured, but the header itself is not
   * in the row function, which loops over [k2_lo, k2_hi). */
  for (size_t i = 0; i < an->nvars; i++) {
    const body_var *v = &an->vars[i];
    int local = (v->role == ROLE_CAPTURED && !(v->flags & LSC_VAR_INDIRECT)) ||
                v->role == ROLE_FIRSTPRIVATE || (v->role == ROLE_PRIVATE && !v->inside);
    if (local && v->used_in_body)
      sb_printf(out, "  (void)%s;\n", v->name);
  }
  sb_printf(out, "  %s\n  (void)%s;\n", p->iv_decl, an->h.iv_name);
  sb_printf(out,
            "  for (int64_t lsc_k2 = lsc_k2_lo; lsc_k2 < lsc_k2_hi; lsc_k2++) {\n    %s\n    (void)%s;\n",
            p->col_iv_decl, in->iv_name);
  emit_line_directive(out, source_line_of(sf, in->body_begin), file_literal);
  emit_pad_to_column(out, sf, in->body_begin);
  sb_append(out, sf->text + in->body_begin, in->body_end - in->body_begin);
  sb_puts(out, "\n  }\n}\n");
}

void emit_nest_outlined(strbuf *out, const source_file *sf, const rewrite_site *s, const char *file_literal) {
  const loop_plan *p = s->plan;
  const char *id = p->name_suffix;
  emit_row(out, sf, s, file_literal);
  sb_printf(out, "static const lsc_pipeline_site lsc_site_%s = {\n    .base = ", id);
  emit_site_fields(out, s, file_literal, "LSC_PIPELINE_SITE_MAGIC", "0", "       ");
  sb_printf(out, ",\n    .row = lsc_row_%s,\n    .sync = %s};\n", id, p->sync);
}

void emit_nest_call(strbuf *out, const rewrite_site *s, const char *in, const char *vars) {
  const loop_plan *p = s->plan;
  if (p->ncells) {
    sb_printf(out, "%s  lsc_cell_slice lsc_cells[] = {\n", in);
    for (int i = 0; i < p->ncells; i++)
      sb_printf(out, "%s    /* %s */\n%s    %s,\n", in, p->cell_comments[i], in, p->cells[i]);
    sb_printf(out, "%s  };\n", in);
  }
  if (p->iv_final)
    sb_printf(out, "%s  int64_t lsc_n = %s;\n", in, p->trip_count);
  sb_printf(out,
            "%s  lsc_nest lsc_shape = {.n1 = %s, .n2 = %s, .dep_rows = %lld, .skew = %lld, .boundary = %s, "
            ".nboundary = %d};\n",
            in, p->iv_final ? "lsc_n" : p->trip_count, p->trip_count2, (long long)p->dep_rows,
            (long long)p->skew, p->ncells ? "lsc_cells" : "0", p->ncells);
  sb_printf(out, "%s  lsc_pipeline_for(&lsc_site_%s, &lsc_env, %s, %d, &lsc_shape);\n", in, p->name_suffix,
            vars, p->ndescriptors);
}
