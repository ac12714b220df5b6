/* emit.h - writes the output text: every byte outside rewritten loops unchanged, the outlined code for each
 * loop before its function, the runtime call in place of the loop, and #line directives so diagnostics and
 * debuggers see the user's lines. */
#ifndef LSC_REWRITE_EMIT_H
#define LSC_REWRITE_EMIT_H

#include "analysis.h"
#include "plan.h"
#include "source_file.h"
#include "strbuf.h"

typedef struct rewrite_site {
  size_t function_begin;             /* outlined code goes here */
  size_t replace_begin, replace_end; /* the pragma through the end of the loop */
  const analysis *an;
  const loop_plan *plan;
} rewrite_site;

/* sites sorted by replace_begin. With no sites the output is the input, byte for byte. */
void emit_file(const source_file *sf, const rewrite_site *sites, size_t nsites, strbuf *out);

#endif
