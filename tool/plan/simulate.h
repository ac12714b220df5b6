/* simulate.h - lsc-plan's side of the virtual-time run of a planner (lsc_sim.h): the cluster its options
 * describe, and the report, listing and chart of a run. */
#ifndef LSC_PLAN_SIMULATE_H
#define LSC_PLAN_SIMULATE_H

#include <stdio.h>

#include "args.h"
#include "lsc_sim.h"

/* The run itself is the runtime's (runtime/sched/simulate.c), so schedule(auto) predicts with this model. */
typedef lsc_sim_record sim_record;
typedef lsc_sim_result sim_result;

/* The cluster lsc-plan's options describe: --speeds, --service, --latency, --freeze, --reissue, and the
 * --workload's cost of a chunk. */
lsc_sim_cluster sim_cluster_of(const plan_options *o);
/* Runs the plan to the end. keep_records: store every chunk for a table or a Gantt chart. 0 or -1 (memory).
 */
int sim_run(const plan_options *o, lsc_planner *pl, int keep_records, sim_result *r);
void sim_result_free(sim_result *r);

/* auto.c: --scheme=auto. Ranks the candidates on the options' cluster with the runtime's lsc_auto_rank,
 * prints the ranking and the pick, and puts the pick in o->schedule and params->schedule. 0, or -1 after a
 * message on stderr. */
int plan_resolve_auto(plan_options *o, lsc_plan_params *params);

/* report.c */
void sim_print_report(const plan_options *o, const sim_result *r);
/* svg.c: 0, or -1 when writing failed */
int sim_write_gantt(FILE *svg, const plan_options *o, const sim_result *r);

#endif
