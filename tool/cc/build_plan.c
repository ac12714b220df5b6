#include "build_plan.h"
#include "rewriter_flags.h"

#include "depfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static plan_step *new_step(build_plan *plan) {
  plan->steps = xrealloc(plan->steps, (plan->count + 1) * sizeof *plan->steps);
  plan_step *step = &plan->steps[plan->count++];
  memset(step, 0, sizeof *step);
  return step;
}

static str_list *new_command(build_plan *plan) {
  return &new_step(plan)->command;
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* The folder of a source, for -iquote: the rewritten copy lives elsewhere, and `#include "x.h"` must still
 * find x.h beside the original. */
static char *folder_of(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash)
    return str_copy(".");
  if (slash == path)
    return str_copy("/");
  char *folder = str_copy(path);
  folder[slash - path] = '\0';
  return folder;
}

/* `stem` of foo/bar.c is bar; a second bar.c from another folder becomes bar-2, and so on. */
static char *unique_stem(const char *path, str_list *taken) {
  char *base = str_copy(base_name(path));
  char *dot = strrchr(base, '.');
  if (dot && dot != base)
    *dot = '\0';
  char *stem = str_copy(base);
  for (int suffix = 2;; suffix++) {
    int clash = 0;
    for (size_t i = 0; i < taken->count && !clash; i++)
      clash = strcmp(taken->items[i], stem) == 0;
    if (!clash)
      break;
    char number[24];
    snprintf(number, sizeof number, "-%d", suffix);
    free(stem);
    stem = str_concat(base, number);
  }
  free(base);
  str_list_push(taken, stem);
  return stem;
}

static char *in_folder(const char *folder, const char *stem, const char *suffix) {
  char *with_slash = str_concat(folder, "/");
  char *with_stem = str_concat(with_slash, stem);
  char *path = str_concat(with_stem, suffix);
  free(with_slash);
  free(with_stem);
  return path;
}

static void push_joined(str_list *command, const char *flag, const char *value) {
  char *joined = str_concat(flag, value);
  str_list_push(command, joined);
  free(joined);
}

static void push_items_of_kind(str_list *command, const cc_options *options, cc_item_kind kind) {
  for (size_t i = 0; i < options->item_count; i++)
    if (options->items[i].kind == kind)
      str_list_push_all(command, &options->items[i].words);
}

static const char *mode_flag(cc_mode mode) {
  return mode == CC_MODE_COMPILE      ? "-c"
         : mode == CC_MODE_ASSEMBLE   ? "-S"
         : mode == CC_MODE_PREPROCESS ? "-E"
         : mode == CC_MODE_SYNTAX     ? "-fsyntax-only"
                                      : NULL;
}

/* -Xlsc arguments: lsc-rewrite's own options (want_options) or flags for its parser. */
static void push_rewriter_items(str_list *command, const cc_options *options, int want_options) {
  for (size_t i = 0; i < options->item_count; i++) {
    const cc_item *item = &options->items[i];
    if (item->kind == CC_ITEM_REWRITER && is_rewriter_option(item->words.items[0]) == want_options)
      str_list_push_all(command, &item->words);
  }
}

static void add_rewrite(build_plan *plan, const cc_options *options, const toolchain *tools,
                        const char *source, const char *rewritten) {
  str_list *command = new_command(plan);
  str_list_push(command, tools->rewriter ? tools->rewriter : "lsc-rewrite");
  str_list_push(command, source);
  str_list_push(command, "-o");
  str_list_push(command, rewritten);
  push_rewriter_items(command, options, 1);
  /* -w and -Werror mean the same to lsc-rewrite's own warnings as to the compiler's. */
  for (size_t i = 0; i < options->item_count; i++)
    if (options->items[i].kind == CC_ITEM_COMPILE_FLAG &&
        is_shared_diagnostic_flag(options->items[i].words.items[0]))
      str_list_push_all(command, &options->items[i].words);
  str_list_push(command, "--");
  size_t length = strlen(source);
  if (length < 2 || strcmp(source + length - 2, ".c") != 0) {
    /* Read as C because of the user's -x c; the rewriter would judge by the name. */
    str_list_push(command, "-x");
    str_list_push(command, "c");
  }
  for (size_t i = 0; i < options->item_count; i++)
    if (options->items[i].kind == CC_ITEM_COMPILE_FLAG &&
        rewriter_needs_flag(options->items[i].words.items[0]))
      str_list_push_all(command, &options->items[i].words);
  push_rewriter_items(command, options, 0);
  if (tools->include_dir)
    push_joined(command, "-I", tools->include_dir);
  for (size_t i = 0; i < tools->mpi_include_dirs.count; i++)
    push_joined(command, "-I", tools->mpi_include_dirs.items[i]);
}

