/* workload.h - what one iteration costs in lsc-plan's simulator, and the cost of a chunk. */
#ifndef LSC_PLAN_WORKLOAD_H
#define LSC_PLAN_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "lsc_sched.h"

typedef enum sim_workload_kind {
  SIM_UNIFORM,    /* every iteration costs 1                          */
  SIM_INCREASING, /* iteration i costs b + i h                        */
  SIM_DECREASING, /* iteration i costs b + (N-1-i) h                  */
  SIM_RANDOM,     /* iteration i costs a value in [0, 2) drawn from (seed, i) */
  SIM_FILE        /* iteration i costs line i+1 of a file             */
} sim_workload_kind;

/* The random model hashes every iteration of a chunk: beyond this many iterations a run would take minutes.
 */
#define SIM_RANDOM_MAX_ITERATIONS INT64_C(1000000000)

typedef struct sim_workload {
  sim_workload_kind kind;
  double b, h;
  uint64_t seed;
  const char *path;
  int64_t iterations;
  double *prefix; /* SIM_FILE: prefix[i] = cost of iterations [0, i) */
} sim_workload;

/* Parses the --workload value; 0 or -1 with a message naming the accepted forms. */
int sim_workload_parse(const char *text, sim_workload *out, char *err, size_t len);
/* Reads the file of a SIM_FILE workload; its line count becomes the iteration count. 0 or -1 with a message.
 */
int sim_workload_load(sim_workload *w, char *err, size_t len);
void sim_workload_free(sim_workload *w);
double sim_chunk_cost(const sim_workload *w, int64_t start, int64_t size);
double sim_total_cost(const sim_workload *w);
/* The loop shape the planner's alpha split point needs ([chang-alpha] Assertions 1-3). */
lsc_workload sim_planner_workload(const sim_workload *w);

#endif
