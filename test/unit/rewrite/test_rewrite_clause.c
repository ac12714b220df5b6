/* The pragma grammar: tokens with positions, every clause, and each error at the right column. */
#include "clause/clause.h"
#include "unit.h"

#include <stdlib.h>

typedef struct parsed {
  ptok_list toks;
  lsc_pragma p;
  clause_error err;
  int rc;
} parsed;

/* Parses the words after `lsc`, as if they started at line 3, column 13 of a file. */
static parsed parse(const char *text) {
  parsed r;
  text_pos at = {3, 13};
  pragma_lex(text, strlen(text), at, &r.toks);
  r.rc = pragma_parse(&r.toks, at, &r.p, &r.err);
  return r;
}

static void release(parsed *r) {
  lsc_pragma_free(&r->p);
  ptok_list_free(&r->toks);
}

static void test_lexer_positions_and_continuations(void) {
  ptok_list t;
  text_pos at = {1, 12};
  const char *text = " parallel for \\\n  schedule(css(64))";
  pragma_lex(text, strlen(text), at, &t);
  CHECK_EQ_INT(t.count, 9);
  CHECK_EQ_STR(t.items[0].text, "parallel");
  CHECK_EQ_INT(t.items[0].pos.col, 13);
  CHECK_EQ_STR(t.items[2].text, "schedule");
  CHECK_EQ_INT(t.items[2].pos.line, 2);
  CHECK_EQ_INT(t.items[2].pos.col, 3);
  CHECK_EQ_STR(t.items[6].text, "64");
  CHECK_EQ_INT(t.items[6].pos.col, 16);
  ptok_list_free(&t);
}

static void test_every_clause(void) {
  parsed r =
      parse(" parallel for schedule(fss(3)) alpha(auto) weights(clock) workload(decreasing(1, 2)) threads(4) "
            "private(t, u) firstprivate(f) reduction(max: m) in(a[i * n:n][0:4]) out(b) inout(c[i:1])");
  CHECK_EQ_INT(r.rc, 0);
  CHECK_EQ_INT(r.p.kind, DIRECTIVE_PARALLEL_FOR);
  CHECK_EQ_INT(r.p.nclauses, 11);
  CHECK_EQ_STR(pragma_clause(&r.p, CLAUSE_SCHEDULE)->arg, "fss(3)");
  CHECK_EQ_STR(pragma_clause(&r.p, CLAUSE_WORKLOAD)->arg, "decreasing(1,2)");
  CHECK_EQ_STR(pragma_clause(&r.p, CLAUSE_THREADS)->arg, "4");
  const clause *priv = pragma_clause(&r.p, CLAUSE_PRIVATE);
  CHECK_EQ_INT(priv->nitems, 2);
  CHECK_EQ_STR(priv->items[1].name, "u");
  CHECK_EQ_INT(pragma_clause(&r.p, CLAUSE_REDUCTION)->op, REDUCTION_MAX);
  const clause *in = pragma_clause(&r.p, CLAUSE_IN);
  CHECK_EQ_INT(in->items[0].nsections, 2);
  CHECK_EQ_STR(in->items[0].sections[0].lo, "i * n");
  CHECK_EQ_STR(in->items[0].sections[0].len, "n");
  CHECK_EQ_STR(in->items[0].sections[1].len, "4");
  CHECK_EQ_INT(pragma_clause(&r.p, CLAUSE_OUT)->items[0].nsections, 0);
  release(&r);
}

static void test_reduction_operators(void) {
  const char *ops[] = {"+", "*", "min", "max", "&", "|", "^", "&&", "||"};
  for (int k = 0; k < 9; k++) {
    char text[64];
    snprintf(text, sizeof text, "parallel for reduction(%s: s)", ops[k]);
    parsed r = parse(text);
    CHECK_EQ_INT(r.rc, 0);
    if (r.rc == 0)
      CHECK_EQ_INT(r.p.clauses[0].op, k);
    release(&r);
  }
}

/* OpenMP 4.5 array sections in reduction items: `hist[0:NB]`, next to a plain name. */
static void test_reduction_sections(void) {
  parsed r = parse("parallel for reduction(+: hist[0:NB], s)");
  CHECK_EQ_INT(r.rc, 0);
  if (r.rc == 0) {
    const clause *c = pragma_clause(&r.p, CLAUSE_REDUCTION);
    CHECK_EQ_INT((int)c->nitems, 2);
    CHECK_EQ_INT(c->items[0].nsections, 1);
    CHECK_EQ_STR(c->items[0].sections[0].lo, "0");
    CHECK_EQ_STR(c->items[0].sections[0].len, "NB");
    CHECK_EQ_INT(c->items[1].nsections, 0);
  }
  release(&r);
}

