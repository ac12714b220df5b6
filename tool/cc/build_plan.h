/* The commands one lsc-cc invocation runs, in order: for each input with an lsc pragma, lsc-rewrite into the
 * work folder and (when linking) a compile of the result to an object there; then one pass-through command
 * that gets the user's arguments as given, rewritten inputs replaced by their objects, plus liblsc's include
 * path and, when linking, liblsc and what it needs. */
#ifndef LSC_CC_BUILD_PLAN_H
#define LSC_CC_BUILD_PLAN_H

#include "options.h"
#include "toolchain.h"

typedef struct plan_step {
  str_list command;
  /* After the command succeeds: the dependency file it wrote, which names `rewritten` where the user's
   * `source` belongs (see depfile.h). NULL when there is none. */
  char *dependency_file, *rewritten, *source;
} plan_step;

typedef struct build_plan {
  plan_step *steps;
  size_t count;
} build_plan;

/* `rewrite[i]` says whether options->items[i] goes through lsc-rewrite. */
void make_build_plan(build_plan *plan, const cc_options *options, const toolchain *tools,
                     const char *work_dir, const int *rewrite);
void free_build_plan(build_plan *plan);

/* What a link needs for liblsc: the archive (or -L, rpath and -llsc with --lsc-shared), OpenMP, -lm -ldl. */
void add_liblsc_flags(str_list *command, const cc_options *options, const toolchain *tools);

#endif
