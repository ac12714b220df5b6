/* pipeline.c - prints T(h) of [ciorba-hopt] eq. (5) per h, h_opt of eq. (6), and where a sweep's minimum
 * lies: the numbers a benchmark of a pipelined nest prints next to its measured times. */
#include "pipeline.h"

#include <stdio.h>

static void print_row(const lsc_pipeline_model *model, int64_t h) {
  lsc_pipeline_time t;
  lsc_pipeline_predict(model, h, &t);
  printf("%-10lld %-12.6g %-12.6g %-12.6g %.6g\n", (long long)h, t.compute, t.communicate, t.assign, t.total);
}

static double total_at(const lsc_pipeline_model *model, int64_t h) {
  lsc_pipeline_time t;
  lsc_pipeline_predict(model, h, &t);
  return t.total;
}

static void print_header(const plan_options *o, const lsc_pipeline_model *model) {
  char scheme[64];
  lsc_schedule_format(&o->schedule, scheme, sizeof scheme);
  const lsc_pipeline_costs *c = &model->costs;
  printf(
      "pipeline: %s, alpha %d, %lld x %lld iterations (scheduling x synchronization), %lld workers, A %g\n",
      scheme, o->alpha, (long long)model->sched_iterations, (long long)model->sync_iterations,
      (long long)model->workers, model->total_power);
  printf("plan: %lld chunks in %lld pipelines, first-chunk sum %g\n", (long long)model->chunks,
         (long long)model->pipelines, model->first_chunks);
  printf("costs: c_d %g s, c_c %g s per unit, c_p %g s, c_sch %g s; %g units sent per iteration of h\n",
         c->startup, c->per_unit, c->per_iteration, c->scheduling, c->units_per_sync);
}

int plan_print_pipeline(const plan_options *o) {
  const pipeline_options *p = &o->pipeline;
  lsc_plan_params params = {o->schedule,   o->alpha,   sim_planner_workload(&o->workload),
                            o->iterations, o->workers, o->weights,
                            o->cores,      NULL};
  lsc_pipeline_model model;
  lsc_sched_error err;
  if (lsc_pipeline_model_init(&model, &params, p->sync_iterations, &p->costs, &err) != 0) {
    fprintf(stderr, "lsc-plan: %s\n", err.message);
    return 2;
  }
  int64_t h_opt = lsc_pipeline_h_opt(&model);
  print_header(o, &model);
  printf("%-10s %-12s %-12s %-12s %s\n", "h", "T_comp", "T_comm", "T_wa", "T_par");
  if (p->sweep_step > 0) {
    for (int64_t h = p->sweep_from;; h += p->sweep_step) {
      print_row(&model, h);
      if (p->sweep_to - h < p->sweep_step)
        break;
    }
  } else {
    print_row(&model, p->sync > 0 ? p->sync : h_opt);
  }
  double best = total_at(&model, h_opt);
  printf("h_opt: %lld (eq. 6: %.6g), T_par %.6g s\n", (long long)h_opt, lsc_pipeline_h_real(&model), best);
  if (p->sync > 0) {
    double chosen = total_at(&model, p->sync);
    printf("sync %lld: T_par %.6g s, %.2f%% above h_opt\n", (long long)p->sync, chosen,
           100.0 * (chosen - best) / best);
  }
  if (p->sweep_step > 0) {
    int64_t h = lsc_pipeline_h_search(&model, p->sweep_from, p->sweep_to, p->sweep_step);
    printf("sweep minimum: h %lld, T_par %.6g s\n", (long long)h, total_at(&model, h));
  }
  return 0;
}
