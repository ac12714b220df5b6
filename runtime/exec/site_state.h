/* site_state.h - what a rank keeps about a loop site from one instance of the loop to the next: the worker's
 * mirrors (allocated once per site and var, grown when a later instance needs more) and env block, and the
 * master's calibration results. Found by the site's address in this process. */
#ifndef LSC_EXEC_SITE_STATE_H
#define LSC_EXEC_SITE_STATE_H

#include "data/mirror.h"
#include "lsc.h"
#include "lsc_sched.h"

#include <stddef.h>

typedef struct lsc_auto_choice lsc_auto_choice;

typedef struct lsc_site_state {
  const lsc_site *site;
  /* worker */
  int nvars;
  lsc_var *vars;          /* descriptors decoded from LOOP (names are NULL)     */
  lsc_mirror_set mirrors; /* per var: this worker's copy of a non-GLOBAL array */
  void *env;              /* env block the chunks run on                        */
  size_t env_bytes;
  /* master */
  int measured; /* calibration done: weights and swr below are valid */
  int measured_ranks;
  double *measured_weights;       /* per executing rank */
  double swr;                     /* min/max of sampled iteration times ([wu-hybrid], eq. 4) */
  lsc_sched_memory *sched_memory; /* the adaptive schemes' rates, static_steal's ranges (lsc_sched.h) */
  /* master: what earlier instances measured, for exec/master_choice.h */
  double work_per_iteration;     /* body seconds per iteration, summed over ranks, last instance; < 0: none */
  double bytes_per_iteration;    /* array bytes moved per iteration, last distributed instance; < 0: none */
  double workers_wait, own_busy; /* last instance where rank 0 computed: workers' waits, its own body time */
  double compute_wall,
      serve_wall;  /* wall seconds per iteration, last instance computing / serving; < 0 none */
  int same_choice; /* instances since rank 0 last tried the other way                         */
  int retry_after; /* same_choice that makes it try the other way again; 0: LSC_RETRY_COMPUTE      */
  struct lsc_auto_choice *auto_choice; /* schedule(auto)'s pick and drift check (exec/master_auto.h) */
  /* sub-master (exec/submaster_chunk.c): its members' rates from the last calibration sample its group split
   * (per core, by member; group_rated members), and the adaptive schemes' memory of its group's splits */
  int group_rated;
  double *group_rates;
  lsc_sched_memory *group_memory;
  /* and, over held arrays, the span of rows its group ran in the last instance and in this one so far: each
   * member's block is cut from the last one by weight (submaster_chunk.c); empty when lo >= hi */
  int64_t group_rows_lo, group_rows_hi, group_seen_lo, group_seen_hi;
  /* by rank, its seconds per iteration (body and emulated idling) in the last instance it computed, and its
   * request-ahead lead (master.c): an instance's first ahead requests are timed by them, and a data region's
   * placement balances by the rates (region_affinity.c); 0: none yet */
  int ahead_ranks;
  double *ahead_rate, *ahead_lead;
  /* instances placed by affinity in the data region of epoch affinity_epoch (region_affinity.c) */
  int64_t affinity_instances, affinity_epoch;
  struct lsc_site_state *next;
} lsc_site_state;

/* The state of `site`, created empty on first use; NULL when memory runs out. */
lsc_site_state *lsc_site_state_of(const lsc_site *site);
/* Makes room for nvars descriptors and mirrors (keeps existing mirrors when nvars is unchanged). */
int lsc_site_state_vars(lsc_site_state *s, int nvars);
/* The env block with at least `bytes` bytes; NULL when memory runs out. */
void *lsc_site_state_env(lsc_site_state *s, size_t bytes);

#endif
