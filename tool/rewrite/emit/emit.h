/* emit.h - writes the output text: every byte outside rewritten loops unchanged, the outlined code for each
 * loop before its function, the runtime call in place of the loop, and #line directives so diagnostics and
 * debuggers see the user's lines. */
#ifndef LSC_REWRITE_EMIT_H
#define LSC_REWRITE_EMIT_H

#include "analyse/region.h"
#include "analyse/result.h"
#include "plan/plan.h"
#include "support/source_file.h"
#include "support/strbuf.h"

typedef struct rewrite_site {
  size_t function_begin;             /* outlined code goes here */
  size_t replace_begin, replace_end; /* the pragma through the end of the loop */
  const analysis *an;
  const loop_plan *plan;
} rewrite_site;

/* Shared with emit_nest.c. */
void emit_line_directive(strbuf *out, int line, const char *file_literal);
/* Blanks up to the column of `offset`, tabs kept, so columns after a #line still match the source. */
void emit_pad_to_column(strbuf *out, const source_file *sf, size_t offset);

/* emit_site.c: the lsc_site initialiser `{.magic = ..., ...}` of a site; lines after the first start with
 * indent. magic: LSC_SITE_MAGIC or LSC_PIPELINE_SITE_MAGIC; body: the body function or "0". */
void emit_site_fields(strbuf *out, const rewrite_site *s, const char *file_literal, const char *magic,
                      const char *body, const char *indent);

/* emit_nest.c: a pipelined nest's row function and site, and its call in place of the nest. */
void emit_nest_outlined(strbuf *out, const source_file *sf, const rewrite_site *s, const char *file_literal);
void emit_nest_call(strbuf *out, const rewrite_site *s, const char *indent, const char *vars);

/* A replacement of bytes [begin, end) (an insertion when equal) by text, outside every loop's range. Edits at
 * one offset go in increasing `order`. */
typedef struct text_edit {
  size_t begin, end;
  int order;
  char *text;
} text_edit;

typedef struct text_edits {
  text_edit *items;
  size_t count, cap;
} text_edits;
void text_edits_free(text_edits *e);

/* emit_region.c: the edits of the data directives (analyse/region.h). */
void region_edits(const source_file *sf, const region_info *regions, size_t n, const char *file_literal,
                  text_edits *out);

/* sites sorted by replace_begin; the regions in source order. With neither the output is the input, byte for
 * byte. */
void emit_file(const source_file *sf, const rewrite_site *sites, size_t nsites, const region_info *regions,
               size_t nregions, strbuf *out);

#endif
