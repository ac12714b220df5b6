/* simulate.c - lsc-plan's options turned into the shared simulator's cluster (lsc_sim.h): the workload's
 * cost of a chunk is the cost function, the rest are copied. */
#include "simulate.h"

static double workload_cost(void *ctx, int64_t start, int64_t size) {
  return sim_chunk_cost(ctx, start, size);
}

lsc_sim_cluster sim_cluster_of(const plan_options *o) {
  return (lsc_sim_cluster){.workers = o->workers,
                           .speeds = o->speeds,
                           .service = o->sim.service,
                           .latency = o->latency,
                           .freeze_at = o->sim.freeze_at,
                           .reissue = o->sim.reissue,
                           .cost = workload_cost,
                           .cost_ctx = (void *)&o->workload};
}

int sim_run(const plan_options *o, lsc_planner *pl, int keep_records, sim_result *r) {
  lsc_sim_cluster c = sim_cluster_of(o);
  return lsc_sim_run(&c, pl, keep_records, r);
}

void sim_result_free(sim_result *r) {
  lsc_sim_result_free(r);
}
