/* clause_table.h - every clause of `#pragma lsc`, one row each. The parser (clause.c), the clause kinds
 * (clause.h), the lsc_site fields the generated code fills (emit/emit_site.c) and the documentation check
 * (`lsc-rewrite --print-clauses`, test/rewrite/cli/clause-docs.test) are all generated from these rows, so
 * a clause added here and missed elsewhere fails to build or fails that test.
 *
 *   X(KIND, spelling, argument, runtime, directives)
 *
 * argument    ARG_TEXT (kept as text, blanks removed), ARG_LIST (variables), ARG_REDUCTION (op: variables),
 *             ARG_SECTIONS (variables with optional [lo:len] sections), ARG_FUNCTIONS (function names)
 * runtime     SITE(f): the argument's text reaches the runtime as the lsc_site field f (include/lsc.h,
 *             LSC_SITE_CLAUSES lists the same fields in the same order); NO_SITE: the clause shapes the
 *             generated code instead (data clauses), or reaches the runtime another way (sync: folded into
 *             the pipeline site by plan/plan_nest.c)
 * directives  DOALL (`parallel for`), PIPELINE (`pipeline for`), DATA (`data`), UPDATE (`update`),
 *             ENTER_DATA (`enter data`), EXIT_DATA (`exit data`), or several: DOALL | PIPELINE
 *
 * A pipelined nest's dependences come from exact subscripts (data clauses would hide them), a reduction would
 * need combining across a pipeline (so reproducible, which orders a reduction's partials, has nothing to
 * order), and rows run in order on one thread: hence the clauses it lacks. hidden_state(f, ...) shapes
 * nothing: it lets the analysis accept calls that keep per-process state (analyse/callees.c). */
#ifndef LSC_REWRITE_CLAUSE_TABLE_H
#define LSC_REWRITE_CLAUSE_TABLE_H

#define LSC_CLAUSE_TABLE(X)                                                                                  \
  X(SCHEDULE, "schedule", ARG_TEXT, SITE(schedule), DOALL | PIPELINE)                                        \
  X(ALPHA, "alpha", ARG_TEXT, SITE(alpha), DOALL | PIPELINE)                                                 \
  X(WEIGHTS, "weights", ARG_TEXT, SITE(weights), DOALL | PIPELINE)                                           \
  X(WORKLOAD, "workload", ARG_TEXT, SITE(workload), DOALL | PIPELINE)                                        \
  X(THREADS, "threads", ARG_TEXT, SITE(threads), DOALL)                                                      \
  X(REPRODUCIBLE, "reproducible", ARG_TEXT, SITE(reproducible), DOALL)                                       \
  X(REISSUE, "reissue", ARG_TEXT, SITE(reissue), DOALL)                                                      \
  X(PRIVATE, "private", ARG_LIST, NO_SITE, DOALL | PIPELINE)                                                 \
  X(FIRSTPRIVATE, "firstprivate", ARG_LIST, NO_SITE, DOALL | PIPELINE)                                       \
  X(REDUCTION, "reduction", ARG_REDUCTION, NO_SITE, DOALL)                                                   \
  X(IN, "in", ARG_SECTIONS, NO_SITE, DOALL)                                                                  \
  X(OUT, "out", ARG_SECTIONS, NO_SITE, DOALL)                                                                \
  X(INOUT, "inout", ARG_SECTIONS, NO_SITE, DOALL)                                                            \
  X(NOALIAS, "noalias", ARG_LIST, NO_SITE, DOALL | PIPELINE)                                                 \
  X(SYNC, "sync", ARG_TEXT, NO_SITE, PIPELINE)                                                               \
  X(HIDDEN_STATE, "hidden_state", ARG_FUNCTIONS, NO_SITE, DOALL | PIPELINE)                                  \
  X(COPY, "copy", ARG_SECTIONS, NO_SITE, DATA)                                                               \
  X(COPYIN, "copyin", ARG_SECTIONS, NO_SITE, DATA | ENTER_DATA)                                              \
  X(COPYOUT, "copyout", ARG_SECTIONS, NO_SITE, DATA | EXIT_DATA)                                             \
  X(CREATE, "create", ARG_SECTIONS, NO_SITE, DATA | ENTER_DATA)                                              \
  X(DELETE, "delete", ARG_SECTIONS, NO_SITE, EXIT_DATA)                                                      \
  X(HOST, "host", ARG_SECTIONS, NO_SITE, UPDATE)                                                             \
  X(WORKERS, "workers", ARG_SECTIONS, NO_SITE, UPDATE)

#endif
