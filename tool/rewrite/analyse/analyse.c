/* analyse.c - runs the analysis of one loop as a plain sequence of steps, chibicc-style: header, variables
 * (one walk over the body), footprints (roles, slices, the DOALL dependence test), and for a pipelined nest
 * its dependences. A step that fails stops the sequence; its diagnostics are in the sink. */
#define _XOPEN_SOURCE 700
#include "analyse/analyse.h"
#include "analyse/array_reduction.h"
#include "analyse/atoms.h"
#include "analyse/body_scan.h"
#include "analyse/footprint.h"
#include "analyse/iv_types.h"
#include "analyse/loop_header.h"
#include "analyse/nest_depend.h"
#include "analyse/nest_header.h"
#include "analyse/privatize.h"
#include "analyse/roles.h"
#include "analyse/subscripts.h"
#include "analyse/sync_value.h"
#include "analyse/vars.h"

#include <stdlib.h>
#include <string.h>

void analysis_init(analysis *an, const source_file *sf, diag_sink *sink, CXTranslationUnit tu,
                   const lsc_pragma *pragma, size_t pragma_offset, CXCursor for_stmt) {
  memset(an, 0, sizeof *an);
  an->sf = sf;
  an->sink = sink;
  an->tu = tu;
  an->pragma = pragma;
  an->pragma_offset = pragma_offset;
  an->for_stmt = for_stmt;
  an->trips = -1;
}

/* Clause names that the loop never uses: most likely a typo, harmless to ignore. */
static void check_clause_names(analysis *an) {
  for (size_t c = 0; c < an->pragma->nclauses; c++) {
    const clause *cl = &an->pragma->clauses[c];
    if (clause_table_row(cl->kind)->argument == ARG_FUNCTIONS)
      continue; /* function names: checked by the callee walk (callee_check_opt_ins) */
    for (size_t i = 0; i < cl->nitems; i++) {
      const clause_item *item = &cl->items[i];
      int found = 0;
      for (size_t v = 0; v < an->nvars && !found; v++)
        found = !an->vars[v].inside && !an->vars[v].is_iv && strcmp(an->vars[v].name, item->name) == 0 &&
                (an->vars[v].used_in_body || an->vars[v].read || an->vars[v].written);
      if (strcmp(item->name, an->h.iv_name) == 0) {
        diag_at(an->sink, DIAG_ERROR, an->sf, item->pos.line, item->pos.col,
                "the induction variable '%s' cannot appear in a '%s' clause", item->name,
                clause_kind_name(cl->kind));
        an->failed = 1;
      } else if (!found) {
        diag_warning_at(an->sink, WARN_UNUSED_CLAUSE_ITEM, an->sf, item->pos.line, item->pos.col,
                        "'%s' in '%s' clause is not used in the loop; the clause item is ignored", item->name,
                        clause_kind_name(cl->kind));
      }
    }
  }
}

/* The steps, in order; each fills its part of the result (result.h) and reads the parts before it. */
int analyse_loop(analysis *an) {
  an->pipeline = an->pragma->kind == DIRECTIVE_PIPELINE_FOR;
  /* header */
  if (loop_header_read(an, an->for_stmt, &an->h, 1) != 0) {
    an->failed = 1;
    return -1;
  }
  if (an->pipeline && (nest_read(an) != 0 || nest_sync_value(an) != 0)) {
    an->failed = 1;
    return -1;
  }
  an->for_line = source_line_of(an->sf, an->h.loop_begin);
  an->trips = iv_constant_trips(&an->h);
  /* variables */
  an->k_atom = atom_add(an, ATOM_K, "lsc_k", -1);
  an->iv_atom = atom_add(an, ATOM_IV, an->h.iv_name, -1);
  var_index(an, an->h.iv);
  find_array_reductions(an);
  scan_body(an);
  array_reduction_facts(an);
  find_private_scalars(an);
  check_clause_names(an);
  if (an->pipeline && !an->failed)
    nest_check(an);
  /* footprints, with the dependence test of parallel for; the header's polynomial and the induction
   * variable's range first (result.h iv_k, subscripts.c) */
  if (!an->failed) {
    iv_in_k(an);
    iv_bounds(an);
    an->vars_frozen = 1;
    resolve_variables(an);
    an->vars_frozen = 0;
  }
  /* dependences of a pipelined nest */
  if (an->pipeline && !an->failed)
    nest_dependences(an);
  return an->failed ? -1 : 0;
}

void analysis_free(analysis *an) {
  for (size_t i = 0; i < an->natoms; i++)
    free(an->atoms[i].text);
  free(an->atoms);
  for (size_t i = 0; i < an->nvars; i++) {
    free(an->vars[i].name);
    free(an->vars[i].elem_type);
    for (int d = 0; d < MAX_DIMS; d++) {
      free(an->vars[i].dim_text[d]);
      free(an->vars[i].dim_spelling[d]);
    }
  }
  free(an->vars);
  array_reduction_free(an);
  free(an->accesses);
  free(an->frames);
  free(an->typed_inner_why);
  free(an->reissue_unsafe);
  free(an->nest.deps);
  if (an->nest.inner_read)
    loop_header_free(&an->nest.inner);
  loop_header_free(&an->h);
  memset(an, 0, sizeof *an);
}
