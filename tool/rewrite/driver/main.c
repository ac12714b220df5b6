/* lsc-rewrite: the driver. Parses the command line, rewrites every input in memory, prints the
 * diagnostics, and writes the outputs only when every input succeeded. Exit: 0 ok, 1 refused, 2 usage. */
#define _XOPEN_SOURCE 700
#include "clause/clause.h"
#include "driver/options.h"
#include "driver/output_file.h"
#include "driver/resource_dir.h"
#include "driver/rewrite_file.h"
#include "support/diag.h"
#include "support/strbuf.h"

#include <clang-c/Index.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef LSC_VERSION
#define LSC_VERSION "0"
#endif

/* foo.c -> foo.lsc.c, in dir when given. */
static char *default_output(const char *input, const char *dir) {
  char *copy = xstrdup(input);
  const char *base = dir ? basename(copy) : input;
  size_t n = strlen(base);
  const char *dot = strrchr(base, '.');
  const char *slash = strrchr(base, '/');
  if (dot && (!slash || dot > slash))
    n = (size_t)(dot - base);
  char *out = dir ? xasprintf("%s/%.*s.lsc.c", dir, (int)n, base) : xasprintf("%.*s.lsc.c", (int)n, base);
  free(copy);
  return out;
}

static int is_directory(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Where each input's result goes; NULL entries mean stdout. -1 on a usage error. */
static int output_paths(const options *o, char **paths) {
  int to_dir = o->output && strcmp(o->output, "-") != 0 && is_directory(o->output);
  if (o->ninputs > 1 && o->output && !to_dir && strcmp(o->output, "-") != 0) {
    fprintf(stderr, "lsc-rewrite: error: with several inputs, -o must name an existing directory\n");
    return -1;
  }
  for (size_t i = 0; i < o->ninputs; i++) {
    if (o->to_stdout || (o->output && strcmp(o->output, "-") == 0))
      paths[i] = NULL;
    else if (to_dir)
      paths[i] = default_output(o->inputs[i], o->output);
    else if (o->output)
      paths[i] = xstrdup(o->output);
    else
      paths[i] = default_output(o->inputs[i], NULL);
  }
  return 0;
}

/* Writing over an input would lose the user's source if a later step failed. */
static int overwrites_input(const options *o, char **paths) {
  for (size_t i = 0; i < o->ninputs; i++) {
    char in[PATH_MAX], out[PATH_MAX];
    if (!paths[i] || !realpath(o->inputs[i], in) || !realpath(paths[i], out) || strcmp(in, out) != 0)
      continue;
    fprintf(stderr, "lsc-rewrite: error: the output '%s' would overwrite the input\n", paths[i]);
    return 1;
  }
  return 0;
}

static int write_outputs(const options *o, char **paths, strbuf *results) {
  for (size_t i = 0; i < o->ninputs; i++) {
    if (!paths[i]) {
      fwrite(sb_str(&results[i]), 1, results[i].len, stdout);
      continue;
    }
    if (output_file_write(paths[i], sb_str(&results[i]), results[i].len) != 0) {
      fprintf(stderr, "lsc-rewrite: error: cannot write '%s': %s\n", paths[i], strerror(errno));
      return 1;
    }
  }
  fflush(stdout);
  return 0;
}

/* The clause table, one clause per line, tab-separated: name, the directives that take it, the lsc_site field
 * it fills
 * ("-": none). Tests check the documentation against it (test/rewrite/cli/clause-docs.test). */
static void print_clauses(FILE *out) {
  for (int k = 0; k < CLAUSE_KIND_COUNT; k++) {
    const clause_info *c = clause_table_row((clause_kind)k);
    fprintf(out, "%s\t", c->name);
    const char *sep = "";
    for (int d = 0; d < DIRECTIVE_COUNT; d++)
      if (c->directives & (1u << d)) {
        fprintf(out, "%s%s", sep, directive_name((directive_kind)d));
        sep = ",";
      }
    fprintf(out, "\t%s\n", c->site_field ? c->site_field : "-");
  }
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  options o;
  char err[512];
  if (options_parse(argc, argv, &o, err, sizeof err) != 0) {
    fprintf(stderr, "lsc-rewrite: error: %s\n", err);
    options_free(&o);
    return 2;
  }
  if (o.help || o.version || o.print_clauses) {
    if (o.help)
      options_print_usage(stdout);
    else if (o.print_clauses)
      print_clauses(stdout);
    else
      printf("lsc-rewrite %s (libclang: %s)\n", LSC_VERSION, clang_getCString(clang_getClangVersion()));
    options_free(&o);
    return 0;
  }
  char **paths = xcalloc(o.ninputs, sizeof *paths);
  if (output_paths(&o, paths) != 0 || overwrites_input(&o, paths)) {
    for (size_t i = 0; i < o.ninputs; i++)
      free(paths[i]);
    free(paths);
    options_free(&o);
    return 2;
  }
  diag_style style = {o.color == COLOR_ALWAYS || (o.color == COLOR_AUTO && isatty(2)), o.remarks,
                      o.parseable_fixits, o.warnings};
  char *resource_dir = o.resource_dir ? xstrdup(o.resource_dir) : resource_dir_query(o.clang);
  if (!resource_dir)
    fprintf(stderr, "lsc-rewrite: warning: no clang answered -print-resource-dir; system headers such as "
                    "<stddef.h> may not be found (use --resource-dir)\n");

  CXIndex index = clang_createIndex(0, 0);
  strbuf *results = xcalloc(o.ninputs, sizeof *results);
  int failed = 0;
  for (size_t i = 0; i < o.ninputs; i++) {
    diag_sink sink;
    diag_sink_init(&sink);
    rewrite_request req = {o.inputs[i],  o.compiler_args, o.ncompiler_args,
                           resource_dir, o.build_dir,     o.no_infer_regions};
    sb_init(&results[i]);
    if (rewrite_file(index, &req, &sink, &results[i]) != 0 || diag_failed(&sink, &style))
      failed = 1;
    diag_print(&sink, &style, stderr);
    diag_sink_free(&sink);
  }
  clang_disposeIndex(index);
  int status = failed ? 1 : write_outputs(&o, paths, results);
  for (size_t i = 0; i < o.ninputs; i++) {
    sb_free(&results[i]);
    free(paths[i]);
  }
  free(results);
  free(paths);
  free(resource_dir);
  options_free(&o);
  return status;
}
