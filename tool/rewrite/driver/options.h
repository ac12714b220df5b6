/* options.h - the command line of lsc-rewrite. */
#ifndef LSC_REWRITE_OPTIONS_H
#define LSC_REWRITE_OPTIONS_H

#include "support/diag.h"

#include <stddef.h>
#include <stdio.h>

typedef enum color_mode { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER } color_mode;

typedef struct options {
  char **inputs;
  size_t ninputs, inputs_cap;
  const char *output;       /* -o: a file ("-" for stdout), or a directory when there are several inputs */
  int to_stdout;            /* --stdout */
  const char *build_dir;    /* -p: folder holding compile_commands.json */
  const char *resource_dir; /* --resource-dir: overrides asking clang */
  const char *clang;        /* --clang: the clang asked for its resource directory */
  warning_policy warnings;  /* -w, -Werror, -W[no-][error=]lsc-... */
  int remarks;
  int no_infer_regions; /* --no-infer-regions */
  int parseable_fixits; /* -fdiagnostics-parseable-fixits */
  color_mode color;
  char **compiler_args; /* after -- */
  size_t ncompiler_args;
  int help, version, print_clauses;
} options;

/* 0 on success; -1 with a one-line reason in err (a usage error: exit status 2). */
int options_parse(int argc, char **argv, options *o, char *err, size_t errlen);
void options_free(options *o);
void options_print_usage(FILE *out);

#endif
