/* report.c - the simulation's summary: makespan against the ideal, and each worker's share of the time. */
#include <stdio.h>

#include "simulate.h"

void sim_print_report(const plan_options *o, const sim_result *r) {
  char scheme[64];
  lsc_schedule_format(&o->schedule, scheme, sizeof scheme);
  /* imbalance: how much longer than a perfect split of the work over the total speed the run took */
  double imbalance = r->ideal > 0 ? 100.0 * (r->makespan - r->ideal) / r->ideal : 0.0;
  printf("scheme: %s, alpha %d, %lld iterations, %lld workers\n", scheme, o->alpha, (long long)o->iterations,
         (long long)o->workers);
  printf("makespan: %.6g\n", r->makespan);
  printf("ideal makespan: %.6g\n", r->ideal);
  printf("imbalance: %.2f%%\n", imbalance);
  printf("chunks: %lld\n", (long long)r->chunks);
  for (int64_t k = 0; k < o->workers; k++)
    printf("worker %lld: speed %g, %lld chunks, busy %.6g, finished %.6g\n", (long long)k,
           o->speeds ? o->speeds[k] : 1.0, (long long)r->chunk_count[k], r->busy[k], r->finish[k]);
}
