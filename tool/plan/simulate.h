/* simulate.h - an event-driven, virtual-time run of a planner: whoever finishes first asks next. */
#ifndef LSC_PLAN_SIMULATE_H
#define LSC_PLAN_SIMULATE_H

#include <stdio.h>

#include "args.h"

typedef struct sim_record {
  int64_t worker, start, size;
  double begin, end;
  int copy;   /* a re-issued copy of a chunk handed out before */
  int frozen; /* its worker froze before the end (`end` is the freeze) */
} sim_record;

typedef struct sim_result {
  double makespan; /* when the last chunk is done (its first copy ends); INFINITY when a frozen worker holds
                      the only copy of one */
  double ideal;    /* total work / total speed                 */
  double total_work;
  int64_t chunks;         /* handed out, copies included */
  int64_t reissued;       /* copies handed out (--reissue) */
  int64_t reissue_wins;   /* copies that ended before every earlier copy of their chunk */
  int64_t reissue_losses; /* results dropped because another copy of their chunk had finished first */
  double *busy;           /* per worker: time spent computing          */
  double *finish;         /* per worker: end of its last chunk         */
  int64_t *chunk_count;
  sim_record *records; /* every chunk in the order handed out, when asked for */
  int64_t record_count, record_cap;
} sim_result;

/* Runs the plan to the end. keep_records: store every chunk for a table or a Gantt chart. 0 or -1 (memory).
 */
int sim_run(const plan_options *o, lsc_planner *pl, int keep_records, sim_result *r);
void sim_result_free(sim_result *r);

/* report.c */
void sim_print_report(const plan_options *o, const sim_result *r);
/* svg.c: 0, or -1 when writing failed */
int sim_write_gantt(FILE *svg, const plan_options *o, const sim_result *r);

#endif
