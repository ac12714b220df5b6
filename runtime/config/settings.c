/* settings.c - one loop's settings from its site's clause text and the LSC_* variables (settings.h): each
 * setting is taken from the variable when set, else parsed from the clause, else the default, and a clause
 * that does not parse is an error naming the site, never a silent default. */
#include "config/settings.h"

#include <stdio.h>
#include <stdlib.h>

#define DEFAULT_SCHEDULE "gss"

static int clause_error(char *err, size_t errlen, const lsc_site *site, const char *clause, const char *text,
                        const char *why) {
  snprintf(err, errlen, "%s:%d: %s(%s) is not valid: %s", site->file ? site->file : "?", site->line, clause,
           text, why);
  return -1;
}

/* Strips the "NAME='text' is not valid; " prefix of an env-style message for reuse in a clause error. */
static const char *reason_of(const char *msg) {
  for (const char *p = msg; *p; p++)
    if (p[0] == ';' && p[1] == ' ')
      return p + 2;
  return msg;
}

static int resolve_schedule(const lsc_site *site, const lsc_env_config *env, lsc_loop_settings *out,
                            char *err, size_t errlen) {
  lsc_sched_error serr;
  if (env->has_schedule && env->schedule.scheme != LSC_SCHEME_RUNTIME)
    out->schedule = env->schedule;
  else if (site->schedule && lsc_schedule_parse(site->schedule, &out->schedule, &serr) != 0)
    return clause_error(err, errlen, site, "schedule", site->schedule, serr.message);
  if (!site->schedule || out->schedule.scheme == LSC_SCHEME_RUNTIME) {
    if (env->has_schedule && env->schedule.scheme != LSC_SCHEME_RUNTIME)
      out->schedule = env->schedule;
    else if (lsc_schedule_parse(DEFAULT_SCHEDULE, &out->schedule, &serr) != 0)
      return clause_error(err, errlen, site, "schedule", DEFAULT_SCHEDULE, serr.message);
  }
  out->schedule.seed = env->rnd_seed; /* rnd's; the other schemes ignore it */
  lsc_schedule_format(&out->schedule, out->schedule_text, sizeof out->schedule_text);
  return 0;
}

int lsc_settings_threads(const lsc_site *site, const lsc_env_config *env, lsc_threads_spec *out, char *err,
                         size_t errlen) {
  char why[256];
  *out = (lsc_threads_spec){1, LSC_INNER_STATIC};
  if (env->has_threads)
    *out = env->threads;
  else if (site->threads && lsc_parse_threads("threads", site->threads, out, why, sizeof why) != 0)
    return clause_error(err, errlen, site, "threads", site->threads, reason_of(why));
  return 0;
}

int lsc_settings_reproducible(const lsc_site *site, const lsc_env_config *env, lsc_repro_spec *out,
                              char *source, size_t sourcelen, char *err, size_t errlen) {
  char why[256];
  *out = (lsc_repro_spec){0, 0};
  snprintf(source, sourcelen, "default");
  if (env->has_reproducible) {
    *out = env->reproducible;
    snprintf(source, sourcelen, "LSC_REPRODUCIBLE=%s", env->reproducible_text);
  } else if (site->reproducible) {
    if (lsc_parse_reproducible("reproducible", site->reproducible, out, why, sizeof why) != 0)
      return clause_error(err, errlen, site, "reproducible", site->reproducible, reason_of(why));
    snprintf(source, sourcelen, "reproducible(%s)", site->reproducible);
  }
  return 0;
}

/* Re-issue: LSC_REISSUE over the clause; by default on (two copies at most) when lsc-rewrite proved that a
 * chunk may run twice (site->reissue_unsafe NULL), else off. LSC_SITE_INIT marks hand-written sites unsafe.
 * With LSC_SUBMASTERS, default or named, rank 0 re-issues group chunks and each sub-master its members'
 * pieces (exec/submaster.c); reissue_source says which the setting is. */
static int resolve_reissue(const lsc_site *site, const lsc_env_config *env, lsc_loop_settings *out, char *err,
                           size_t errlen) {
  lsc_sched_error rerr;
  if (env->reissue) {
    out->reissue = env->reissue;
    snprintf(out->reissue_source, sizeof out->reissue_source, "LSC_REISSUE=%s", env->reissue_text);
  } else if (site->reissue) {
    if (lsc_reissue_parse(site->reissue, &out->reissue, &rerr) != 0)
      return clause_error(err, errlen, site, "reissue", site->reissue, reason_of(rerr.message));
    snprintf(out->reissue_source, sizeof out->reissue_source, "reissue(%s)", site->reissue);
  } else if (site->reissue_unsafe) {
    out->reissue = 1;
    snprintf(out->reissue_source, sizeof out->reissue_source, "default, off: %s", site->reissue_unsafe);
  } else {
    out->reissue = 2;
    snprintf(out->reissue_source, sizeof out->reissue_source,
             "default, on: the body's only effects are its outputs");
  }
  return 0;
}

int lsc_settings_resolve(const lsc_site *site, const lsc_env_config *env, lsc_loop_settings *out, char *err,
                         size_t errlen) {
  *out = (lsc_loop_settings){0};
  out->weights.source = LSC_WEIGHTS_CLOCK;
  lsc_sched_error serr;
  char why[256];
  if (resolve_schedule(site, env, out, err, errlen) != 0)
    return -1;
  if (env->has_alpha)
    out->alpha = env->alpha;
  else if (site->alpha && lsc_alpha_parse(site->alpha, &out->alpha, &serr) != 0)
    return clause_error(err, errlen, site, "alpha", site->alpha, serr.message);
  if (site->workload && lsc_workload_parse(site->workload, &out->workload, &serr) != 0)
    return clause_error(err, errlen, site, "workload", site->workload, serr.message);
  if (env->has_weights) {
    out->weights = env->weights;
  } else if (site->weights) {
    if (lsc_parse_weights("weights", site->weights, &out->weights, why, sizeof why) != 0)
      return clause_error(err, errlen, site, "weights", site->weights, reason_of(why));
    out->owned_weights = out->weights.values;
  }
  if (lsc_settings_threads(site, env, &out->threads, err, errlen) != 0 ||
      lsc_settings_reproducible(site, env, &out->reproducible, out->reproducible_source,
                                sizeof out->reproducible_source, err, errlen) != 0 ||
      resolve_reissue(site, env, out, err, errlen) != 0) {
    lsc_settings_free(out);
    return -1;
  }
  return 0;
}

void lsc_settings_free(lsc_loop_settings *s) {
  free(s->owned_weights);
  s->owned_weights = NULL;
}
