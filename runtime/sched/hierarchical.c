/* hierarchical.c - a worker with c cores receives the sum of the next c chunks (seed 002 3.1, HLS). */
#include "sched_internal.h"

int64_t lsc_hierarchical_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  /* seed 002 3.1: "the master will use the applied self-scheduling scheme ... adding up the next p_i
   * allocations"; p of the formulas is then the total number of cores. One core is the flat case. */
  int64_t cores = pl->cores[worker], total = 0;
  for (int64_t core = 0; core < cores && total < remaining; core++) {
    int64_t left = remaining - total;
    total += lsc_min64(lsc_self_next_size(pl, left), left);
  }
  return total;
}
