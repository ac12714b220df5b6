/* pipeline_model.c - [ciorba-hopt]'s parallel time T(h) of a pipelined self-scheduled nest (eqs. 1-5) and its
 * optimal synchronization interval (eq. 6). Readings of the seed are listed in docs/pipeline.md. */
#include <math.h>
#include <stdlib.h>

#include "lsc_pipeline_model.h"
#include "sched_internal.h"

/* The model walks every chunk once: a pss plan of a huge loop would take minutes. */
#define PIPELINE_MAX_CHUNKS INT64_C(10000000)
#define PIPELINE_MAX_SECONDS 1e6
#define PIPELINE_MAX_UNITS 1e12

static int check_cost(const char *name, double value, int zero_allowed, double high, const char *range,
                      lsc_sched_error *err) {
  if (isfinite(value) && (zero_allowed ? value >= 0.0 : value > 0.0) && value <= high)
    return 0;
  return lsc_sched_format_error(err, "%s %g out of range; expected a number in %s", name, value, range);
}

static int check_costs(const lsc_pipeline_costs *c, lsc_sched_error *err) {
  if (!c)
    return lsc_sched_format_error(err, "no pipeline costs given");
  if (check_cost("startup cost c_d", c->startup, 1, PIPELINE_MAX_SECONDS, "[0, 1e6]", err) != 0 ||
      check_cost("transfer cost c_c", c->per_unit, 1, PIPELINE_MAX_SECONDS, "[0, 1e6]", err) != 0 ||
      check_cost("iteration cost c_p", c->per_iteration, 0, PIPELINE_MAX_SECONDS, "(0, 1e6]", err) != 0 ||
      check_cost("scheduling cost c_sch", c->scheduling, 1, PIPELINE_MAX_SECONDS, "[0, 1e6]", err) != 0 ||
      check_cost("units per synchronization", c->units_per_sync, 1, PIPELINE_MAX_UNITS, "[0, 1e12]", err) !=
          0)
    return -1;
  return 0;
}

static int check_shape(const lsc_plan_params *plan, int64_t sync_iterations, lsc_sched_error *err) {
  if (!plan)
    return lsc_sched_format_error(err, "no planner parameters given");
  if (plan->iterations < 1 || plan->iterations > LSC_SCHED_MAX_ITERATIONS)
    return lsc_sched_format_error(err, "scheduling dimension of %lld iterations; expected 1..2^62",
                                  (long long)plan->iterations);
  if (sync_iterations < 1 || sync_iterations > LSC_SCHED_MAX_ITERATIONS)
    return lsc_sched_format_error(err, "synchronization dimension of %lld iterations; expected 1..2^62",
                                  (long long)sync_iterations);
  /* a one-stage pipeline sends nothing: every h gives the same time, and eq. (4)'s (m - 2) turns negative */
  if (plan->workers == 1)
    return lsc_sched_format_error(err, "a pipeline needs at least 2 workers; with 1 every h gives the same "
                                       "time");
  return 0;
}

/* Walks the plan with the workers asking in turn, as in a running pipeline where the worker of chunk i
 * finishes its SPs before the worker of chunk i + 1: one pass over the workers still in is one round, and a
 * round of chunks is one pipeline ([ciorba-hopt] II: "each chunk assignment round corresponds to a
 * pipeline"). */
static int walk_plan(lsc_planner *pl, lsc_pipeline_model *model, lsc_sched_error *err) {
  int64_t *active = malloc((size_t)model->workers * sizeof *active);
  if (!active)
    return lsc_sched_format_error(err, "out of memory planning for %lld workers", (long long)model->workers);
  int64_t count = model->workers;
  for (int64_t k = 0; k < count; k++)
    active[k] = k;
  int status = 0;
  while (count > 0 && status == 0) {
    int64_t kept = 0;
    double slowest_stage = 0.0;
    for (int64_t i = 0; i < count; i++) {
      lsc_chunk c;
      if (!lsc_planner_next(pl, active[i], &c))
        continue;
      /* a stage's time per iteration of h is its chunk over its power, in units of the slowest worker: the
       * eq. (3) sum takes the pipeline's longest stage ([ciorba-hopt] Remark 1.b: "the first chunk ... is
       * always greater than ... all other chunks in the pipeline") */
      double stage = (double)c.size / pl->power[active[i]];
      if (stage > slowest_stage)
        slowest_stage = stage;
      active[kept++] = active[i];
      if (++model->chunks > PIPELINE_MAX_CHUNKS)
        status = lsc_sched_format_error(err, "the plan has more than 10^7 chunks; choose larger chunks");
    }
    count = kept;
    if (kept > 0) {
      model->pipelines++;
      model->first_chunks += slowest_stage;
    }
  }
  free(active);
  return status;
}

