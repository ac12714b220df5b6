/* analyse.h - the analysis of one marked loop, run as a sequence of steps (analyse.c) that fill the parts
 * of its result (result.h). The analysis records diagnostics in the sink and never prints. */
#ifndef LSC_REWRITE_ANALYSE_ANALYSE_H
#define LSC_REWRITE_ANALYSE_ANALYSE_H

#include "analyse/result.h"

void analysis_init(analysis *an, const source_file *sf, diag_sink *sink, CXTranslationUnit tu,
                   const lsc_pragma *pragma, size_t pragma_offset, CXCursor for_stmt);
/* 0 when the loop can be rewritten. */
int analyse_loop(analysis *an);
void analysis_free(analysis *an);

#endif