static void test_pipeline_sync(void) {
  parsed r = parse("pipeline for schedule(dtss) sync(4 * (8 + 8))");
  CHECK_EQ_INT(r.rc, 0);
  if (r.rc == 0) {
    CHECK_EQ_INT(r.p.kind, DIRECTIVE_PIPELINE_FOR);
    CHECK_EQ_STR(pragma_clause(&r.p, CLAUSE_SYNC)->arg, "64"); /* folded: the runtime reads a count */
  }
  release(&r);
  r = parse("pipeline for sync(BLOCK * 2)"); /* names are macros, folded by the analysis */
  CHECK_EQ_INT(r.rc, 0);
  if (r.rc == 0)
    CHECK_EQ_STR(pragma_clause(&r.p, CLAUSE_SYNC)->arg, "BLOCK*2");
  release(&r);
  r = parse("pipeline for sync(auto) private(t)");
  CHECK_EQ_INT(r.rc, 0);
  if (r.rc == 0)
    CHECK_EQ_STR(pragma_clause(&r.p, CLAUSE_SYNC)->arg, "auto");
  release(&r);
}

/* The data directives (OpenACC's): which clauses each takes, sections, and that each needs one. */
static void test_data_directives(void) {
  parsed r = parse("data copy(a, b[0:n]) copyin(c) copyout(d) create(t)");
  CHECK_EQ_INT(r.rc, 0);
  if (r.rc == 0) {
    CHECK_EQ_INT(r.p.kind, DIRECTIVE_DATA);
    CHECK_EQ_INT((int)pragma_clause(&r.p, CLAUSE_COPY)->nitems, 2);
    CHECK_EQ_STR(pragma_clause(&r.p, CLAUSE_COPY)->items[1].sections[0].len, "n");
    CHECK_EQ_STR(pragma_clause(&r.p, CLAUSE_CREATE)->items[0].name, "t");
  }
  release(&r);
  r = parse("update host(a) workers(b[1:m])");
  CHECK_EQ_INT(r.rc, 0);
  CHECK_EQ_INT(r.p.kind, DIRECTIVE_UPDATE);
  release(&r);
  r = parse("enter data copyin(a) create(b)");
  CHECK_EQ_INT(r.rc, 0);
  CHECK_EQ_INT(r.p.kind, DIRECTIVE_ENTER_DATA);
  release(&r);
  r = parse("exit data copyout(a) delete(b)");
  CHECK_EQ_INT(r.rc, 0);
  CHECK_EQ_INT(r.p.kind, DIRECTIVE_EXIT_DATA);
  CHECK(!directive_is_loop(r.p.kind) && directive_is_loop(DIRECTIVE_PIPELINE_FOR));
  release(&r);
}

static void expect_error(const char *text, int col, const char *message) {
  parsed r = parse(text);
  CHECK_EQ_INT(r.rc, -1);
  CHECK_EQ_INT(r.err.pos.line, 3);
  CHECK_EQ_INT(r.err.pos.col, col);
  CHECK_EQ_STR(r.err.message, message);
  release(&r);
}

static void test_errors_point_at_the_clause(void) {
  expect_error("", 13,
               "expected 'parallel for', 'pipeline for', 'data', 'update', 'enter data' or 'exit data' after "
               "'#pragma lsc'");
  expect_error(" paralel for", 14,
               "unknown lsc directive 'paralel'; did you mean 'parallel for'? expected 'parallel for', "
               "'pipeline for', 'data', 'update', 'enter data' or 'exit data'");
  expect_error(" parallel", 22, "expected 'for' after 'parallel'");
  expect_error(" enter copyin(a)", 20, "expected 'data' after 'enter'");
  expect_error(
      " update", 14,
      "'#pragma lsc update' needs a data clause: 'host(a)' (the ranks' newest elements back to rank 0) "
      "or 'workers(a)' (rank 0's elements out to the ranks)");
  expect_error(" data", 14,
               "'#pragma lsc data' needs a data clause: 'copy(a)', 'copyin(a)', 'copyout(a)' or "
               "'create(a)'");
  expect_error(" data copy(a) host(b)", 27, "clause 'host' is not allowed in '#pragma lsc data'");
  expect_error(" parallel for copy(a)", 27, "clause 'copy' is not allowed in '#pragma lsc parallel for'");
  expect_error(" exit data copyin(a)", 24, "clause 'copyin' is not allowed in '#pragma lsc exit data'");
  expect_error(" pipeline for sync(0)", 32, "invalid sync '0': the interval must be from 1 to 2^62");
  expect_error(" pipeline for sync(64 / 2)", 32,
               "invalid sync '64/2': expected 'auto' or a positive integer constant expression (literals, "
               "macros, + - * and parentheses)");
  expect_error(" pipeline for sync()", 32, "expected an argument in 'sync' clause");
  expect_error(" pipeline for reduction(+: s)", 27,
               "clause 'reduction' is not allowed in '#pragma lsc pipeline for'");
  expect_error(" pipeline for inout(a)", 27, "clause 'inout' is not allowed in '#pragma lsc pipeline for'");
  expect_error(" parallel for sync(4)", 27, "clause 'sync' is not allowed in '#pragma lsc parallel for'");
  expect_error(" parallel for nowait", 27, "unknown clause 'nowait' in '#pragma lsc parallel for'");
  expect_error(" parallel for schedule gss", 36, "expected '(' after 'schedule'");
  expect_error(" parallel for private(1)", 35, "expected a variable name in 'private' clause, found '1'");
  expect_error(
      " parallel for reduction(- : s)", 37,
      "expected a reduction operator ('+', '*', 'min', 'max', '&', '|', '^', '&&' or '||'), found '-'");
  expect_error(" parallel for in(a[0])", 33, "expected ':' in the section of 'a', found ']'");
  expect_error(" parallel for in(a[0:2)", 35, "expected ']' to close the section of 'a', found ')'");
  expect_error(" parallel for private(a", 36,
               "expected ')' to close 'private' clause, found 'end of pragma'");
  expect_error(" parallel for threads(0)", 35,
               "invalid threads '0': expected a thread count from 1 to 4096 or 'auto'");
  expect_error(" parallel for weights(fast)", 35,
               "invalid weights 'fast': expected 'clock', 'load', 'measured' or 'equal'");
  expect_error(" parallel for schedule()", 36, "expected an argument in 'schedule' clause");
}