/* Compiles a rewritten source: to `output` (NULL: the compiler's default, stdout for -E). */
static void add_compile(build_plan *plan, const cc_options *options, const toolchain *tools, cc_mode mode,
                        const char *source, const char *rewritten, const char *output) {
  plan_step *step = new_step(plan);
  str_list *command = &step->command;
  str_list_push_all(command, &tools->compiler);
  push_items_of_kind(command, options, CC_ITEM_COMPILE_FLAG);
  step->dependency_file = dependency_file_of(options, output);
  if (step->dependency_file) {
    step->rewritten = str_copy(rewritten);
    step->source = str_copy(source);
  }
  char *folder = folder_of(source);
  str_list_push(command, "-iquote");
  str_list_push(command, folder);
  free(folder);
  if (tools->include_dir)
    push_joined(command, "-I", tools->include_dir);
  str_list_push(command, mode_flag(mode));
  str_list_push(command, rewritten);
  if (output) {
    str_list_push(command, "-o");
    str_list_push(command, output);
  }
}

void add_liblsc_flags(str_list *command, const cc_options *options, const toolchain *tools) {
  const char *lib_dir = tools->lib_dir ? tools->lib_dir : ".";
  if (options->link_shared) {
    push_joined(command, "-L", lib_dir);
    push_joined(command, "-Wl,-rpath,", lib_dir);
    str_list_push(command, "-llsc");
  } else {
    char *archive = str_concat(lib_dir, "/liblsc.a");
    str_list_push(command, archive);
    free(archive);
  }
  str_list_push_all(command, &tools->openmp_flags);
  str_list_push_all(command, &tools->system_libs);
}

void make_build_plan(build_plan *plan, const cc_options *options, const toolchain *tools,
                     const char *work_dir, const int *rewrite) {
  memset(plan, 0, sizeof *plan);
  str_list stems = {0},
           replacement = {0}; /* replacement.items[i]: what stands for item i in the last command */
  int plain_inputs = 0;
  for (size_t i = 0; i < options->item_count; i++) {
    const cc_item *item = &options->items[i];
    if (!rewrite[i]) {
      plain_inputs += item->kind == CC_ITEM_INPUT;
      str_list_push(&replacement, "");
      continue;
    }
    const char *source = item->words.items[0];
    char *stem = unique_stem(source, &stems);
    char *rewritten = in_folder(work_dir, stem, ".lsc.c");
    add_rewrite(plan, options, tools, source, rewritten);
    if (options->mode == CC_MODE_LINK) {
      char *object = in_folder(work_dir, stem, ".lsc.o");
      add_compile(plan, options, tools, CC_MODE_COMPILE, source, rewritten, object);
      str_list_push(&replacement, object);
      free(object);
    } else {
      /* Where the compiler would have put it: bar.o / bar.s in the current folder, -E to stdout. */
      char *default_output = str_concat(stem, options->mode == CC_MODE_COMPILE ? ".o" : ".s");
      const char *output = options->mode == CC_MODE_SYNTAX       ? NULL
                           : options->output                     ? options->output
                           : options->mode == CC_MODE_PREPROCESS ? NULL
                                                                 : default_output;
      add_compile(plan, options, tools, options->mode, source, rewritten, output);
      free(default_output);
      str_list_push(&replacement, "");
    }
    free(stem);
    free(rewritten);
  }

  if (options->mode == CC_MODE_LINK || plain_inputs > 0) {
    str_list *command = new_command(plan);
    str_list_push_all(command, &tools->compiler);
    for (size_t i = 0; i < options->item_count; i++) {
      if (options->items[i].kind == CC_ITEM_REWRITER)
        continue; /* for lsc-rewrite only */
      if (!rewrite[i]) {
        str_list_push_all(command, &options->items[i].words);
      } else if (options->mode == CC_MODE_LINK) {
        /* An earlier -x would make the compiler read the object as source text. */
        if (options->uses_language_flag) {
          str_list_push(command, "-x");
          str_list_push(command, "none");
        }
        str_list_push(command, replacement.items[i]);
      }
    }
    if (tools->include_dir)
      push_joined(command, "-I", tools->include_dir);
    if (options->mode != CC_MODE_LINK)
      str_list_push(command, mode_flag(options->mode));
    if (options->output) {
      str_list_push(command, "-o");
      str_list_push(command, options->output);
    }
    if (options->mode == CC_MODE_LINK)
      add_liblsc_flags(command, options, tools);
  }
  str_list_free(&stems);
  str_list_free(&replacement);
}

void free_build_plan(build_plan *plan) {
  for (size_t i = 0; i < plan->count; i++) {
    str_list_free(&plan->steps[i].command);
    free(plan->steps[i].dependency_file);
    free(plan->steps[i].rewritten);
    free(plan->steps[i].source);
  }
  free(plan->steps);
  plan->steps = NULL;
  plan->count = 0;
}
