/* sim_args.h - the simulation's options about the master and the workers' failures: the master's service time
 * per request and the data it moves with each chunk, re-issue of outstanding chunks, and workers that stop
 * for good (a SIGSTOPped or dead rank). */
#ifndef LSC_PLAN_SIM_ARGS_H
#define LSC_PLAN_SIM_ARGS_H

#include "config/slowdown.h"
#include "lsc_sim.h"

#include <stddef.h>
#include <stdint.h>

typedef struct sim_options {
  const char *service_text, *reissue_text, *freeze_text, *slowdown_text, *bytes_text, *bandwidth_text,
      *held_text, *held_bytes_text, *affinity_text; /* as given, until the worker count is known */
  double service;       /* --service: the master's time to answer one request, in seconds; requests queue */
  int reissue;          /* --reissue: the most copies of one chunk that run (1: off, 2: on) */
  double send_per_unit; /* --bytes / --bandwidth: the master's seconds to move one iteration's data */
  double *freeze_at; /* --freeze: per worker, the virtual time it stops for good (INFINITY: never); or NULL */
  lsc_slowdown *slowdown; /* --slowdown: per worker, LSC_SLOWDOWN's profile in virtual time; or NULL */
  double bandwidth;       /* --bandwidth (or the runtime's 1e9) */
  lsc_sim_held *held;     /* --held: a data region's placement (held_args.c); or NULL */
  int64_t held_count;
  double held_send_per_unit; /* --held-bytes / --bandwidth */
  int held_affinity;         /* --affinity: on (the default) or off */
} sim_options;

/* Keeps the value of a simulation option (`name` without the dashes); 1 when it was one, 0 otherwise. */
int sim_take_option(const char *name, size_t name_length, const char *value, sim_options *s);
/* Checks the values once the worker count is known; sets *simulate when one was given. 0, or -1 after
 * printing "lsc-plan: ..." (plan_refuse). */
int sim_resolve(sim_options *s, int64_t workers, int *simulate);
void sim_options_free(sim_options *s);

#endif
