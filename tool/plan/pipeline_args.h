/* pipeline_args.h - the options of `lsc-plan --pipeline`: the nest's shape and what the machines cost. */
#ifndef LSC_PLAN_PIPELINE_ARGS_H
#define LSC_PLAN_PIPELINE_ARGS_H

#include <stddef.h>
#include <stdint.h>

#include "lsc_pipeline_model.h"

typedef struct pipeline_options {
  int enabled; /* --pipeline */
  /* the values as given, until the whole command line is read */
  const char *sync_iterations_text, *startup_text, *per_unit_text, *per_iteration_text, *scheduling_text;
  const char *units_text, *sync_text, *sweep_text;
  int64_t sync_iterations; /* U_s */
  lsc_pipeline_costs costs;
  int64_t sync;                             /* --sync=h; 0 for auto (the model's h_opt) */
  int64_t sweep_from, sweep_to, sweep_step; /* sweep_step 0: no sweep */
} pipeline_options;

/* Keeps the value of a pipeline option (`name` without the dashes); 1 when it was one, 0 otherwise. */
int pipeline_take_option(const char *name, size_t name_length, const char *value, pipeline_options *p);

#endif
