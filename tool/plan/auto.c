/* auto.c - lsc-plan --scheme=auto: the same choice as the runtime's schedule(auto) (runtime/sched/auto.c),
 * on the cluster and workload the options describe, printed as a ranking before the run of the pick. */
#include <stdio.h>

#include "simulate.h"

int plan_resolve_auto(plan_options *o, lsc_plan_params *params) {
  lsc_sim_cluster cluster = sim_cluster_of(o);
  lsc_auto_ranking ranking;
  lsc_sched_error err;
  if (lsc_auto_rank(params, &cluster, &ranking, &err) != 0) {
    fprintf(stderr, "lsc-plan: --scheme=auto: %s\n", err.message);
    return -1;
  }
  char text[1024];
  lsc_auto_format(&ranking, text, sizeof text);
  const lsc_auto_entry *pick = &ranking.entries[ranking.pick];
  printf("auto: predicted makespans: %s\n", text);
  printf("auto: picked %s (predicted %.6g%s)\n", pick->name, pick->predicted,
         ranking.pick > 0 ? "; within 1% of the fastest and earlier in the candidate list" : "");
  o->schedule = pick->schedule;
  params->schedule = pick->schedule;
  return 0;
}
