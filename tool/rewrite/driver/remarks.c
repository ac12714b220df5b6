/* remarks.c - what --remarks prints for a loop that will be rewritten: how it runs (schedule, or for a
 * pipelined nest its dimensions, distance vectors, rows and skew) and what moves for each variable. */
#define _XOPEN_SOURCE 700
#include "driver/remarks.h"
#include "support/strbuf.h"

/* A pipelined nest's distance vectors, one remark per array: what the runtime's boundary exchange honours. */
static void nest_remarks(const source_file *sf, diag_sink *sink, const analysis *an, const char *schedule) {
  static const char *const kinds[] = {"flow", "anti", "output"};
  char sync[32] = "auto";
  if (an->nest.sync)
    snprintf(sync, sizeof sync, "%lld", (long long)an->nest.sync);
  diag_at_offset(
      sink, DIAG_REMARK, sf, an->h.loop_begin,
      "loop nest pipelined: '%s' is the scheduling dimension (schedule %s), '%s' the synchronization "
      "dimension (sync %s)",
      an->h.iv_name, schedule, an->nest.inner.iv_name, sync);
  for (size_t v = 0; v < an->nvars; v++) {
    strbuf sb;
    sb_init(&sb);
    for (size_t i = 0; i < an->nest.ndeps; i++) {
      const nest_dep *d = &an->nest.deps[i];
      if (d->var == (int)v)
        sb_printf(&sb, "%s%s (%lld, %lld)", sb.len ? ", " : "", kinds[d->kind], (long long)d->d1,
                  (long long)d->d2);
    }
    if (sb.len)
      diag_at_offset(sink, DIAG_REMARK, sf, an->h.loop_begin, "dependence distances of '%s' in (%s, %s): %s",
                     an->vars[v].name, an->h.iv_name, an->nest.inner.iv_name, sb_str(&sb));
    sb_free(&sb);
  }
  diag_at_offset(sink, DIAG_REMARK, sf, an->h.loop_begin,
                 "a chunk needs the last %lld row%s of the previous chunk; skew %lld",
                 (long long)an->nest.dep_rows, an->nest.dep_rows == 1 ? "" : "s", (long long)an->nest.skew);
}

void loop_remarks(const source_file *sf, diag_sink *sink, const analysis *an, const loop_plan *plan) {
  const clause *sched = pragma_clause(an->pragma, CLAUSE_SCHEDULE);
  if (an->pipeline)
    nest_remarks(sf, sink, an, sched ? sched->arg : "chosen by the runtime");
  else
    diag_at_offset(sink, DIAG_REMARK, sf, an->h.loop_begin, "loop parallelised over '%s' (schedule %s)",
                   an->h.iv_name, sched ? sched->arg : "chosen by the runtime");
  if (!an->pipeline) {
    const clause *reissue = pragma_clause(an->pragma, CLAUSE_REISSUE);
    if (an->reissue_unsafe && reissue)
      diag_at_offset(
          sink, DIAG_REMARK, sf, an->h.loop_begin,
          "re-issue of outstanding chunks follows 'reissue(%s)': a chunk that runs twice repeats its "
          "effects (%s)",
          reissue->arg, an->reissue_unsafe);
    else if (an->reissue_unsafe)
      diag_at_offset(
          sink, DIAG_REMARK, sf, an->h.loop_begin,
          "re-issue of outstanding chunks is off unless 'reissue(on)' or LSC_REISSUE asks: a chunk "
          "that runs twice would repeat its effects (%s)",
          an->reissue_unsafe);
    else
      diag_at_offset(
          sink, DIAG_REMARK, sf, an->h.loop_begin,
          "re-issue of outstanding chunks is %s: the body's only effects are its outputs, so a chunk "
          "may run twice",
          reissue ? "as 'reissue(...)' says" : "on by default");
  }
  for (size_t i = 0; i < plan->nfields; i++)
    if (plan->fields[i].remark)
      diag_at_offset(sink, DIAG_REMARK, sf, an->h.loop_begin, "%s", plan->fields[i].remark);
}
