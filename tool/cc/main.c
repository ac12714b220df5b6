/* lsc-cc: compiles and links C programs that use `#pragma lsc`, the way mpicc does for MPI programs.
 * Each input with an lsc pragma (in itself or in a header it includes) goes through lsc-rewrite into a work
 * folder; everything else reaches the MPI C compiler as given. The user's flags reach both. See
 * docs/build-integration.md. */
#include "build_plan.h"
#include "command.h"
#include "depfile.h"
#include "lsc_cc_config.h"
#include "options.h"
#include "pragma_scan.h"
#include "toolchain.h"
#include "work_dir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: lsc-cc [lsc-cc options] [compiler arguments] FILE...\n"
    "\n"
    "Compiles like the MPI C compiler (mpicc). Each C input holding `#pragma lsc` is first rewritten by\n"
    "lsc-rewrite into a temporary folder; other inputs pass through untouched. When linking, liblsc is "
    "added\n"
    "(the static liblsc.a, so programs run without a library search path) with OpenMP and the libraries it\n"
    "needs. Compiler flags reach the compiler; lsc-rewrite (after --) gets only those that change what the\n"
    "source means (-D, -U, -I, -include, -std, -O, target and language flags). Link flags (-l, -L, -Wl,...)\n"
    "reach only the link. Flags lsc-cc does not know go to the compiler, as with mpicc.\n"
    "\n"
    "lsc-cc options:\n"
    "  --show            print the commands instead of running them\n"
    "  --showme[:compile|:link]  as Open MPI's wrappers: with inputs, the commands; without, the compiler\n"
    "                    and the flags lsc-cc adds (:compile the compile flags, :link the link flags)\n"
    "  --keep-dir=DIR    write rewritten sources (FILE.lsc.c) and their objects into DIR and keep them\n"
    "  --cc=COMMAND      the MPI C compiler to drive (default: $LSC_MPICC, else " LSC_CC_DEFAULT_COMPILER
    ")\n"
    "  -fsyntax-only     rewrite (lsc checks every marked loop) and check the result; write nothing\n"
    "  --lsc-shared      link liblsc.so instead of liblsc.a (adds an rpath to its folder)\n"
    "  -Xlsc ARG         ARG for lsc-rewrite only: its own options (-Xlsc --remarks, -Xlsc -Werror) or a\n"
    "                    flag for its parser (-Xlsc -DANALYSIS_ONLY)\n"
    "  --help            this text\n"
    "  --version         lsc-cc's version\n"
    "\n"
    "Environment: LSC_MPICC (the compiler, may carry arguments), LSC_REWRITE (path of lsc-rewrite), TMPDIR.\n"
    "Exit status: that of the first step that fails (1 when lsc-rewrite refuses a loop), 2 on bad usage.\n";

static int report_missing(const char *what, const char *searched, const char *hint) {
  fprintf(stderr, "lsc-cc: error: cannot find %s in %s%s\n", what, searched, hint);
  return 1;
}

/* The value of a flag given as `-Idir` or `-I dir`, when the item is that flag; NULL otherwise. */
static const char *flag_value(const cc_item *item, const char *flag) {
  const char *first = item->words.items[0];
  size_t n = strlen(flag);
  if (strncmp(first, flag, n) != 0)
    return NULL;
  if (first[n])
    return first + n;
  return item->words.count > 1 ? item->words.items[1] : NULL;
}

/* The header search of the command line, for following includes as the compiler will. */
static void header_search(const cc_options *options, include_search *search) {
  memset(search, 0, sizeof *search);
  for (size_t i = 0; i < options->item_count; i++) {
    const cc_item *item = &options->items[i];
    const char *v;
    if (item->kind != CC_ITEM_COMPILE_FLAG)
      continue;
    if ((v = flag_value(item, "-iquote")))
      str_list_push(&search->quote_dirs, v);
    else if ((v = flag_value(item, "-isystem")) || (v = flag_value(item, "-idirafter")) ||
             (v = flag_value(item, "-I")))
      str_list_push(&search->dirs, v);
    else if ((v = flag_value(item, "-include")) || (v = flag_value(item, "-imacros")))
      str_list_push(&search->forced, v);
  }
}

/* Which inputs go through lsc-rewrite; returns how many. A file whose pragmas sit in a header it includes
 * goes too: the rewriter then rewrites it or refuses it with the header's line, but it is never compiled
 * as it is, since it would then run whole on every rank. */
