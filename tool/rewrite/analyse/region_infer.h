/* region_infer.h - data regions the rewriter infers around time loops (docs/pragma.md, "Inferred regions"):
 * a loop around parallel loops whose rank-0 code never touches their arrays gets the region that
 * `#pragma lsc data copy(<arrays>)` would give it, and a remark says so. */
#ifndef LSC_REWRITE_ANALYSE_REGION_INFER_H
#define LSC_REWRITE_ANALYSE_REGION_INFER_H

#include "analyse/region.h"
#include "analyse/result.h"

typedef struct infer_loop {
  size_t begin, end; /* a marked loop, its pragma included */
  const analysis *an;
} infer_loop;

/* Appends to *out (count *nout, capacity *cap) a region (inferred = 1, every item `copy`) for each outermost
 * loop that qualifies, with a remark at it; a loop that does not qualify gets a remark saying why (never an
 * error: the program stays as accepted). `directives`: every data directive of the file (explicit regions
 * are left alone, and so is any loop around one). */
void infer_regions(CXTranslationUnit tu, CXFile file, const source_file *sf, diag_sink *sink,
                   const infer_loop *loops, size_t nloops, const region_info *directives, size_t ndirectives,
                   region_info **out, size_t *nout, size_t *cap);

#endif
