/* env.h - the LSC_* environment variables, parsed once on rank 0 before main.
 *
 * Parsing is pure: it takes a getenv-like function, so the unit tests feed it tables. Every error is one line
 * that names the variable, repeats the bad value and lists the accepted forms.
 */
#ifndef LSC_CONFIG_ENV_H
#define LSC_CONFIG_ENV_H

#include "config/slowdown.h"
#include "lsc_sched.h"

#include <stddef.h>
#include <stdint.h>

typedef enum lsc_weight_source {
  LSC_WEIGHTS_CLOCK,    /* /proc/cpuinfo "cpu MHz" ([chang-alpha])                     */
  LSC_WEIGHTS_LOAD,     /* clock over run-queue load, /proc/loadavg ([wu-hybrid])   */
  LSC_WEIGHTS_MEASURED, /* calibration run of the loop itself                    */
  LSC_WEIGHTS_EQUAL,
  LSC_WEIGHTS_LIST /* numbers given in LSC_WEIGHTS, one per rank             */
} lsc_weight_source;

typedef struct lsc_weights_spec {
  lsc_weight_source source;
  int count;      /* LIST: how many values */
  double *values; /* LIST: owned           */
} lsc_weights_spec;

typedef enum lsc_inner_schedule { LSC_INNER_STATIC, LSC_INNER_DYNAMIC, LSC_INNER_GUIDED } lsc_inner_schedule;

typedef struct lsc_threads_spec {
  int count; /* OpenMP threads per rank; 0 = auto (the rank's share of its node's cores) */
  lsc_inner_schedule inner;
} lsc_threads_spec;

/* reproducible(...) and LSC_REPRODUCIBLE: reductions over fixed blocks of iterations (data/repro.h). */
typedef struct lsc_repro_spec {
  int on;
  int64_t block; /* iterations per block; 0: from the trip count (lsc_repro_blocks_of) */
} lsc_repro_spec;

/* LSC_STATS: off, one summary table per loop site at exit (obs/summary.h), or a table after every loop. */
typedef enum lsc_stats_mode { LSC_STATS_OFF, LSC_STATS_SUMMARY, LSC_STATS_EACH } lsc_stats_mode;

typedef enum lsc_progress_mode {
  LSC_PROGRESS_OFF,
  LSC_PROGRESS_TERMINAL,
  LSC_PROGRESS_ALWAYS
} lsc_progress_mode;

/* Whether rank 0 also runs chunks: auto = when its node has a core for it (see exec/master_setup.c). */
typedef enum lsc_master_mode { LSC_MASTER_AUTO, LSC_MASTER_COMPUTE, LSC_MASTER_SERVE } lsc_master_mode;

/* LSC_SUBMASTERS=host: one group per host (exec/submaster.h). */
#define LSC_SUBMASTERS_HOST (-1)

typedef struct lsc_env_config {
  int has_schedule;
  lsc_schedule schedule;
  uint64_t rnd_seed; /* LSC_RND_SEED: the seed of schedule rnd (0 when unset) */
  int has_alpha;
  int alpha; /* 0..100 or LSC_ALPHA_AUTO */
  int has_weights;
  lsc_weights_spec weights;
  int has_threads;
  lsc_threads_spec threads;
  int slowdown_count;
  lsc_slowdown *slowdown; /* per rank, owned (config/slowdown.h) */
  lsc_stats_mode stats;
  char *trace_path; /* owned, NULL when LSC_TRACE is unset */
  lsc_progress_mode progress;
  lsc_master_mode master;
  int submasters; /* LSC_SUBMASTERS: 0 off, LSC_SUBMASTERS_HOST, or N >= 2 (groups of N ranks, for testing) */
  /* LSC_SUBMASTER_REGIONS: 0 (`group`, the default) groups a data region's loops too, each sub-master keeping
   * its group's directory (exec/region_group.c); 1 (`flat`) runs them with rank 0 as their only master */
  int submaster_regions_flat;
  int has_sync;         /* LSC_SYNC set and not empty: it overrides every pipelined loop's sync(...) */
  int64_t sync;         /* 0 for auto, else the interval h (config/sync.h)                        */
  char *sync_text;      /* owned: the text as given, for LSC_STATS                                */
  int has_reproducible; /* LSC_REPRODUCIBLE set: it overrides every parallel loop's reproducible(...) */
  lsc_repro_spec reproducible;
  char reproducible_text[32]; /* the text as given, for LSC_STATS */
  int check_bounds;           /* LSC_CHECK_BOUNDS: lsc_subscript checks the subscripts it is given  */
  int no_prefault;            /* LSC_PREFAULT off: idle workers leave the static arrays to fault later */
  int reissue;                /* LSC_REISSUE: the most copies of one chunk (1: off); 0 when unset    */
  char reissue_text[16];      /* the text as given, for LSC_STATS */
} lsc_env_config;

typedef const char *(*lsc_getenv_fn)(const char *name);

/* Reads every variable; 0 on success, -1 with a one-line message in err (cfg then holds nothing to free). */
int lsc_env_config_read(lsc_env_config *cfg, lsc_getenv_fn get, char *err, size_t errlen);
void lsc_env_config_free(lsc_env_config *cfg);
/* Rank's LSC_SLOWDOWN profile: factor 1 throughout for a rank the variable does not list. */
lsc_slowdown lsc_env_slowdown(const lsc_env_config *cfg, int rank);

/* The parsers behind it, also used for a site's clause text (`what` names the source in errors). */
int lsc_parse_weights(const char *what, const char *text, lsc_weights_spec *out, char *err, size_t errlen);
int lsc_parse_threads(const char *what, const char *text, lsc_threads_spec *out, char *err, size_t errlen);
/* A boolean (0/1, yes/no, true/false, on/off, any case) or a block size in iterations, digits only, 2..2^62.
 */
int lsc_parse_reproducible(const char *what, const char *text, lsc_repro_spec *out, char *err, size_t errlen);
/* 1 for 1, yes, true, on; 0 for 0, no, false, off (any case); -1 otherwise. */
int lsc_parse_boolean(const char *text);
const char *lsc_weight_source_name(lsc_weight_source s);
const char *lsc_inner_schedule_name(lsc_inner_schedule s);

#endif
