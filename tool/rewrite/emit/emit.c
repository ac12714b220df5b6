/* emit.c - writes the output file: the user's text, with each marked loop's outlined pieces (env struct,
 * bind, body, site) placed before its enclosing function and the loop replaced by the call into liblsc.
 * Everything comes ready from the plan; this file only orders it, and keeps #line directives so that
 * compiler messages and debuggers point at the user's lines. */
#define _XOPEN_SOURCE 700
#include "emit/emit.h"
#include "emit/feature_prelude.h"

#include <stdlib.h>
#include <string.h>

void emit_line_directive(strbuf *out, int line, const char *file_literal) {
  sb_printf(out, "#line %d %s\n", line, file_literal);
}

void emit_pad_to_column(strbuf *out, const source_file *sf, size_t offset) {
  size_t start = source_line_start(sf, source_line_of(sf, offset));
  for (size_t i = start; i < offset; i++)
    sb_putc(out, sf->text[i] == '\t' ? '\t' : ' ');
}

static int rest_of_line_blank(const source_file *sf, size_t offset) {
  for (size_t i = offset; i < sf->len && sf->text[i] != '\n'; i++)
    if (sf->text[i] != ' ' && sf->text[i] != '\t' && sf->text[i] != '\r')
      return 0;
  return 1;
}

/* One end of a checked subscript in the body's text: "lsc_subscript((" before it, its dimension after. */
typedef struct body_edit {
  size_t at;
  int closing;
  size_t check;
} body_edit;

static int edit_order(const void *a, const void *b) {
  const body_edit *x = a, *y = b;
  if (x->at != y->at)
    return x->at < y->at ? -1 : 1;
  return y->closing - x->closing;
}

/* The body's text, byte for byte but, when `checked`, for the subscripts the checked run verifies
 * (plan_checks.c). */
static void emit_body_text(strbuf *out, const source_file *sf, const analysis *an, const loop_plan *p,
                           int checked) {
  size_t nchecks = checked ? p->nchecks : 0;
  body_edit *edits = xcalloc(nchecks * 2 + 1, sizeof *edits);
  for (size_t i = 0; i < nchecks; i++) {
    edits[2 * i] = (body_edit){p->checks[i].begin, 0, i};
    edits[2 * i + 1] = (body_edit){p->checks[i].end, 1, i};
  }
  qsort(edits, nchecks * 2, sizeof *edits, edit_order);
  size_t pos = an->h.body_begin;
  for (size_t e = 0; e < nchecks * 2; e++) {
    sb_append(out, sf->text + pos, edits[e].at - pos);
    pos = edits[e].at;
    if (edits[e].closing)
      sb_printf(out, "), %s, &lsc_sub_%s_%zu)", p->checks[edits[e].check].dim, p->name_suffix,
                edits[e].check);
    else
      sb_puts(out, "lsc_subscript((");
  }
  sb_append(out, sf->text + pos, an->h.body_end - pos);
  free(edits);
}

/* The prologue, the loop over [lsc_lo, lsc_hi) and the epilogue of an outlined body; `restrict` arrays
 * (plan_restrict.c) are the enclosing function's parameters when `params`. */
static void emit_loop_code(strbuf *out, const source_file *sf, const rewrite_site *s,
                           const char *file_literal, int checked, int params) {
  const loop_plan *p = s->plan;
  const analysis *an = s->an;
  sb_puts(out, "  (void)lsc_e;\n");
  for (int late = 0; late < 2; late++)
    for (size_t i = 0; i < p->nfields; i++)
      if (p->fields[i].prologue && p->fields[i].prologue_late == late && !(params && p->fields[i].param))
        sb_printf(out, "  %s\n", p->fields[i].prologue);
  sb_printf(out, "  for (int64_t lsc_k = lsc_lo; lsc_k < lsc_hi; lsc_k++) {\n    %s\n    (void)%s;\n",
            p->iv_decl, an->h.iv_name);
  emit_line_directive(out, source_line_of(sf, an->h.body_begin), file_literal);
  emit_pad_to_column(out, sf, an->h.body_begin);
  emit_body_text(out, sf, an, p, checked);
  sb_puts(out, "\n  }\n");
  for (size_t i = 0; i < p->nfields; i++)
    if (p->fields[i].epilogue)
      sb_printf(out, "  %s\n", p->fields[i].epilogue);
}

