#include "options.h"
#include "rewriter_flags.h"

#include <stdlib.h>
#include <string.h>

/* Compiler flags whose value is the next argument when not joined (`-I dir`). */
static const char *const compile_flags_with_value[] = {
    "-I",          "-D",         "-U",      "-include", "-imacros",
    "-isystem",    "-idirafter", "-iquote", "-iprefix", "-iwithprefix",
    "-isysroot",   "-MF",        "-MT",     "-MQ",      "-Xpreprocessor",
    "-Xassembler", "-aux-info",  "--param", "-A",       "-iwithprefixbefore",
    "-Xclang",     NULL};
static const char *const link_flags_with_value[] = {"-L", "-l", "-Xlinker", "-u", "-T", "-z", NULL};
/* Flags that only mean something to the linker; the rewriter and `-c` steps do not get them. */
static const char *const link_only_flags[] = {
    "-static",       "-shared",        "-rdynamic",      "-s",          "-pie", "-no-pie", "-nostdlib",
    "-nostartfiles", "-nodefaultlibs", "-static-libgcc", "-static-pie", NULL};

static int listed(const char *const *list, const char *flag) {
  for (; *list; list++)
    if (strcmp(*list, flag) == 0)
      return 1;
  return 0;
}

/* -lm and -L/dir: the only link flags taken in joined form (a joined -u would swallow -undef). */
static int is_joined_link_flag(const char *arg) {
  return (strncmp(arg, "-l", 2) == 0 || strncmp(arg, "-L", 2) == 0) && arg[2] != '\0';
}

static int has_suffix(const char *text, const char *suffix) {
  size_t length = strlen(text), suffix_length = strlen(suffix);
  return length >= suffix_length && strcmp(text + length - suffix_length, suffix) == 0;
}

static cc_item *add_item(cc_options *options, cc_item_kind kind, const char *first) {
  options->items = xrealloc(options->items, (options->item_count + 1) * sizeof *options->items);
  cc_item *item = &options->items[options->item_count++];
  memset(item, 0, sizeof *item);
  item->kind = kind;
  str_list_push(&item->words, first);
  return item;
}

/* `--name=value` or `--name value`; NULL when this argument is not --name. */
static const char *long_option_value(const char *name, int argc, char **argv, int *index, int *missing) {
  size_t length = strlen(name);
  const char *arg = argv[*index];
  if (strncmp(arg, name, length) != 0)
    return NULL;
  if (arg[length] == '=')
    return arg + length + 1;
  if (arg[length] != '\0')
    return NULL;
  if (*index + 1 >= argc) {
    *missing = 1;
    return NULL;
  }
  return argv[++*index];
}

static int parse_lsc_option(int argc, char **argv, int *index, cc_options *options, const char **error) {
  const char *arg = argv[*index];
  int missing = 0;
  const char *value;
  if (strcmp(arg, "--show") == 0)
    options->show = 1;
  else if (strcmp(arg, "--showme") == 0)
    options->showme = CC_SHOWME_COMMAND;
  else if (strcmp(arg, "--showme:compile") == 0)
    options->showme = CC_SHOWME_COMPILE;
  else if (strcmp(arg, "--showme:link") == 0)
    options->showme = CC_SHOWME_LINK;
  else if (strncmp(arg, "--showme:", 9) == 0) {
    *error = "unknown --showme option (expected --showme, --showme:compile or --showme:link)";
    return -1;
  } else if (strcmp(arg, "--lsc-shared") == 0)
    options->link_shared = 1;
  else if (strcmp(arg, "--help") == 0)
    options->help = 1;
  else if (strcmp(arg, "--version") == 0)
    options->version = 1;
  else if ((value = long_option_value("--keep-dir", argc, argv, index, &missing)))
    options->keep_dir = value;
  else if ((value = long_option_value("--cc", argc, argv, index, &missing)))
    options->compiler = value;
  else if (missing) {
    *error = "an lsc-cc option is missing its value (--keep-dir=DIR, --cc=COMMAND)";
    return -1;
  } else
    return 0;
  if ((options->keep_dir && !*options->keep_dir) || (options->compiler && !*options->compiler)) {
    *error = "an lsc-cc option has an empty value (--keep-dir=DIR, --cc=COMMAND)";
    return -1;
  }
  return 1;
}

