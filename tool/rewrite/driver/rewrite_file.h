/* rewrite_file.h - the whole pipeline for one input: read, parse, find pragmas, parse clauses, analyse
 * each loop, plan and emit. Diagnostics go to the sink; nothing is printed or written here. */
#ifndef LSC_REWRITE_REWRITE_FILE_H
#define LSC_REWRITE_REWRITE_FILE_H

#include "support/diag.h"
#include "support/strbuf.h"

#include <clang-c/Index.h>

typedef struct rewrite_request {
  const char *path;  /* as the user spelled it */
  char *const *args; /* compiler flags after -- */
  size_t nargs;
  const char *resource_dir;
  const char *build_dir; /* -p, or NULL */
  int no_infer_regions;  /* --no-infer-regions: no data region without a directive */
} rewrite_request;

/* 0 with the rewritten text in out; -1 when the file cannot be rewritten (errors in sink). */
int rewrite_file(CXIndex index, const rewrite_request *req, diag_sink *sink, strbuf *out);

#endif