int lsc_pipeline_model_init(lsc_pipeline_model *model, const lsc_plan_params *plan, int64_t sync_iterations,
                            const lsc_pipeline_costs *costs, lsc_sched_error *err) {
  if (!model)
    return lsc_sched_format_error(err, "no model to fill");
  if (check_shape(plan, sync_iterations, err) != 0 || check_costs(costs, err) != 0)
    return -1;
  lsc_planner *pl = lsc_planner_new(plan, err);
  if (!pl)
    return -1;
  model->sched_iterations = plan->iterations;
  model->sync_iterations = sync_iterations;
  model->workers = plan->workers;
  model->total_power = 0.0;
  for (int64_t k = 0; k < plan->workers; k++) /* the planner's A_k: slowest = 1, times cores */
    model->total_power += pl->power[k];
  model->chunks = 0;
  model->pipelines = 0;
  model->first_chunks = 0.0;
  model->costs = *costs;
  int status = walk_plan(pl, model, err);
  lsc_planner_free(pl);
  return status;
}

int lsc_pipeline_predict(const lsc_pipeline_model *model, int64_t h, lsc_pipeline_time *out) {
  if (!model || !out || h < 1)
    return -1;
  const lsc_pipeline_costs *c = &model->costs;
  double interval = (double)lsc_min64(h, model->sync_iterations);
  double rows = (double)model->sched_iterations, columns = (double)model->sync_iterations;
  double m = (double)model->workers, p = (double)model->pipelines;
  double message = c->startup + c->units_per_sync * interval * c->per_unit; /* t_c, eq. (2) */
  double between_pipelines = 2.0 * (c->startup + c->units_per_sync * columns * c->per_unit); /* T_tran */
  out->compute = interval * rows * c->per_iteration * m / model->total_power +
                 c->per_iteration * (columns - interval) * model->first_chunks; /* eq. (3) */
  out->communicate = p * (m - 2.0) * 2.0 * message + p * message * (columns / interval - 1.0) +
                     (p - 1.0) * between_pipelines;           /* eq. (4) */
  out->assign = 2.0 * message + c->scheduling;                /* T_wa = 2 t_c + c_sch */
  out->total = out->compute + out->communicate + out->assign; /* eq. (5) */
  return 0;
}

double lsc_pipeline_h_real(const lsc_pipeline_model *model) {
  if (!model)
    return NAN;
  const lsc_pipeline_costs *c = &model->costs;
  double m = (double)model->workers, p = (double)model->pipelines, power = model->total_power;
  /* eq. (6), derived from eq. (5) as T = a h + b / h + const; the printed denominator's (2m-5) A c_p is
   * A c_c (p (2m - 5) + 2) here: h enters eq. (4) through t_c's h c_c, p times per pipeline term, and
   * T_wa's 2 t_c adds the 2 */
  double numerator = (double)model->sync_iterations * p * power * c->startup;
  double denominator = power * c->units_per_sync * c->per_unit * (p * (2.0 * m - 5.0) + 2.0) +
                       (double)model->sched_iterations * c->per_iteration * m -
                       c->per_iteration * power * model->first_chunks;
  if (!(denominator > 0.0))
    return INFINITY;
  return sqrt(numerator / denominator);
}

static double total_time(const lsc_pipeline_model *model, int64_t h) {
  lsc_pipeline_time t;
  lsc_pipeline_predict(model, h, &t);
  return t.total;
}

int64_t lsc_pipeline_h_opt(const lsc_pipeline_model *model) {
  if (!model)
    return -1;
  double best = lsc_pipeline_h_real(model);
  int64_t last = model->sync_iterations;
  if (!(best < (double)last))
    return last;
  if (!(best > 1.0))
    return 1;
  /* h counts iterations: of the two integers around the real optimum, the convex T prefers one */
  int64_t below = (int64_t)floor(best);
  int64_t above = lsc_min64(below + 1, last);
  return total_time(model, above) < total_time(model, below) ? above : below;
}

int64_t lsc_pipeline_h_search(const lsc_pipeline_model *model, int64_t lo, int64_t hi, int64_t step) {
  if (!model || lo < 1 || hi < lo || step < 1)
    return -1;
  int64_t best = lo;
  double best_time = total_time(model, lo);
  for (int64_t h = lo; hi - h >= step;) {
    h += step;
    double t = total_time(model, h);
    if (t < best_time) {
      best = h;
      best_time = t;
    }
  }
  return best;
}