static int mark_rewrites(const cc_options *options, int *rewrite) {
  include_search search;
  header_search(options, &search);
  int count = 0;
  for (size_t i = 0; i < options->item_count; i++) {
    const cc_item *item = &options->items[i];
    /* An unreadable input passes through, so the compiler reports it in its own words. */
    rewrite[i] = item->kind == CC_ITEM_INPUT && item->is_c_source &&
                 source_has_lsc_pragma(item->words.items[0], &search) == 1;
    count += rewrite[i];
  }
  str_list_free(&search.quote_dirs);
  str_list_free(&search.dirs);
  str_list_free(&search.forced);
  return count;
}

static int check_toolchain(const cc_options *options, const toolchain *tools, int rewrites) {
  if (rewrites && !tools->rewriter)
    return report_missing("lsc-rewrite", tools->searched_rewriter, "; set LSC_REWRITE");
  if (rewrites && !tools->include_dir)
    return report_missing("lsc.h", tools->searched_include, "");
  if (options->mode == CC_MODE_LINK && !tools->lib_dir)
    return report_missing(options->link_shared ? "liblsc.so" : "liblsc.a", tools->searched_lib, "");
  return 0;
}

static int run_plan(const build_plan *plan) {
  for (size_t i = 0; i < plan->count; i++) {
    const plan_step *step = &plan->steps[i];
    int status = run_command(step->command.items);
    if (status != 0)
      return status;
    if (step->dependency_file &&
        name_original_in_dependency_file(step->dependency_file, step->rewritten, step->source) != 0)
      return 1;
  }
  return 0;
}

static int drive(const cc_options *options, const toolchain *tools) {
  int *rewrite = xrealloc(NULL, (options->item_count + 1) * sizeof *rewrite);
  int rewrites = mark_rewrites(options, rewrite);
  int status = check_toolchain(options, tools, rewrites);
  char *work_dir = NULL;
  if (status == 0 && rewrites) {
    work_dir = options->show ? (options->keep_dir ? str_copy(options->keep_dir) : temporary_dir_template())
                             : make_work_dir(options->keep_dir);
    status = work_dir ? 0 : 1;
  }
  if (status == 0) {
    build_plan plan;
    make_build_plan(&plan, options, tools, work_dir ? work_dir : ".", rewrite);
    if (options->show) {
      for (size_t i = 0; i < plan.count; i++)
        print_command(stdout, plan.steps[i].command.items);
    } else {
      status = run_plan(&plan);
    }
    free_build_plan(&plan);
  }
  if (work_dir && !options->show && !options->keep_dir)
    remove_work_dir(work_dir);
  free(work_dir);
  free(rewrite);
  return status;
}

/* --showme without inputs and --showme:compile / :link: what lsc-cc adds to the MPI compiler's command, so
 * a build that drives the compiler itself can add the same (as `mpicc --showme:link` does for MPI). */
static void print_showme(const cc_options *options, const toolchain *tools) {
  str_list words = {0};
  if (options->showme == CC_SHOWME_COMMAND)
    str_list_push_all(&words, &tools->compiler);
  if (options->showme != CC_SHOWME_LINK) {
    if (tools->include_dir) {
      char *flag = str_concat("-I", tools->include_dir);
      str_list_push(&words, flag);
      free(flag);
    }
  }
  if (options->showme != CC_SHOWME_COMPILE)
    add_liblsc_flags(&words, options, tools);
  print_command(stdout, words.items);
  str_list_free(&words);
}

int main(int argc, char **argv) {
  cc_options options;
  const char *error = NULL;
  if (parse_options(argc, argv, &options, &error) != 0) {
    fprintf(stderr, "lsc-cc: error: %s (see lsc-cc --help)\n", error);
    free_options(&options);
    return 2;
  }
  int status = 0;
  if (options.help) {
    fputs(usage, stdout);
  } else if (options.version) {
    printf("lsc-cc (lsc) %s\n", LSC_CC_VERSION);
  } else {
    toolchain tools;
    locate_toolchain(&tools, options.compiler, options.link_shared);
    if (options.showme != CC_SHOWME_NONE && !options.show) {
      if (options.showme != CC_SHOWME_COMPILE && !tools.lib_dir)
        status = report_missing(options.link_shared ? "liblsc.so" : "liblsc.a", tools.searched_lib, "");
      else if (options.showme != CC_SHOWME_LINK && !tools.include_dir)
        status = report_missing("lsc.h", tools.searched_include, "");
      else
        print_showme(&options, &tools);
    } else {
      status = drive(&options, &tools);
    }
    free_toolchain(&tools);
  }
  free_options(&options);
  return status;
}