/* lsc_body_<id> (checked: lsc_body_<id>_checked, its subscripts through lsc_subscript). Loop versioning, as
 * a vectorizer versions a loop on a run-time test: the plain body tests LSC_CHECK_BOUNDS once per chunk and
 * hands the chunk to its checked twin, so the normal run's inner loops carry no check, whose cold call would
 * be control flow that keeps the compiler from vectorizing them. With `restrict` arrays the plain body's loop
 * is in lsc_loop_<id>, which takes them as parameters (the form of restrict compilers use). */
static void emit_body_function(strbuf *out, const source_file *sf, const rewrite_site *s,
                               const char *file_literal, int checked) {
  const loop_plan *p = s->plan;
  const char *id = p->name_suffix;
  int params = !checked && p->nparams;
  if (params) {
    sb_printf(out,
              "static inline LSC_OUTLINED void lsc_loop_%s(int64_t lsc_lo, int64_t lsc_hi, struct lsc_env_%s "
              "*lsc_e",
              id, id);
    for (size_t i = 0; i < p->nfields; i++)
      if (p->fields[i].param)
        sb_printf(out, ", %s", p->fields[i].param);
    sb_puts(out, ") {\n");
    emit_loop_code(out, sf, s, file_literal, 0, 1);
    sb_puts(out, "}\n");
  }
  sb_printf(out,
            "static LSC_OUTLINED void lsc_body_%s%s(int64_t lsc_lo, int64_t lsc_hi, void *lsc_env_ptr) {\n",
            id, checked ? "_checked" : "");
  if (!checked && p->nchecks)
    sb_printf(out,
              "  if (lsc_check_bounds) { /* LSC_CHECK_BOUNDS: the twin that checks subscripts */\n"
              "    lsc_body_%s_checked(lsc_lo, lsc_hi, lsc_env_ptr);\n    return;\n  }\n",
              id);
  sb_printf(out, "  struct lsc_env_%s *lsc_e = lsc_env_ptr;\n", id);
  if (params) {
    sb_printf(out, "  lsc_loop_%s(lsc_lo, lsc_hi, lsc_e", id);
    for (size_t i = 0; i < p->nfields; i++)
      if (p->fields[i].param)
        sb_printf(out, ", %s", p->fields[i].arg);
    sb_puts(out, ");\n");
  } else {
    emit_loop_code(out, sf, s, file_literal, checked, 0);
  }
  sb_puts(out, "}\n");
}

static void emit_outlined(strbuf *out, const source_file *sf, const rewrite_site *s,
                          const char *file_literal) {
  const loop_plan *p = s->plan;
  const analysis *an = s->an;
  const char *id = p->name_suffix;
  sb_printf(out, "/* lsc: the %s at %s:%d, outlined */\n",
            p->pipeline ? "pipelined loop nest" : "parallel loop", sf->path, an->for_line);
  sb_printf(out, "struct lsc_env_%s {\n", id);
  int fields = 0;
  for (size_t i = 0; i < p->nfields; i++)
    if (p->fields[i].field) {
      sb_printf(out, "  %s\n", p->fields[i].field);
      fields++;
    }
  if (!fields)
    sb_puts(out, "  char lsc_unused; /* C requires a member */\n");
  sb_puts(out, "};\n");
  if (p->has_bind) {
    /* lsc_ names only: a user's global called e or env must still be reachable by name. */
    sb_printf(out,
              "static void lsc_bind_%s(void *lsc_env_ptr) {\n  struct lsc_env_%s *lsc_e = lsc_env_ptr;\n", id,
              id);
    for (size_t i = 0; i < p->nfields; i++)
      if (p->fields[i].bind)
        sb_printf(out, "  %s\n", p->fields[i].bind);
    sb_puts(out, "}\n");
  }
  if (p->pipeline) {
    emit_nest_outlined(out, sf, s, file_literal);
    return;
  }
  for (size_t i = 0; i < p->nchecks; i++)
    sb_printf(out, "static const lsc_subscript_site lsc_sub_%s_%zu = {%s, %d, %s};\n", id, i, file_literal,
              p->checks[i].line, p->checks[i].site);
  if (p->nchecks)
    emit_body_function(out, sf, s, file_literal, 1);
  emit_body_function(out, sf, s, file_literal, 0);
  char *body = xasprintf("lsc_body_%s", id);
  sb_printf(out, "static const lsc_site lsc_site_%s = ", id);
  emit_site_fields(out, s, file_literal, "LSC_SITE_MAGIC", body, "   ");
  sb_puts(out, ";\n");
  free(body);
}