/* reproducible(on|off|B): the forms LSC_REPRODUCIBLE takes (runtime/config/env.c), blanks removed, B digits
 * only from 2 to 2^62 (0 and 1 are booleans); the clause belongs to `parallel for`, since a pipelined nest
 * has no reduction. */
static void test_reproducible(void) {
  static const char *const good[][2] = {{"on", "on"},
                                        {"off", "off"},
                                        {"256", "256"},
                                        {" 1 ", "1"},
                                        {"4611686018427387904", "4611686018427387904"}};
  for (size_t k = 0; k < sizeof good / sizeof good[0]; k++) {
    char text[96];
    snprintf(text, sizeof text, " parallel for reduction(+: s) reproducible(%s)", good[k][0]);
    parsed r = parse(text);
    CHECK_EQ_INT(r.rc, 0);
    if (r.rc == 0)
      CHECK_EQ_STR(pragma_clause(&r.p, CLAUSE_REPRODUCIBLE)->arg, good[k][1]);
    release(&r);
  }
  static const char *const bad[] = {
      "maybe", "-4", "1e3", "256u", "0x10", "BLOCK", "4611686018427387905", "99999999999999999999"};
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    char text[96], message[256];
    snprintf(text, sizeof text, " parallel for reproducible(%s)", bad[k]);
    snprintf(message, sizeof message,
             "invalid reproducible '%s': expected 'on', 'off' (or another boolean: 0, 1, yes, no, true, "
             "false) or a "
             "block size in iterations (an integer literal from 2 to 2^62)",
             bad[k]);
    expect_error(text, 40, message);
  }
  expect_error(" parallel for reproducible()", 40, "expected an argument in 'reproducible' clause");
  expect_error(" pipeline for reproducible(on)", 27,
               "clause 'reproducible' is not allowed in '#pragma lsc pipeline for'");
  expect_error(" parallel for reproducible(on) reproducible(off)", 44, "duplicate 'reproducible' clause");
}

static void test_repeats(void) {
  parsed r = parse(" parallel for alpha(10) alpha(20)");
  CHECK_EQ_INT(r.rc, -1);
  CHECK_EQ_STR(r.err.message, "duplicate 'alpha' clause");
  CHECK_EQ_INT(r.err.has_note, 1);
  CHECK_EQ_INT(r.err.note_pos.col, 27);
  release(&r);
  r = parse(" parallel for private(a) reduction(+: b), private(c)");
  CHECK_EQ_INT(r.rc, 0); /* list clauses may repeat, commas between clauses are fine */
  release(&r);
  r = parse(" parallel for private(x) reduction(+: x)");
  CHECK_EQ_INT(r.rc, -1);
  CHECK_EQ_STR(r.err.message,
               "'x' appears in more than one data-sharing ('private', 'firstprivate', 'reduction') clause");
  release(&r);
}

static void test_schedule_validated_by_the_runtime_parser(void) {
  parsed r = parse(" parallel for schedule(gss)");
  CHECK_EQ_INT(r.rc, 0);
  release(&r);
  r = parse(" parallel for schedule(fastest)");
  CHECK_EQ_INT(r.rc, -1);
  CHECK(strncmp(r.err.message, "invalid schedule 'fastest': ", 28) == 0);
  CHECK_EQ_INT(r.err.pos.col, 36);
  release(&r);
  r = parse(" parallel for alpha(101)");
  CHECK_EQ_INT(r.rc, -1);
  release(&r);
}

int main(void) {
  RUN(test_lexer_positions_and_continuations);
  RUN(test_every_clause);
  RUN(test_reduction_operators);
  RUN(test_reduction_sections);
  RUN(test_pipeline_sync);
  RUN(test_data_directives);
  RUN(test_errors_point_at_the_clause);
  RUN(test_reproducible);
  RUN(test_repeats);
  RUN(test_schedule_validated_by_the_runtime_parser);
  return unit_result();
}
