/* emit_site.c - the one writer of an lsc_site initialiser, for `parallel for` (a site of its own) and for
 * `pipeline for` (the .base of an lsc_pipeline_site). Designated initialisers: the site's layout is lsc.h's
 * business, not the order of our text. The clause fields come from the clause table (clause_table.h). */
#define _XOPEN_SOURCE 700
#include "emit/emit.h"

#include "lsc.h"
#include "plan/plan.h"
#include <stddef.h>
#include <stdlib.h>

/* Every row of the clause table that sends its text to the runtime names a field of lsc_site (offsetof
 * fails to compile otherwise), and there are as many such rows as lsc.h has clause fields: a clause added on
 * one side only fails to build here. */
#define SITE(field) +(0 * offsetof(lsc_site, field) + 1)
#define NO_SITE +0
#define LSC_SITE_ROW(kind, spelling, argument, runtime, directives) runtime
enum { SITE_CLAUSES_IN_TABLE = 0 LSC_CLAUSE_TABLE(LSC_SITE_ROW) };
#undef LSC_SITE_ROW
#undef SITE
#undef NO_SITE
_Static_assert((int)SITE_CLAUSES_IN_TABLE == (int)LSC_SITE_CLAUSE_COUNT,
               "clause_table.h and lsc.h (LSC_SITE_CLAUSES) must list the same lsc_site clause fields");

void emit_site_fields(strbuf *out, const rewrite_site *s, const char *file_literal, const char *magic,
                      const char *body, const char *indent) {
  const loop_plan *p = s->plan;
  const char *id = p->name_suffix;
  sb_printf(out, "{.magic = %s, .abi = LSC_ABI_VERSION,\n", magic);
  sb_printf(out,
            "%s .file = %s, .line = %d, .body = %s, .bind = %s%s, .env_size = sizeof(struct lsc_env_%s),\n",
            indent, file_literal, s->an->for_line, body, p->has_bind ? "lsc_bind_" : "0",
            p->has_bind ? id : "", id);
  if (s->an->reissue_unsafe) {
    char *why = c_string_literal(s->an->reissue_unsafe);
    sb_printf(out, "%s .reissue_unsafe = %s,\n", indent, why);
    free(why);
  }
  sb_printf(out, "%s", indent);
  const char *sep = " ";
  for (int k = 0; k < CLAUSE_KIND_COUNT; k++) {
    const char *field = clause_table_row((clause_kind)k)->site_field;
    if (field) {
      sb_printf(out, "%s.%s = %s", sep, field, p->site_clauses[k]);
      sep = ", ";
    }
  }
  sb_puts(out, "}");
}
