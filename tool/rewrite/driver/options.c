#define _XOPEN_SOURCE 700
#include "driver/options.h"

#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

void options_print_usage(FILE *out) {
  strbuf groups;
  sb_init(&groups);
  for (int g = 0; g < WARN_GROUP_COUNT; g++)
    sb_printf(&groups, "  -W%-26s %s\n", warning_groups[g].name, warning_groups[g].what);
  fprintf(
      out,
      "usage: lsc-rewrite [options] <file.c>... [-- <compiler flags>]\n"
      "\n"
      "Rewrites the loops marked `#pragma lsc parallel for` into calls to liblsc (include/lsc.h).\n"
      "\n"
      "options:\n"
      "  -o <file>             output file (\"-\" for stdout); with several inputs, an existing directory.\n"
      "                        Default: <file>.lsc.c next to each input\n"
      "  --stdout              write the rewritten files to stdout\n"
      "  -p <build dir>        read compiler flags from <build dir>/compile_commands.json\n"
      "  -Werror               treat warnings as errors; -Werror=<name>, -Wno-error=<name> for one group\n"
      "  -w                    no warnings; -Wno-<name> turns one group off (names below)\n"
      "  -fdiagnostics-parseable-fixits\n"
      "                        also print each fix-it as fix-it:\"file\":{l:c-l:c}:\"text\", as clang does\n"
      "  --remarks             report what each loop captures, slices and reduces\n"
      "  --no-infer-regions    no data region around a time loop unless '#pragma lsc data' states it\n"
      "  --color=<when>        auto (default: colour on a terminal), always, never\n"
      "  --resource-dir=<dir>  clang resource directory (default: the one beside libclang when its\n"
      "                        headers are there, else the answer of clang-19 -print-resource-dir)\n"
      "  --clang=<path>        the clang asked for its resource directory\n"
      "  --print-clauses       list every clause: its directives and the lsc_site field it fills\n"
      "  --version             print the version\n"
      "  --help                print this help\n"
      "\n"
      "warning groups (all on by default):\n"
      "%s"
      "\n"
      "exit status: 0 success, 1 a loop was refused or a file does not parse, 2 bad usage.\n"
      "Nothing is written unless every input is rewritten.\n",
      sb_str(&groups));
  sb_free(&groups);
}

static int usage_error(char *err, size_t errlen, const char *fmt, const char *arg) {
  snprintf(err, errlen, fmt, arg);
  return -1;
}

/* "--name=value" or "--name value": the value, advancing *i in the second form; NULL if missing. */
static const char *long_value(int argc, char **argv, int *i, const char *name) {
  size_t n = strlen(name);
  const char *a = argv[*i];
  if (strncmp(a, name, n) != 0)
    return NULL;
  if (a[n] == '=')
    return a + n + 1;
  if (a[n] == '\0' && *i + 1 < argc)
    return argv[++*i];
  return NULL;
}

static int is_long(const char *arg, const char *name) {
  size_t n = strlen(name);
  return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

static int parse_color(const char *v, options *o, char *err, size_t errlen) {
  if (!v)
    return usage_error(err, errlen, "option '%s' needs a value", "--color");
  if (strcmp(v, "auto") == 0)
    o->color = COLOR_AUTO;
  else if (strcmp(v, "always") == 0)
    o->color = COLOR_ALWAYS;
  else if (strcmp(v, "never") == 0)
    o->color = COLOR_NEVER;
  else
    return usage_error(err, errlen, "invalid --color value '%s' (expected auto, always or never)", v);
  return 0;
}

/* -w and -W...: lsc's own groups; the compiler's general switches (-Wall, -Wextra, -Weverything) are
 * accepted as no-ops, since every lsc warning is on unless turned off. */
static int parse_warning_option(const char *a, options *o, char *err, size_t errlen) {
  static const char *const general[] = {"-Wall", "-Wextra", "-Weverything", NULL};
  for (const char *const *g = general; *g; g++)
    if (strcmp(a, *g) == 0)
      return 0;
  const char *nearest;
  int rc = warning_policy_apply(&o->warnings, a, &nearest);
  if (rc == 0)
    return 0;
  if (rc == -2 && nearest) {
    snprintf(err, errlen, "unknown warning option '%s'; did you mean '-W%s'? (see --help)", a, nearest);
    return -1;
  }
  return usage_error(err, errlen,
                     "unknown warning option '%s': lsc-rewrite's warnings are named -Wlsc-... (see --help); "
                     "flags for the compiler go after --",
                     a);
}

static int parse_one(int argc, char **argv, int *i, options *o, char *err, size_t errlen) {
  const char *a = argv[*i];
  if (strcmp(a, "-o") == 0 || strcmp(a, "-p") == 0) {
    if (*i + 1 >= argc)
      return usage_error(err, errlen, "option '%s' needs an argument", a);
    if (a[1] == 'o')
      o->output = argv[++*i];
    else
      o->build_dir = argv[++*i];
  } else if (strcmp(a, "--stdout") == 0) {
    o->to_stdout = 1;
  } else if (strcmp(a, "-w") == 0 || (a[0] == '-' && a[1] == 'W')) {
    return parse_warning_option(a, o, err, errlen);
  } else if (strcmp(a, "-fdiagnostics-parseable-fixits") == 0) {
    o->parseable_fixits = 1;
  } else if (strcmp(a, "--remarks") == 0 || strcmp(a, "-Rpass=lsc") == 0) {
    o->remarks = 1;
  } else if (strcmp(a, "--no-infer-regions") == 0) {
    o->no_infer_regions = 1;
  } else if (strcmp(a, "-fcolor-diagnostics") == 0) {
    o->color = COLOR_ALWAYS;
  } else if (strcmp(a, "-fno-color-diagnostics") == 0) {
    o->color = COLOR_NEVER;
  } else if (is_long(a, "--color")) {
    return parse_color(long_value(argc, argv, i, "--color"), o, err, errlen);
  } else if (is_long(a, "--resource-dir")) {
    if (!(o->resource_dir = long_value(argc, argv, i, "--resource-dir")))
      return usage_error(err, errlen, "option '%s' needs a value", "--resource-dir");
  } else if (is_long(a, "--clang")) {
    if (!(o->clang = long_value(argc, argv, i, "--clang")))
      return usage_error(err, errlen, "option '%s' needs a value", "--clang");
  } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
    o->help = 1;
  } else if (strcmp(a, "--version") == 0) {
    o->version = 1;
  } else if (strcmp(a, "--print-clauses") == 0) {
    o->print_clauses = 1;
  } else if (a[0] == '-' && a[1] != '\0') {
    return usage_error(err, errlen, "unknown option '%s' (see --help)", a);
  } else {
    VEC_PUSH(o->inputs, o->ninputs, o->inputs_cap, argv[*i]);
  }
  return 0;
}

int options_parse(int argc, char **argv, options *o, char *err, size_t errlen) {
  memset(o, 0, sizeof *o);
  warning_policy_init(&o->warnings);
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--") == 0) {
      o->compiler_args = argv + i + 1;
      o->ncompiler_args = (size_t)(argc - i - 1);
      break;
    }
    if (parse_one(argc, argv, &i, o, err, errlen) != 0)
      return -1;
  }
  if (o->help || o->version || o->print_clauses)
    return 0;
  if (o->ninputs == 0)
    return usage_error(err, errlen, "%s", "no input files (see --help)");
  if (o->output && o->to_stdout)
    return usage_error(err, errlen, "%s", "-o and --stdout cannot be used together");
  return 0;
}

void options_free(options *o) {
  free(o->inputs);
  memset(o, 0, sizeof *o);
}
