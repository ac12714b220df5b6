/* lsc_pipeline_model.h - [ciorba-hopt]'s cost model of a pipelined, self-scheduled loop nest with uniform
 * dependences (DMPS, [ciorba-dmps]): the predicted parallel time T(h) as a function of the synchronization
 * interval h, and the h that minimises it.
 *
 * Pure C like lsc_sched.h: no MPI, no clock. The chunks come from lsc_planner (the same plan the runtime
 * would follow); the costs are measured by the caller. docs/pipeline.md derives every term.
 */
#ifndef LSC_PIPELINE_MODEL_H
#define LSC_PIPELINE_MODEL_H

#include <stdint.h>

#include "lsc_sched.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the machines cost, in seconds. */
typedef struct lsc_pipeline_costs {
  double startup;        /* c_d: sending a zero-length message (eq. 2)                                    */
  double per_unit;       /* c_c: each data unit of a message, a byte or an element (eq. 2)                */
  double per_iteration;  /* c_p: one iteration of the nest on the slowest worker (eq. 1); > 0             */
  double scheduling;     /* c_sch: the master computing one chunk (T_wa); 0 when unknown                   */
  double units_per_sync; /* data units sent at a synchronization point per iteration of h. [ciorba-hopt] sends
                            h units (1); a nest whose dependences reach d rows back sends d elements per
                            iteration, 8 d bytes for doubles when per_unit is per byte                     */
} lsc_pipeline_costs;

/* Everything eqs. (3)-(6) need, computed once from the plan. */
typedef struct lsc_pipeline_model {
  int64_t sched_iterations; /* U_c: iterations of the scheduling (chunked) dimension           */
  int64_t sync_iterations;  /* U_s: iterations of the synchronization dimension                */
  int64_t workers;          /* m >= 2                                                          */
  double total_power;       /* A = sum of A_k, the slowest worker's A_k = 1                     */
  int64_t chunks;           /* N: chunks of the plan                                           */
  int64_t pipelines;        /* p: assignment rounds, one pipeline each                        */
  double first_chunks;      /* sum over pipelines of the slowest stage's chunk in units of the slowest
                               worker: the sum of V_{jA+1} in eqs. (3) and (6)                 */
  lsc_pipeline_costs costs;
} lsc_pipeline_model;

/* T_par of eq. (5) and its three parts, in seconds. */
typedef struct lsc_pipeline_time {
  double compute;     /* T_comp, eq. (3) */
  double communicate; /* T_comm, eq. (4) */
  double assign;      /* T_wa            */
  double total;       /* T_par, eq. (5)  */
} lsc_pipeline_time;

/* Plans the scheduling dimension with `plan` (iterations = U_c, workers = m, weights = each worker's
 * relative power, cores multiplying it as in the planner) and fills `model`. Workers ask in turn, as they do
 * in a running pipeline. 0, or -1 with err set: U_c or U_s outside 1..2^62, fewer than 2 workers, a cost
 * that is not a finite number in range, or a plan of more than 10^7 chunks. */
int lsc_pipeline_model_init(lsc_pipeline_model *model, const lsc_plan_params *plan, int64_t sync_iterations,
                            const lsc_pipeline_costs *costs, lsc_sched_error *err);

/* T(h) of eq. (5). An h beyond U_s means one synchronization point at the end, as h = U_s. 0, or -1 when
 * h < 1 or an argument is NULL. */
int lsc_pipeline_predict(const lsc_pipeline_model *model, int64_t h, lsc_pipeline_time *out);

/* Eq. (6): the real h at which dT/dh = 0. INFINITY when T never rises with h (the pipeline gains nothing
 * from synchronizing), 0 when a message costs nothing to start; NaN for a NULL model. */
double lsc_pipeline_h_real(const lsc_pipeline_model *model);

/* The h lsc uses for sync(auto): the integer in [1, U_s] next to eq. (6)'s optimum with the lower T(h)
 * (T is convex in h, so this is the discrete minimum too). -1 for a NULL model. */
int64_t lsc_pipeline_h_opt(const lsc_pipeline_model *model);

/* The cross-check: the h in lo, lo + step, ... <= hi with the lowest T(h), the first on ties. -1 when the
 * range is empty or invalid (lo < 1, step < 1). Costs (hi - lo) / step evaluations. */
int64_t lsc_pipeline_h_search(const lsc_pipeline_model *model, int64_t lo, int64_t hi, int64_t step);

#ifdef __cplusplus
}
#endif
#endif
