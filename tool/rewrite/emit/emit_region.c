/* emit_region.c - the text edits of the data directives, for emit_file to apply with the loops' rewrites: a
 * `data` directive becomes a block that opens with the region's items and lsc_data_enter and closes, after
 * the marked statement, with lsc_data_exit; every return inside runs the exits of the regions it leaves
 * first, innermost first; `update`, `enter data` and `exit data` become one call each. An inferred region
 * (no directive: the block opens right before its loop) enters with lsc_data_enter_inferred, which may
 * decline, and its exits run only when it entered. */
#define _XOPEN_SOURCE 700
#include "emit/emit.h"
#include "plan/plan.h"

#include <stdlib.h>
#include <string.h>

static const char *kind_name(clause_kind k) {
  switch (k) {
  case CLAUSE_COPY:
    return "LSC_DATA_COPY";
  case CLAUSE_COPYIN:
    return "LSC_DATA_COPYIN";
  case CLAUSE_COPYOUT:
    return "LSC_DATA_COPYOUT";
  case CLAUSE_CREATE:
    return "LSC_DATA_CREATE";
  case CLAUSE_DELETE:
    return "LSC_DATA_DELETE";
  case CLAUSE_HOST:
    return "LSC_DATA_HOST";
  default:
    return "LSC_DATA_WORKERS";
  }
}

static void push(text_edits *e, size_t begin, size_t end, int order, char *text) {
  text_edit t = {begin, end, order, text};
  VEC_PUSH(e->items, e->count, e->cap, t);
}

/* The site and the items, declared where the directive was. */
static void declare(strbuf *sb, const region_info *r, const char *id, const char *file_literal) {
  sb_printf(sb, "static const lsc_data_site lsc_dsite_%s = {LSC_DATA_SITE_MAGIC, LSC_ABI_VERSION, %s, %d}; ",
            id, file_literal, r->line);
  sb_printf(sb, "const lsc_data_item lsc_ditems_%s[] = {", id);
  for (size_t i = 0; i < r->nitems; i++) {
    char *name = c_string_literal(r->items[i].name);
    sb_printf(sb, "%s{%s, %s, %s, %s}", i ? ", " : "", name, r->items[i].base_text, r->items[i].bytes_text,
              kind_name(r->items[i].kind));
    free(name);
  }
  sb_puts(sb, "}; ");
}

void region_edits(const source_file *sf, const region_info *regions, size_t n, const char *file_literal,
                  text_edits *out) {
  for (size_t i = 0; i < n; i++) {
    const region_info *r = &regions[i];
    char id[32];
    snprintf(id, sizeof id, "%d_%zu", r->line, i);
    strbuf sb;
    sb_init(&sb);
    sb_puts(&sb, "{ ");
    declare(&sb, r, id, file_literal);
    const char *call = r->kind == DIRECTIVE_UPDATE      ? "lsc_data_update"
                       : r->kind == DIRECTIVE_EXIT_DATA ? "lsc_data_exit"
                       : r->inferred                    ? "lsc_data_enter_inferred"
                                                        : "lsc_data_enter";
    if (r->inferred) /* the runtime may decline it (a caller's region holds part of an array) */
      sb_printf(&sb, "int lsc_dheld_%s = ", id);
    sb_printf(&sb, "%s(&lsc_dsite_%s, lsc_ditems_%s, %zu);", call, id, id, r->nitems);
    if (r->kind != DIRECTIVE_DATA) /* standalone: a block of its own */
      sb_puts(&sb, " }");
    else if (r->inferred) /* inserted before the loop's first token */
      sb_puts(&sb, " ");
    push(out, r->pragma_begin, r->pragma_end, 0, xstrdup(sb_str(&sb)));
    sb_free(&sb);
    if (r->kind != DIRECTIVE_DATA)
      continue;
    char guard[64] = "";
    if (r->inferred)
      snprintf(guard, sizeof guard, "if (lsc_dheld_%s) ", id);
    char *exit_call =
        xasprintf(" %slsc_data_exit(&lsc_dsite_%s, lsc_ditems_%s, %zu);", guard, id, id, r->nitems);
    push(out, r->stmt_end, r->stmt_end, 0, xasprintf("%s }", exit_call));
    /* A return leaves every region around it: inner exits first (regions come in source order, so an inner
     * region has the larger index: order by -index). */
    for (size_t k = 0; k + 1 < r->nreturns; k += 2) {
      size_t semicolon = source_skip_blanks(sf, r->returns[k + 1]);
      size_t after = semicolon < sf->len && sf->text[semicolon] == ';' ? semicolon + 1 : r->returns[k + 1];
      push(out, r->returns[k], r->returns[k], -(int)i, xasprintf("{%s ", exit_call));
      push(out, after, after, 0, xstrdup(" }"));
    }
    free(exit_call);
  }
}