static void emit_replacement(strbuf *out, const source_file *sf, const rewrite_site *s) {
  const loop_plan *p = s->plan;
  const analysis *an = s->an;
  const char *id = p->name_suffix;
  /* Lines after the first are indented like the pragma's line. */
  size_t line_start = source_line_start(sf, source_line_of(sf, s->replace_begin));
  strbuf ind;
  sb_init(&ind);
  for (size_t i = line_start; i < s->replace_begin && (sf->text[i] == ' ' || sf->text[i] == '\t'); i++)
    sb_putc(&ind, sf->text[i]);
  const char *in = sb_str(&ind);
  sb_printf(out, "{\n%s  struct lsc_env_%s lsc_env;\n", in, id);
  /* The trip count first when the fills and descriptors use it (lastprivate slots). */
  if (p->need_n)
    sb_printf(out, "%s  int64_t lsc_n = %s;\n", in, p->trip_count);
  for (size_t i = 0; i < p->nfields; i++)
    if (p->fields[i].site_fill)
      sb_printf(out, "%s  %s\n", in, p->fields[i].site_fill);
  int64_t nvars = p->ndescriptors + p->nrepeated;
  if (nvars) {
    if (p->nrepeated) /* sized: loops fill the entries after the initialiser's */
      sb_printf(out, "%s  lsc_var lsc_vars[%lld] = {\n", in, (long long)nvars);
    else
      sb_printf(out, "%s  lsc_var lsc_vars[] = {\n", in);
    for (size_t i = 0; i < p->nfields; i++) {
      if (!p->fields[i].descriptor || p->fields[i].repeat)
        continue;
      if (p->fields[i].comment)
        sb_printf(out, "%s    /* %s */\n", in, p->fields[i].comment);
      sb_printf(out, "%s    %s,\n", in, p->fields[i].descriptor);
    }
    sb_printf(out, "%s  };\n", in);
    /* One var per element of an array reduction, after the fixed ones. */
    int64_t base = p->ndescriptors;
    for (size_t i = 0; i < p->nfields; i++) {
      const plan_field *f = &p->fields[i];
      if (!f->descriptor || !f->repeat)
        continue;
      sb_printf(out, "%s  /* %s */\n", in, f->comment);
      sb_printf(out, "%s  for (int64_t lsc_r = 0; lsc_r < %lld; lsc_r++) {\n", in, (long long)f->repeat);
      sb_printf(out, "%s    lsc_vars[%lld + lsc_r] = (lsc_var)%s;\n", in, (long long)base, f->descriptor);
      sb_printf(out, "%s    lsc_vars[%lld + lsc_r].offset += (size_t)lsc_r * %s;\n%s  }\n", in,
                (long long)base, f->stride, in);
      base += f->repeat;
    }
  }
  const char *vars = nvars ? "lsc_vars" : "0";
  if (p->pipeline) {
    emit_nest_call(out, s, in, vars);
  } else if (p->wrap_check) {
    /* The induction variable may wrap around, which the slices (linear in k) cannot describe: such an
     * instance runs on one rank, exactly as the sequential loop. */
    if (!p->need_n)
      sb_printf(out, "%s  int64_t lsc_n = %s;\n", in, p->trip_count);
    sb_printf(out, "%s  if (%s)\n", in, p->wrap_check);
    sb_printf(out, "%s    lsc_parallel_for_local(&lsc_site_%s, &lsc_env, lsc_n);\n", in, id);
    sb_printf(out, "%s  else\n", in);
    sb_printf(out, "%s    lsc_parallel_for(&lsc_site_%s, &lsc_env, %s, %lld, lsc_n);\n", in, id, vars,
              (long long)nvars);
  } else if (p->iv_final || p->need_n) {
    if (!p->need_n)
      sb_printf(out, "%s  int64_t lsc_n = %s;\n", in, p->trip_count);
    sb_printf(out, "%s  lsc_parallel_for(&lsc_site_%s, &lsc_env, %s, %lld, lsc_n);\n", in, id, vars,
              (long long)nvars);
  } else {
    sb_printf(out, "%s  lsc_parallel_for(&lsc_site_%s, &lsc_env, %s, %lld, %s);\n", in, id, vars,
              (long long)nvars, p->trip_count);
  }
  for (size_t i = 0; i < p->nfields; i++)
    if (p->fields[i].after)
      sb_printf(out, "%s  %s\n", in, p->fields[i].after);
  if (p->iv_final)
    sb_printf(out, "%s  %s\n%s  (void)%s;\n", in, p->iv_final, in, an->h.iv_name);
  /* Variables private to the loop may now be unused in the caller; say so rather than warn. */
  for (size_t i = 0; i < an->nvars; i++)
    if (an->vars[i].role == ROLE_PRIVATE && !an->vars[i].inside)
      sb_printf(out, "%s  (void)%s;\n", in, an->vars[i].name);
  sb_printf(out, "%s}\n", in);
  sb_free(&ind);
}

