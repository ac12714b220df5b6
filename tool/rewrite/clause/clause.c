/* clause.c - the parser of `#pragma lsc` after the pragma's tokens: the directive, then each clause looked up
 * in the one clause table (clause_table.h), its arguments read by the table's argument kind, and text
 * arguments checked by the same rules the runtime applies (the schemes' own parsers where they are shared),
 * so a clause accepted here never fails at run time. */
#define _XOPEN_SOURCE 700
#include "clause/clause.h"

#include "support/section_expr.h"
#include "support/strbuf.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lsc_sched.h"

/* Which directives accept a clause: the directives column of clause_table.h. */
#define DOALL (1u << DIRECTIVE_PARALLEL_FOR)
#define PIPELINE (1u << DIRECTIVE_PIPELINE_FOR)
#define DATA (1u << DIRECTIVE_DATA)
#define UPDATE (1u << DIRECTIVE_UPDATE)
#define ENTER_DATA (1u << DIRECTIVE_ENTER_DATA)
#define EXIT_DATA (1u << DIRECTIVE_EXIT_DATA)
#define SITE(field) #field
#define NO_SITE NULL
static const clause_info clause_table[CLAUSE_KIND_COUNT] = {
#define LSC_CLAUSE_ROW(kind, spelling, argument, runtime, directives)                                        \
  [CLAUSE_##kind] = {spelling, argument, runtime, directives},
    LSC_CLAUSE_TABLE(LSC_CLAUSE_ROW)
#undef LSC_CLAUSE_ROW
};
#undef SITE
#undef NO_SITE
_Static_assert(DIRECTIVE_COUNT <= 32, "a clause keeps the directives that accept it as bits of a word");

/* One row per directive, in directive_kind order; words[1] is NULL for a one-word directive. `supported` = 0
 * keeps a planned directive recognisable with a clear error. `needs_clause`: a directive that means nothing
 * without a data clause. */
static const struct directive_info {
  const char *words[2];
  directive_kind kind;
  int supported;
  int needs_clause;
} directive_table[] = {
    {{"parallel", "for"}, DIRECTIVE_PARALLEL_FOR, 1, 0},
    {{"pipeline", "for"}, DIRECTIVE_PIPELINE_FOR, 1, 0},
    {{"data", NULL}, DIRECTIVE_DATA, 1, 1},
    {{"update", NULL}, DIRECTIVE_UPDATE, 1, 1},
    {{"enter", "data"}, DIRECTIVE_ENTER_DATA, 1, 1},
    {{"exit", "data"}, DIRECTIVE_EXIT_DATA, 1, 1},
};
_Static_assert(sizeof directive_table / sizeof directive_table[0] == DIRECTIVE_COUNT,
               "one row of directive_table per directive_kind");
#define DIRECTIVE_FORMS "'parallel for', 'pipeline for', 'data', 'update', 'enter data' or 'exit data'"

static const char *const reduction_spellings[] = {"+", "*", "min", "max", "&", "|", "^", "&&", "||"};

const char *clause_kind_name(clause_kind kind) {
  return clause_table[kind].name;
}

const clause_info *clause_table_row(clause_kind kind) {
  return &clause_table[kind];
}

const char *directive_name(directive_kind kind) {
  static const char *const names[DIRECTIVE_COUNT] = {"parallel for", "pipeline for", "data",
                                                     "update",       "enter data",   "exit data"};
  return (unsigned)kind < DIRECTIVE_COUNT ? names[kind] : "?";
}

int directive_is_loop(directive_kind kind) {
  return kind == DIRECTIVE_PARALLEL_FOR || kind == DIRECTIVE_PIPELINE_FOR;
}

const char *reduction_op_spelling(reduction_op op) {
  return reduction_spellings[op];
}

typedef struct parser {
  const ptok_list *toks;
  size_t i;
  text_pos end;
  clause_error *err;
} parser;

static int fail(parser *p, text_pos pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(parser *p, text_pos pos, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->err->message, sizeof p->err->message, fmt, ap);
  va_end(ap);
  p->err->pos = pos;
  return -1;
}

static void set_fixit(parser *p, const char *replaced, const char *text) {
  p->err->has_fixit = 1;
  p->err->fix_len = (int)strlen(replaced);
  snprintf(p->err->fix_text, sizeof p->err->fix_text, "%s", text);
}

static const ptok *peek(const parser *p) {
  return p->i < p->toks->count ? &p->toks->items[p->i] : NULL;
}
static text_pos here(const parser *p) {
  return peek(p) ? peek(p)->pos : p->end;
}
static int at_punct(const parser *p, const char *s) {
  return peek(p) && peek(p)->kind == PTOK_PUNCT && strcmp(peek(p)->text, s) == 0;
}
static const char *found(const parser *p) {
  return peek(p) ? peek(p)->text : "end of pragma";
}

static int expect_punct(parser *p, const char *s, const char *after) {
  if (!at_punct(p, s))
    return fail(p, here(p), "expected '%s' after '%s'", s, after);
  p->i++;
  return 0;
}

/* Collects the tokens up to the `)` that closes the current parenthesis level, as text. */
static char *balanced_text(parser *p, const char *stop_set, text_pos *start) {
  strbuf sb;
  sb_init(&sb);
  int depth = 0;
  *start = here(p);
  while (peek(p)) {
    const ptok *t = peek(p);
    if (t->kind == PTOK_PUNCT && depth == 0 && strchr(stop_set, t->text[0]) && t->text[1] == '\0')
      break;
    if (t->kind == PTOK_PUNCT && strchr("([", t->text[0]))
      depth++;
    if (t->kind == PTOK_PUNCT && strchr(")]", t->text[0]) && t->text[1] == '\0') {
      if (depth == 0)
        break;
      depth--;
    }
    if (sb.len && t->space_before)
      sb_putc(&sb, ' ');
    sb_puts(&sb, t->text);
    p->i++;
  }
  return sb_take(&sb);
}

static void remove_blanks(char *s) {
  char *w = s;
  for (char *r = s; *r; r++)
    if (!isspace((unsigned char)*r))
      *w++ = *r;
  *w = '\0';
}

static int check_threads(parser *p, const clause *c) {
  if (strcmp(c->arg, "auto") == 0)
    return 0;
  char *end;
  long v = strtol(c->arg, &end, 10);
  if (!isdigit((unsigned char)c->arg[0]) || *end || v < 1 || v > 4096)
    return fail(p, c->arg_pos, "invalid threads '%s': expected a thread count from 1 to 4096 or 'auto'",
                c->arg);
  return 0;
}

static int check_weights(parser *p, const clause *c) {
  static const char *const names[] = {"clock", "load", "measured", "equal"};
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
    if (strcmp(c->arg, names[k]) == 0)
      return 0;
  return fail(p, c->arg_pos, "invalid weights '%s': expected 'clock', 'load', 'measured' or 'equal'", c->arg);
}

/* reproducible(on|off|B): the same forms as LSC_REPRODUCIBLE (runtime/config/env.c), so the runtime reads
 * what is accepted here. B is digits only, as the runtime reads it: a macro would reach it unexpanded. */
#define REPRODUCIBLE_MAX_BLOCK (INT64_C(1) << 62)
/* As the runtime reads it (config/env.c lsc_parse_reproducible): a boolean (0/1, no/yes, false/true, off/on,
 * any case) or a block size from 2. */
static int check_reproducible(parser *p, const clause *c) {
  static const char *const booleans[] = {"0", "1", "no", "yes", "false", "true", "off", "on"};
  for (size_t i = 0; i < sizeof booleans / sizeof booleans[0]; i++)
    if (strcasecmp(c->arg, booleans[i]) == 0)
      return 0;
  int64_t block = 0;
  int ok = 1;
  for (const char *s = c->arg; ok && *s; s++) {
    ok = isdigit((unsigned char)*s) && block <= (REPRODUCIBLE_MAX_BLOCK - (*s - '0')) / 10;
    block = ok ? block * 10 + (*s - '0') : block;
  }
  if (!ok || block < 2)
    return fail(p, c->arg_pos,
                "invalid reproducible '%s': expected 'on', 'off' (or another boolean: 0, 1, yes, no, true, "
                "false) or a block size in iterations (an integer literal from 2 to 2^62)",
                c->arg);
  return 0;
}

/* sync(h): the runtime reads a count from the static site, so h must be known when the program is
 * rewritten. Literals are folded here ("4*16" -> "64"); names are left for the analysis, which folds the
 * macros they name. */
static int any_name(const char *name, void *ctx) {
  (void)name;
  (void)ctx;
  return 0;
}

static int check_sync(parser *p, clause *c) {
  if (strcmp(c->arg, "auto") == 0)
    return 0;
  poly value = poly_invalid();
  int64_t h = 0;
  if (section_expr_parse(c->arg, any_name, NULL, &value) != 0)
    return fail(
        p, c->arg_pos,
        "invalid sync '%s': expected 'auto' or a positive integer constant expression (literals, macros, "
        "+ - * and parentheses)",
        c->arg);
  if (!poly_is_const(&value, &h))
    return 0;
  if (h < 1 || h > SYNC_MAX)
    return fail(p, c->arg_pos, "invalid sync '%s': the interval must be from 1 to 2^62", c->arg);
  free(c->arg);
  c->arg = xasprintf("%lld", (long long)h);
  return 0;
}

/* schedule/alpha/workload share their parsers with the runtime, so a clause accepted here runs there. */
static int check_text_arg(parser *p, clause *c) {
  if (!c->arg[0])
    return fail(p, c->arg_pos, "expected an argument in '%s' clause", clause_kind_name(c->kind));
  if (c->kind == CLAUSE_THREADS)
    return check_threads(p, c);
  if (c->kind == CLAUSE_WEIGHTS)
    return check_weights(p, c);
  if (c->kind == CLAUSE_SYNC)
    return check_sync(p, c);
  if (c->kind == CLAUSE_REPRODUCIBLE)
    return check_reproducible(p, c);
  lsc_sched_error e = {{0}, {0}};
  int rc = 0;
  if (c->kind == CLAUSE_SCHEDULE) {
    lsc_schedule s;
    rc = lsc_schedule_parse(c->arg, &s, &e);
  } else if (c->kind == CLAUSE_ALPHA) {
    int alpha;
    rc = lsc_alpha_parse(c->arg, &alpha, &e);
  } else if (c->kind == CLAUSE_WORKLOAD) {
    lsc_workload w;
    rc = lsc_workload_parse(c->arg, &w, &e);
  } else if (c->kind == CLAUSE_REISSUE) {
    int copies;
    rc = lsc_reissue_parse(c->arg, &copies, &e);
  }
  if (rc != 0) {
    fail(p, c->arg_pos, "invalid %s '%s': %s", clause_kind_name(c->kind), c->arg, e.message);
    /* The unknown name starts the argument (`gsss(4)`): the fix-it replaces that word only. */
    size_t word = 0;
    while (isalnum((unsigned char)c->arg[word]) || c->arg[word] == '_')
      word++;
    if (e.suggestion[0] && word > 0) {
      char replaced[64];
      snprintf(replaced, sizeof replaced, "%.*s", (int)word, c->arg);
      set_fixit(p, replaced, e.suggestion);
    }
    return -1;
  }
  return 0;
}

static int parse_identifier(parser *p, clause_item *item, const char *what, const char *noun) {
  const ptok *t = peek(p);
  if (!t || t->kind != PTOK_IDENT)
    return fail(p, here(p), "expected a %s name in '%s' clause, found '%s'", noun, what, found(p));
  item->name = xstrdup(t->text);
  item->pos = t->pos;
  item->nsections = 0;
  p->i++;
  return 0;
}

static int parse_sections(parser *p, clause_item *item, const char *what) {
  while (at_punct(p, "[")) {
    if (item->nsections == CLAUSE_MAX_DIMS)
      return fail(p, here(p), "too many array sections for '%s' (at most %d)", item->name, CLAUSE_MAX_DIMS);
    array_section *s = &item->sections[item->nsections++];
    s->pos = here(p);
    s->lo = s->len = NULL;
    p->i++;
    text_pos at;
    s->lo = balanced_text(p, ":]", &at);
    if (!s->lo[0])
      return fail(p, at, "expected the first element of the section of '%s' in '%s' clause", item->name,
                  what);
    if (!at_punct(p, ":"))
      return fail(p, here(p), "expected ':' in the section of '%s', found '%s'", item->name, found(p));
    p->i++;
    s->len = balanced_text(p, "]", &at);
    if (!s->len[0])
      return fail(p, at, "expected the length of the section of '%s' in '%s' clause", item->name, what);
    if (!at_punct(p, "]"))
      return fail(p, here(p), "expected ']' to close the section of '%s', found '%s'", item->name, found(p));
    p->i++;
  }
  return 0;
}

static int parse_items(parser *p, clause *c) {
  const char *what = clause_kind_name(c->kind);
  for (;;) {
    clause_item item;
    memset(&item, 0, sizeof item);
    int functions = clause_table[c->kind].argument == ARG_FUNCTIONS;
    int rc = parse_identifier(p, &item, what, functions ? "function" : "variable");
    /* Data clauses and reductions (OpenMP 4.5 array sections) take sections. */
    if (rc == 0 &&
        (clause_table[c->kind].argument == ARG_SECTIONS || clause_table[c->kind].argument == ARG_REDUCTION))
      rc = parse_sections(p, &item, what);
    if (item.name)
      VEC_PUSH(c->items, c->nitems, c->cap, item);
    if (rc != 0)
      return -1;
    if (!at_punct(p, ","))
      return 0;
    p->i++;
  }
}

static int parse_reduction_op(parser *p, clause *c) {
  const ptok *t = peek(p);
  for (size_t k = 0; t && k < sizeof reduction_spellings / sizeof reduction_spellings[0]; k++) {
    if (strcmp(t->text, reduction_spellings[k]) == 0) {
      c->op = (reduction_op)k;
      p->i++;
      if (!at_punct(p, ":"))
        return fail(p, here(p), "expected ':' after the reduction operator '%s'", reduction_spellings[k]);
      p->i++;
      return 0;
    }
  }
  return fail(
      p, here(p),
      "expected a reduction operator ('+', '*', 'min', 'max', '&', '|', '^', '&&' or '||'), found '%s'",
      found(p));
}

static int parse_clause_args(parser *p, clause *c) {
  const char *name = clause_kind_name(c->kind);
  if (expect_punct(p, "(", name) != 0)
    return -1;
  switch (clause_table[c->kind].argument) {
  case ARG_TEXT:
    c->arg = balanced_text(p, ")", &c->arg_pos);
    remove_blanks(c->arg);
    break;
  case ARG_REDUCTION:
    if (parse_reduction_op(p, c) != 0)
      return -1;
    /* fall through */
  case ARG_LIST:
  case ARG_SECTIONS:
  case ARG_FUNCTIONS:
    if (parse_items(p, c) != 0)
      return -1;
    break;
  }
  if (!at_punct(p, ")"))
    return fail(p, here(p), "expected ')' to close '%s' clause, found '%s'", name, found(p));
  p->i++;
  return clause_table[c->kind].argument == ARG_TEXT ? check_text_arg(p, c) : 0;
}

/* Spellings users bring from OpenMP and elsewhere, and lsc's name for what they mean. */
static const struct {
  const char *theirs, *ours;
} clause_aliases[] = {{"num_threads", "threads"}, {"sched", "schedule"}, {"omp_schedule", "schedule"}};

/* The clause a misspelled or foreign clause name most likely means; NULL when none is near. */
static const char *nearest_clause(const char *name) {
  for (size_t i = 0; i < sizeof clause_aliases / sizeof clause_aliases[0]; i++)
    if (strcmp(name, clause_aliases[i].theirs) == 0)
      return clause_aliases[i].ours;
  const char *names[CLAUSE_KIND_COUNT];
  for (int k = 0; k < CLAUSE_KIND_COUNT; k++)
    names[k] = clause_table[k].name;
  return lsc_nearest_name(name, names, CLAUSE_KIND_COUNT);
}

static int lookup_clause(const char *name, clause_kind *kind) {
  for (int k = 0; k < CLAUSE_KIND_COUNT; k++)
    if (strcmp(name, clause_table[k].name) == 0) {
      *kind = (clause_kind)k;
      return 0;
    }
  return -1;
}

static int parse_clause(parser *p, lsc_pragma *out) {
  const ptok *t = peek(p);
  clause_kind kind;
  if (t->kind != PTOK_IDENT || lookup_clause(t->text, &kind) != 0) {
    const char *near = t->kind == PTOK_IDENT ? nearest_clause(t->text) : NULL;
    if (!near)
      return fail(p, t->pos, "unknown clause '%s' in '#pragma lsc %s'", t->text, directive_name(out->kind));
    fail(p, t->pos, "unknown clause '%s' in '#pragma lsc %s'; did you mean '%s'?", t->text,
         directive_name(out->kind), near);
    set_fixit(p, t->text, near);
    return -1;
  }
  if (!(clause_table[kind].directives & (1u << out->kind)))
    return fail(p, t->pos, "clause '%s' is not allowed in '#pragma lsc %s'", t->text,
                directive_name(out->kind));
  for (size_t k = 0; k < out->nclauses && clause_table[kind].argument == ARG_TEXT; k++) {
    if (out->clauses[k].kind == kind) {
      p->err->has_note = 1;
      p->err->note_pos = out->clauses[k].pos;
      snprintf(p->err->note, sizeof p->err->note, "previous '%s' clause is here", t->text);
      return fail(p, t->pos, "duplicate '%s' clause", t->text);
    }
  }
  clause c;
  memset(&c, 0, sizeof c);
  c.kind = kind;
  c.pos = t->pos;
  p->i++;
  int rc = parse_clause_args(p, &c);
  VEC_PUSH(out->clauses, out->nclauses, out->cap, c);
  return rc;
}

static const struct directive_info *parse_directive(parser *p) {
  const ptok *first = peek(p);
  if (!first) {
    fail(p, p->end, "expected " DIRECTIVE_FORMS " after '#pragma lsc'");
    return NULL;
  }
  for (size_t d = 0; d < sizeof directive_table / sizeof directive_table[0]; d++) {
    const struct directive_info *info = &directive_table[d];
    if (strcmp(first->text, info->words[0]) != 0)
      continue;
    p->i++;
    if (info->words[1] && (!peek(p) || strcmp(peek(p)->text, info->words[1]) != 0)) {
      fail(p, here(p), "expected '%s' after '%s'", info->words[1], info->words[0]);
      return NULL;
    }
    if (info->words[1])
      p->i++;
    if (!info->supported) {
      fail(p, first->pos, "'#pragma lsc %s' is not supported yet", directive_name(info->kind));
      return NULL;
    }
    return info;
  }
  const char *words[DIRECTIVE_COUNT];
  for (size_t d = 0; d < DIRECTIVE_COUNT; d++)
    words[d] = directive_table[d].words[0];
  const char *near = lsc_nearest_name(first->text, words, DIRECTIVE_COUNT);
  for (size_t d = 0; near && d < DIRECTIVE_COUNT; d++)
    if (strcmp(near, words[d]) == 0)
      near = directive_name(directive_table[d].kind);
  if (near)
    fail(p, first->pos, "unknown lsc directive '%s'; did you mean '%s'? expected " DIRECTIVE_FORMS,
         first->text, near);
  else
    fail(p, first->pos, "unknown lsc directive '%s'; expected " DIRECTIVE_FORMS, first->text);
  return NULL;
}

/* Which names must not repeat across clauses: a variable has one data-sharing role (private, firstprivate,
 * reduction), one data clause (in, out, inout), and is named once in noalias. Function names (hidden_state)
 * are another namespace: a function named twice is harmless. */
typedef enum name_group { GROUP_SHARING, GROUP_DATA, GROUP_NOALIAS } name_group;

static name_group group_of(clause_kind kind) {
  if (kind == CLAUSE_NOALIAS)
    return GROUP_NOALIAS;
  return clause_table[kind].argument == ARG_SECTIONS ? GROUP_DATA : GROUP_SHARING;
}

static int check_repeated_names(parser *p, const lsc_pragma *out) {
  static const char *const group_names[] = {[GROUP_SHARING] =
                                                "data-sharing ('private', 'firstprivate', 'reduction')",
                                            [GROUP_DATA] = "data ('in', 'out', 'inout', 'copy', ...)",
                                            [GROUP_NOALIAS] = "'noalias'"};
  for (size_t a = 0; a < out->nclauses; a++) {
    if (clause_table[out->clauses[a].kind].argument == ARG_FUNCTIONS)
      continue;
    for (size_t i = 0; i < out->clauses[a].nitems; i++) {
      const clause_item *x = &out->clauses[a].items[i];
      name_group x_group = group_of(out->clauses[a].kind);
      for (size_t b = 0; b <= a; b++) {
        if (clause_table[out->clauses[b].kind].argument == ARG_FUNCTIONS)
          continue;
        for (size_t j = 0; j < (b == a ? i : out->clauses[b].nitems); j++) {
          const clause_item *y = &out->clauses[b].items[j];
          if (x_group != group_of(out->clauses[b].kind) || strcmp(x->name, y->name) != 0)
            continue;
          p->err->has_note = 1;
          p->err->note_pos = y->pos;
          snprintf(p->err->note, sizeof p->err->note, "'%s' first appears here", y->name);
          return fail(p, x->pos, "'%s' appears in more than one %s clause", x->name, group_names[x_group]);
        }
      }
    }
  }
  return 0;
}

int pragma_parse(const ptok_list *tokens, text_pos after_lsc, lsc_pragma *out, clause_error *err) {
  memset(out, 0, sizeof *out);
  memset(err, 0, sizeof *err);
  parser p = {tokens, 0, tokens->count ? tokens->end : after_lsc, err};
  out->pos = tokens->count ? tokens->items[0].pos : after_lsc;
  const struct directive_info *info = parse_directive(&p);
  if (!info)
    return -1;
  out->kind = info->kind;
  while (peek(&p)) {
    if (at_punct(&p, ",")) { /* OpenMP allows commas between clauses; so do we */
      p.i++;
      continue;
    }
    if (parse_clause(&p, out) != 0)
      return -1;
  }
  if (info->needs_clause && out->nclauses == 0)
    return fail(&p, out->pos, "'#pragma lsc %s' needs a data clause: %s", directive_name(info->kind),
                info->kind == DIRECTIVE_UPDATE ? "'host(a)' (the ranks' newest elements back to rank 0) or "
                                                 "'workers(a)' (rank 0's elements out to the ranks)"
                : info->kind == DIRECTIVE_EXIT_DATA  ? "'copyout(a)' or 'delete(a)'"
                : info->kind == DIRECTIVE_ENTER_DATA ? "'copyin(a)' or 'create(a)'"
                                                     : "'copy(a)', 'copyin(a)', 'copyout(a)' or 'create(a)'");
  return check_repeated_names(&p, out);
}

void lsc_pragma_free(lsc_pragma *p) {
  for (size_t i = 0; i < p->nclauses; i++) {
    clause *c = &p->clauses[i];
    free(c->arg);
    for (size_t k = 0; k < c->nitems; k++) {
      free(c->items[k].name);
      for (int s = 0; s < c->items[k].nsections; s++) {
        free(c->items[k].sections[s].lo);
        free(c->items[k].sections[s].len);
      }
    }
    free(c->items);
  }
  free(p->clauses);
  memset(p, 0, sizeof *p);
}

const clause *pragma_clause(const lsc_pragma *p, clause_kind kind) {
  for (size_t i = 0; i < p->nclauses; i++)
    if (p->clauses[i].kind == kind)
      return &p->clauses[i];
  return NULL;
}