static int parse_flag(int argc, char **argv, int *index, cc_options *options, const char **error) {
  const char *arg = argv[*index];
  int takes_value = 0;
  cc_item_kind kind = CC_ITEM_COMPILE_FLAG;
  if (listed(compile_flags_with_value, arg) || strcmp(arg, "-x") == 0) {
    takes_value = 1;
  } else if (listed(link_flags_with_value, arg)) {
    takes_value = 1;
    kind = CC_ITEM_LINK_FLAG;
  } else if (is_joined_link_flag(arg) || strncmp(arg, "-Wl,", 4) == 0 || listed(link_only_flags, arg)) {
    kind = CC_ITEM_LINK_FLAG;
  }
  if (strncmp(arg, "-x", 2) == 0) /* -x c or -xc */
    kind = CC_ITEM_LANGUAGE;
  if (takes_value && *index + 1 >= argc) {
    *error = "a compiler flag is missing its value (such as -o FILE, -I DIR, -x LANG)";
    return -1;
  }
  cc_item *item = add_item(options, kind, arg);
  if (takes_value)
    str_list_push(&item->words, argv[++*index]);
  return 0;
}

static const char *language_of(const cc_item *item) {
  const char *flag = item->words.items[0];
  return item->words.count > 1 ? item->words.items[1] : flag + 2;
}

int parse_options(int argc, char **argv, cc_options *options, const char **error) {
  memset(options, 0, sizeof *options);
  const char *language = NULL; /* the -x in effect, NULL for "by suffix" */
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    int handled = arg[0] == '-' && arg[1] == '-' ? parse_lsc_option(argc, argv, &i, options, error) : 0;
    if (handled < 0)
      return -1;
    if (handled)
      continue;
    if (strcmp(arg, "-o") == 0 || (strncmp(arg, "-o", 2) == 0 && arg[2])) {
      if (!arg[2] && i + 1 >= argc) {
        *error = "argument to '-o' is missing (expected a file name)";
        return -1;
      }
      if (options->output) {
        *error = "-o given more than once";
        return -1;
      }
      options->output = arg[2] ? arg + 2 : argv[++i];
    } else if (strcmp(arg, "-Xlsc") == 0) {
      if (i + 1 >= argc) {
        *error = "argument to '-Xlsc' is missing (expected a flag for lsc-rewrite)";
        return -1;
      }
      add_item(options, CC_ITEM_REWRITER, argv[++i]);
    } else if (strcmp(arg, "-c") == 0 || strcmp(arg, "-S") == 0 || strcmp(arg, "-E") == 0) {
      /* The earliest stop wins, as with gcc and clang: -E over -S over -c. */
      cc_mode mode = arg[1] == 'c' ? CC_MODE_COMPILE : arg[1] == 'S' ? CC_MODE_ASSEMBLE : CC_MODE_PREPROCESS;
      if (mode > options->mode && options->mode != CC_MODE_SYNTAX)
        options->mode = mode;
    } else if (strcmp(arg, "-fsyntax-only") == 0) {
      options->mode = CC_MODE_SYNTAX;
    } else if (is_lsc_warning_flag(arg)) {
      add_item(options, CC_ITEM_REWRITER, arg); /* -Wno-lsc-io-in-loop: lsc-rewrite's, gcc would refuse it */
    } else if (arg[0] == '-' && arg[1]) {
      if (parse_flag(argc, argv, &i, options, error) < 0)
        return -1;
      cc_item *item = &options->items[options->item_count - 1];
      /* -M and -MM print dependencies instead of compiling: they imply -E. */
      if ((strcmp(arg, "-M") == 0 || strcmp(arg, "-MM") == 0) && options->mode != CC_MODE_SYNTAX)
        options->mode = CC_MODE_PREPROCESS;
      if (item->kind == CC_ITEM_LANGUAGE) {
        options->uses_language_flag = 1;
        language = strcmp(language_of(item), "none") == 0 ? NULL : language_of(item);
      }
    } else {
      cc_item *item = add_item(options, CC_ITEM_INPUT, arg);
      item->is_c_source =
          language ? strcmp(language, "c") == 0 && strcmp(arg, "-") != 0 : has_suffix(arg, ".c");
      options->input_count++;
    }
  }
  if (options->help || options->version)
    return 0;
  /* --showme prints the flags without inputs, the commands with them. */
  if (options->showme == CC_SHOWME_COMMAND && options->input_count > 0)
    options->show = 1;
  if (options->showme != CC_SHOWME_NONE && !options->show)
    return 0;
  if (options->input_count == 0) {
    *error = "no input files";
    return -1;
  }
  if (options->output && options->mode != CC_MODE_LINK && options->input_count > 1) {
    *error = "cannot specify -o with -c, -S or -E with multiple files";
    return -1;
  }
  return 0;
}

void free_options(cc_options *options) {
  for (size_t i = 0; i < options->item_count; i++)
    str_list_free(&options->items[i].words);
  free(options->items);
  options->items = NULL;
  options->item_count = 0;
}
