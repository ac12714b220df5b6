/* region.h - the data directives (`data`, `update`, `enter data`, `exit data`), OpenACC's data regions: the
 * statement a `data` directive marks, each named array as a byte range the generated code can compute, and
 * the returns that leave the region (the region's exit must run before them). */
#ifndef LSC_REWRITE_ANALYSE_REGION_H
#define LSC_REWRITE_ANALYSE_REGION_H

#include "clause/clause.h"
#include "find/pragma_find.h"
#include "support/diag.h"
#include "support/source_file.h"

#include <clang-c/Index.h>
#include <stddef.h>

typedef struct region_item {
  char *name;
  clause_kind kind; /* CLAUSE_COPY, COPYIN, COPYOUT, CREATE, DELETE, HOST or WORKERS */
  char *base_text;  /* C expression of its first byte: "(void *)(A)", "(void *)&(p)[lo]" */
  char *bytes_text; /* C expression of its size in bytes: "sizeof(A)", "(size_t)(n) * sizeof (p)[0]" */
  text_pos pos;     /* the item in the pragma */
  CXCursor var;     /* its declaration */
} region_item;

typedef struct region_info {
  directive_kind kind;
  size_t pragma_begin, pragma_end; /* the directive's text */
  size_t stmt_begin, stmt_end;     /* `data`: the statement it marks; else both pragma_end */
  int line;                        /* the directive's line */
  region_item *items;
  size_t nitems, items_cap;
  size_t *returns; /* `data`: [begin, end) byte pairs of the return statements inside the statement */
  size_t nreturns, returns_cap;
  int inferred; /* no directive: region_infer.c found the loop at stmt_begin needs none (pragma_* ==
                   stmt_begin) */
} region_info;

/* Fills `out` for the directive `p` found at `fp`, inside the function whose definition is `fn`. 0, or -1
 * after reporting to the sink (an array lsc cannot size, a statement that is not a block or a loop, a jump
 * out of the region). */
int analyse_region(CXTranslationUnit tu, CXFile file, const source_file *sf, diag_sink *sink,
                   const lsc_pragma *p, const found_pragma *fp, CXCursor fn, region_info *out);
void region_info_free(region_info *r);
/* The index of the item naming variable `var` (a VarDecl or ParmDecl cursor) in r, or -1; a null cursor is
 * no item. */
long region_item_of(const region_info *r, CXCursor var);

/* The declaration of `name` as C sees it at byte `at` inside function `fn`: the innermost one in scope there,
 * else a file-scope one; a null cursor when none. */
CXCursor region_visible_variable(CXTranslationUnit tu, CXCursor fn, const char *name, size_t at);

/* The statement `stmt` (a block or a loop) as a region's: sets stmt_begin/stmt_end and records the returns
 * inside it; a break, continue or goto that would leave it is reported to `sink`. 0, or -1 after a report. */
int region_statement(CXCursor stmt, const source_file *sf, diag_sink *sink, region_info *r);

/* region_uses.c: rank 0's own code inside `data` regions. Between the parallel loops (`loops`: [begin, end)
 * byte pairs of every marked loop of the file, pragma included), a use of an array the region holds must
 * follow an `update host` of it in a block around the use, with no parallel loop in between, and a write
 * must also be followed by an `update workers` of it before the next parallel loop: the ranks may hold
 * newer elements than rank 0, and rank 0's writes must reach them. 0, or -1 after an error per use. */
int check_region_uses(CXTranslationUnit tu, CXFile file, const source_file *sf, diag_sink *sink,
                      const region_info *regions, size_t nregions, const size_t *loops, size_t nloops);

/* The first use by rank 0 of an item of the `data` region `r` (no update directive can cover it): 1 with its
 * byte offset, item index and whether it writes; 0 when rank 0's code in the statement never names them. */
int region_first_use(CXTranslationUnit tu, CXFile file, const region_info *r, const size_t *loops,
                     size_t nloops, size_t *at, size_t *item, int *writes);

#endif
