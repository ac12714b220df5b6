/* lsc-plan - prints the chunks a scheduling scheme hands out, or simulates a master/worker run of it. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "listing.h"
#include "pipeline.h"
#include "simulate.h"

static int simulate(const plan_options *o, lsc_planner *pl, FILE *svg) {
  sim_result r;
  int listing = o->format == FORMAT_TABLE || o->format == FORMAT_SIZES;
  if (sim_run(o, pl, listing || svg, &r) != 0) {
    sim_result_free(&r);
    fputs("lsc-plan: out of memory\n", stderr);
    return 1;
  }
  if (listing)
    plan_print_records(o, &r);
  if (o->format != FORMAT_SIZES)
    sim_print_report(o, &r);
  int status = 0;
  if (svg && sim_write_gantt(svg, o, &r) != 0) {
    fprintf(stderr, "lsc-plan: --gantt: cannot write '%s'\n", o->gantt_path);
    status = 1;
  }
  sim_result_free(&r);
  return status;
}

int main(int argc, char **argv) {
  plan_options o;
  int parsed = plan_parse_args(argc, argv, &o);
  if (parsed != ARGS_OK) {
    if (parsed == ARGS_HELP)
      plan_print_usage();
    else if (parsed == ARGS_VERSION)
      printf("lsc-plan (lsc) %s\n", LSC_VERSION);
    plan_options_free(&o);
    return parsed == ARGS_HELP || parsed == ARGS_VERSION ? 0 : 2;
  }
  if (o.pipeline.enabled) {
    int status = plan_print_pipeline(&o);
    plan_options_free(&o);
    return status;
  }
  lsc_plan_params params = {o.schedule,   o.alpha,   sim_planner_workload(&o.workload),
                            o.iterations, o.workers, o.weights,
                            o.cores,      NULL};
  lsc_sched_error err;
  if (o.schedule.scheme == LSC_SCHEME_AUTO && plan_resolve_auto(&o, &params) != 0) {
    plan_options_free(&o);
    return 2;
  }
  lsc_planner *pl = lsc_planner_new(&params, &err);
  if (!pl) {
    fprintf(stderr, "lsc-plan: %s\n", err.message);
    plan_options_free(&o);
    return 2;
  }
  /* the chart's file is opened before anything runs, so a bad --gantt is refused like any bad argument */
  FILE *svg = NULL;
  if (o.gantt_path && !(svg = fopen(o.gantt_path, "w"))) {
    fprintf(stderr, "lsc-plan: --gantt: cannot write '%s': %s\n", o.gantt_path, strerror(errno));
    lsc_planner_free(pl);
    plan_options_free(&o);
    return 2;
  }
  int status = 0;
  if (o.simulate) {
    status = simulate(&o, pl, svg);
  } else if (plan_print_listing(&o, pl) != 0) {
    fputs("lsc-plan: out of memory\n", stderr);
    status = 1;
  }
  if (svg && fclose(svg) != 0 && status == 0) {
    fprintf(stderr, "lsc-plan: --gantt: cannot write '%s'\n", o.gantt_path);
    status = 1;
  }
  lsc_planner_free(pl);
  plan_options_free(&o);
  return status;
}
