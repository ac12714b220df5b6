/* args.h - lsc-plan's command line, checked: every bad argument is refused with one line naming it. */
#ifndef LSC_PLAN_ARGS_H
#define LSC_PLAN_ARGS_H

#include <stdint.h>

#include "lsc_sched.h"
#include "pipeline_args.h"
#include "sim_args.h"
#include "workload.h"

typedef enum plan_format { FORMAT_DEFAULT, FORMAT_TABLE, FORMAT_SIZES, FORMAT_REPORT } plan_format;

typedef struct plan_options {
  const char *scheme_text;
  lsc_schedule schedule;
  int64_t iterations; /* -1 until given */
  int64_t workers;    /* -1 until given */
  int alpha;
  double *weights; /* the planner's weights: --weights, else --power / --runqueue; NULL = equal */
  int64_t *cores;  /* NULL = one per worker */
  double *speeds;  /* simulation: relative speed per worker; NULL = no simulation */
  sim_workload workload;
  double latency;
  sim_options sim; /* --service, --reissue, --freeze */
  plan_format format;
  const char *gantt_path;
  int simulate;
  pipeline_options pipeline;
} plan_options;

enum { ARGS_OK = 0, ARGS_HELP = 1, ARGS_BAD = 2, ARGS_VERSION = 3 };

/* Fills `o`; on a bad argument prints "lsc-plan: ..." to stderr and returns ARGS_BAD. */
int plan_parse_args(int argc, char **argv, plan_options *o);
void plan_options_free(plan_options *o);
void plan_print_usage(void);

/* Shared by the option files: refuse prints "lsc-plan: ..." and returns ARGS_BAD; the parsers return 0, or -1
 * for text that is not one number in range. */
int plan_refuse(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int plan_parse_int64(const char *text, int64_t lo, int64_t hi, int64_t *out);
int plan_parse_double(const char *text, double *out);
/* pipeline_args.c: checks the --pipeline options once the rest of the line is known. */
int pipeline_resolve(plan_options *o);

#endif