void text_edits_free(text_edits *e) {
  for (size_t i = 0; i < e->count; i++)
    free(e->items[i].text);
  free(e->items);
  memset(e, 0, sizeof *e);
}

static int text_edit_order(const void *a, const void *b) {
  const text_edit *x = a, *y = b;
  if (x->begin != y->begin)
    return x->begin < y->begin ? -1 : 1;
  return (x->order > y->order) - (x->order < y->order);
}

/* After a rewrite that ends at `end`: the user's line numbering again, and the column where the text goes on.
 */
static void resume_source(strbuf *out, const source_file *sf, size_t end, const char *file_literal) {
  emit_line_directive(out, source_line_of(sf, end), file_literal);
  if (!rest_of_line_blank(sf, end))
    emit_pad_to_column(out, sf, end);
}

/* The edits that begin before `limit`, from edits->items[*next] on. */
static void apply_edits(strbuf *out, const source_file *sf, const text_edits *edits, size_t *next,
                        size_t limit, size_t *pos, const char *file_literal) {
  for (; *next < edits->count && edits->items[*next].begin < limit; ++*next) {
    const text_edit *t = &edits->items[*next];
    sb_append(out, sf->text + *pos, t->begin - *pos);
    sb_puts(out, t->text);
    /* insertions run on in the same line; a replaced directive ends its line */
    if (t->end > t->begin) {
      sb_putc(out, '\n');
      resume_source(out, sf, t->end, file_literal);
    }
    *pos = t->end;
  }
}

void emit_file(const source_file *sf, const rewrite_site *sites, size_t nsites, const region_info *regions,
               size_t nregions, strbuf *out) {
  if (nsites == 0 && nregions == 0) {
    sb_append(out, sf->text, sf->len);
    return;
  }
  char *file_literal = c_string_literal(sf->path);
  text_edits edits = {0};
  region_edits(sf, regions, nregions, file_literal, &edits);
  if (edits.count > 1)
    qsort(edits.items, edits.count, sizeof *edits.items, text_edit_order);
  /* lsc.h goes after the user's feature-test macros, which must come before any system header. */
  size_t pos = feature_prelude_end(sf);
  sb_append(out, sf->text, pos);
  sb_puts(out, "#include <lsc.h>\n");
  emit_line_directive(out, source_line_of(sf, pos), file_literal);
  size_t e = 0;
  for (size_t i = 0; i <= nsites; i++) {
    const rewrite_site *s = i < nsites ? &sites[i] : NULL;
    int first_of_function = s && (i == 0 || s->function_begin != sites[i - 1].function_begin);
    /* the edits before the function's outlined code, then those before the loop (loops and edits never
     * overlap: the analysis refuses it) */
    if (first_of_function)
      apply_edits(out, sf, &edits, &e, s->function_begin, &pos, file_literal);
    if (first_of_function && s->function_begin >= pos) {
      sb_append(out, sf->text + pos, s->function_begin - pos);
      int at_line_start = s->function_begin == 0 || sf->text[s->function_begin - 1] == '\n';
      if (!at_line_start)
        sb_putc(out, '\n');
      for (size_t j = i; j < nsites && sites[j].function_begin == s->function_begin; j++)
        emit_outlined(out, sf, &sites[j], file_literal);
      emit_line_directive(out, source_line_of(sf, s->function_begin), file_literal);
      if (!at_line_start)
        emit_pad_to_column(out, sf, s->function_begin);
      pos = s->function_begin;
    }
    apply_edits(out, sf, &edits, &e, s ? s->replace_begin : sf->len + 1, &pos, file_literal);
    if (!s)
      break;
    sb_append(out, sf->text + pos, s->replace_begin - pos);
    emit_replacement(out, sf, s);
    resume_source(out, sf, s->replace_end, file_literal);
    pos = s->replace_end;
  }
  sb_append(out, sf->text + pos, sf->len - pos);
  text_edits_free(&edits);
  free(file_literal);
}
