/* simulate.c - lsc-plan's options turned into the shared simulator's cluster (lsc_sim.h): the workload's
 * cost of a chunk is the cost function, --slowdown's profiles the duration function, the rest are copied. */
#include "simulate.h"

static double workload_cost(void *ctx, int64_t start, int64_t size) {
  return sim_chunk_cost(ctx, start, size);
}

/* --slowdown: the worker's profile stretches the span of work it starts at `begin` */
static double slowed(void *ctx, int64_t worker, double begin, double seconds) {
  const lsc_slowdown *profiles = ctx;
  return lsc_slowdown_span(&profiles[worker], begin, seconds);
}

lsc_sim_cluster sim_cluster_of(const plan_options *o) {
  return (lsc_sim_cluster){.workers = o->workers,
                           .speeds = o->speeds,
                           .service = o->sim.service,
                           .send_per_unit = o->sim.send_per_unit,
                           .latency = o->latency,
                           .freeze_at = o->sim.freeze_at,
                           .reissue = o->sim.reissue,
                           .cost = workload_cost,
                           .cost_ctx = (void *)&o->workload,
                           .duration = o->sim.slowdown ? slowed : NULL,
                           .duration_ctx = o->sim.slowdown,
                           .held = o->sim.held,
                           .held_count = o->sim.held_count,
                           .held_send_per_unit = o->sim.held_send_per_unit,
                           .held_affinity = o->sim.held_affinity};
}

int sim_run(const plan_options *o, lsc_planner *pl, int keep_records, sim_result *r) {
  lsc_sim_cluster c = sim_cluster_of(o);
  return lsc_sim_run(&c, pl, keep_records, r);
}

void sim_result_free(sim_result *r) {
  lsc_sim_result_free(r);
}
