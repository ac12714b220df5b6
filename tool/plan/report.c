/* report.c - the simulation's summary: makespan against the ideal (the ideal counts the workers that do not
 * freeze), re-issue and the master's load, and each worker's share of the time. */
#include <math.h>
#include <stdio.h>

#include "simulate.h"

void sim_print_report(const plan_options *o, const sim_result *r) {
  char scheme[64];
  lsc_schedule_format(&o->schedule, scheme, sizeof scheme);
  /* imbalance: how much longer than a perfect split of the work over the total speed the run took */
  double imbalance = r->ideal > 0 ? 100.0 * (r->makespan - r->ideal) / r->ideal : 0.0;
  printf("scheme: %s, alpha %d, %lld iterations, %lld workers\n", scheme, o->alpha, (long long)o->iterations,
         (long long)o->workers);
  if (isinf(r->makespan))
    printf("makespan: never (a frozen worker holds the only copy of a chunk; --reissue=on hands it to "
           "another)\n");
  else
    printf("makespan: %.6g\n", r->makespan);
  printf("ideal makespan: %.6g\n", r->ideal);
  if (!isinf(r->makespan))
    printf("imbalance: %.2f%%\n", imbalance);
  printf("chunks: %lld\n", (long long)r->chunks);
  if (o->sim.reissue > 1)
    printf("re-issued copies: %lld, of which first to finish: %lld\n", (long long)r->reissued,
           (long long)r->reissue_wins);
  if (o->sim.service > 0) {
    /* One master answers a request every `service`; a worker asks once per chunk, so with chunks of mean
     * length d it keeps at most d / service workers busy: past that, workers queue at it. */
    double busy = 0.0;
    for (int64_t k = 0; k < o->workers; k++)
      busy += r->busy[k];
    double mean = r->chunks > 0 ? busy / (double)r->chunks : 0.0;
    printf("master busy: %.6g (%.1f%% of the makespan)\n", (double)r->chunks * o->sim.service,
           isinf(r->makespan) || r->makespan <= 0 ? 0.0
                                                  : 100.0 * (double)r->chunks * o->sim.service / r->makespan);
    printf("one master saturates near %.0f workers (mean chunk %.6g / service %.6g); here %lld\n",
           mean / o->sim.service, mean, o->sim.service, (long long)o->workers);
  }
  for (int64_t k = 0; k < o->workers; k++)
    printf("worker %lld: speed %g, %lld chunks, busy %.6g, finished %.6g%s\n", (long long)k,
           o->speeds ? o->speeds[k] : 1.0, (long long)r->chunk_count[k], r->busy[k], r->finish[k],
           o->sim.freeze_at && !isinf(o->sim.freeze_at[k]) ? ", frozen" : "");
}
