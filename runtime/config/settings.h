/* settings.h - one loop's effective settings: the LSC_* variables override the site's clauses (as
 * OMP_SCHEDULE does for OpenMP), the clauses override the defaults. Defaults: gss, alpha 0, clock weights,
 * uniform workload, 1 thread. schedule(runtime) without LSC_SCHEDULE means gss. */
#ifndef LSC_CONFIG_SETTINGS_H
#define LSC_CONFIG_SETTINGS_H

#include "config/env.h"
#include "lsc.h"

#include <stddef.h>

typedef struct lsc_loop_settings {
  lsc_schedule schedule;
  char schedule_text[64];
  int alpha; /* 0..100 or LSC_ALPHA_AUTO */
  lsc_workload workload;
  lsc_weights_spec weights; /* values borrowed from env or owned by `owned_weights` */
  lsc_threads_spec threads;
  lsc_repro_spec reproducible;
  char reproducible_source[48]; /* where it came from, for LSC_STATS: "reproducible(on)",
                                   "LSC_REPRODUCIBLE=on" */
  double *owned_weights;
  int reissue;              /* the most copies of one outstanding chunk that may run (1: no re-issue) */
  char reissue_source[160]; /* why, for LSC_STATS: "LSC_REISSUE=3", "reissue(on)", "default: the body's only
                               effects are its outputs", "default: 'printf' does I/O" */
} lsc_loop_settings;

/* 0, or -1 with a one-line message naming the site and the clause. */
int lsc_settings_resolve(const lsc_site *site, const lsc_env_config *env, lsc_loop_settings *out, char *err,
                         size_t errlen);
void lsc_settings_free(lsc_loop_settings *s);
/* The threads alone, as lsc_settings_resolve decides them (LSC_THREADS over the clause, 1 by default): a loop
 * run on rank 0 alone needs them and nothing else. 0, or -1 with a one-line message naming the site. */
int lsc_settings_threads(const lsc_site *site, const lsc_env_config *env, lsc_threads_spec *out, char *err,
                         size_t errlen);
/* The reproducible mode alone, as lsc_settings_resolve decides it (LSC_REPRODUCIBLE over the clause, off by
 * default): the local run needs it and nothing else. 0, or -1 with a one-line message naming the site. */
int lsc_settings_reproducible(const lsc_site *site, const lsc_env_config *env, lsc_repro_spec *out,
                              char *source, size_t sourcelen, char *err, size_t errlen);

#endif
