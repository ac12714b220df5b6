/* sim_args.c - parses --service, --bytes, --bandwidth, --reissue, --freeze and --slowdown. They model what
 * the runtime does about slow, frozen and dead ranks and what its master pays: a master that takes time to
 * answer (so fine chunks queue at it) and to send each chunk's data (--bytes per iteration at --bandwidth,
 * the data term schedule(auto) uses at run time), and re-issue of outstanding chunks. A data region's
 * placement (--held, --held-bytes, --affinity) is kept here and resolved by held_args.c, once the plan's
 * parameters are known. */
#include "sim_args.h"
#include "args.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COPIES 16
/* The bandwidth schedule(auto) assumes at run time (exec/master_choice.h LSC_ASSUMED_BANDWIDTH, 1 GB/s). */
#define LSC_PLAN_BANDWIDTH 1e9

int sim_take_option(const char *name, size_t name_length, const char *value, sim_options *s) {
  static const struct {
    const char *name;
    size_t offset;
  } names[] = {{"service", offsetof(sim_options, service_text)},
               {"reissue", offsetof(sim_options, reissue_text)},
               {"freeze", offsetof(sim_options, freeze_text)},
               {"slowdown", offsetof(sim_options, slowdown_text)},
               {"bytes", offsetof(sim_options, bytes_text)},
               {"bandwidth", offsetof(sim_options, bandwidth_text)},
               {"held", offsetof(sim_options, held_text)},
               {"held-bytes", offsetof(sim_options, held_bytes_text)},
               {"affinity", offsetof(sim_options, affinity_text)}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strlen(names[i].name) == name_length && strncmp(name, names[i].name, name_length) == 0) {
      *(const char **)((char *)s + names[i].offset) = value;
      return 1;
    }
  return 0;
}

/* "K@T,K@T...": worker K stops at virtual time T. */
static int parse_freeze(const char *text, int64_t workers, double *at) {
  char item[64];
  for (const char *s = text;;) {
    const char *comma = strchr(s, ',');
    size_t length = comma ? (size_t)(comma - s) : strlen(s);
    if (length == 0 || length >= sizeof item)
      return -1;
    memcpy(item, s, length);
    item[length] = '\0';
    char *sep = strchr(item, '@');
    int64_t k;
    double t;
    if (!sep)
      return -1;
    *sep = '\0';
    if (plan_parse_int64(item, 0, workers - 1, &k) != 0 || plan_parse_double(sep + 1, &t) != 0 || t < 0)
      return -1;
    at[k] = t;
    if (!comma)
      return 0;
    s = comma + 1;
  }
}

/* LSC_SLOWDOWN's syntax and parser (runtime/config/slowdown.c), one profile per worker, times virtual;
 * workers not listed keep factor 1. */
static int parse_slowdowns(const char *text, int64_t workers, lsc_slowdown *out) {
  int64_t k = 0;
  for (const char *p = text;; k++) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    if (k >= workers || lsc_slowdown_parse_item(p, len, 1000.0, &out[k]) != 0)
      return -1;
    if (!comma)
      break;
    p = comma + 1;
  }
  for (k++; k < workers; k++)
    out[k] = lsc_slowdown_constant(1.0);
  return 0;
}

int sim_resolve(sim_options *s, int64_t workers, int *simulate) {
  s->reissue = 1;
  if (s->service_text) {
    if (plan_parse_double(s->service_text, &s->service) != 0 || s->service < 0)
      return plan_refuse("--service: expected the master's seconds per request, >= 0, got '%s'",
                         s->service_text);
    *simulate = 1;
  }
  if (s->bandwidth_text && !s->bytes_text)
    return plan_refuse("--bandwidth: only with --bytes, the bytes each iteration's chunk moves");
  if (s->bytes_text) {
    double bytes, bandwidth = LSC_PLAN_BANDWIDTH;
    if (plan_parse_double(s->bytes_text, &bytes) != 0 || bytes < 0)
      return plan_refuse(
          "--bytes: expected the bytes one iteration's chunk moves through the master, >= 0, got '%s'",
          s->bytes_text);
    if (s->bandwidth_text && (plan_parse_double(s->bandwidth_text, &bandwidth) != 0 || !(bandwidth > 0)))
      return plan_refuse("--bandwidth: expected the master's bytes per second, > 0, got '%s'",
                         s->bandwidth_text);
    s->send_per_unit = bytes / bandwidth;
    s->bandwidth = bandwidth;
    *simulate = 1;
  }
  if (s->reissue_text) {
    int64_t copies;
    if (strcmp(s->reissue_text, "off") == 0)
      copies = 1;
    else if (strcmp(s->reissue_text, "on") == 0)
      copies = 2;
    else if (plan_parse_int64(s->reissue_text, 1, MAX_COPIES, &copies) != 0)
      return plan_refuse("--reissue: expected off, on or the most copies of one chunk (1..%d), got '%s'",
                         MAX_COPIES, s->reissue_text);
    s->reissue = (int)copies;
    *simulate = 1;
  }
  if (s->freeze_text) {
    s->freeze_at = malloc((size_t)workers * sizeof *s->freeze_at);
    if (!s->freeze_at)
      return plan_refuse("out of memory");
    for (int64_t k = 0; k < workers; k++)
      s->freeze_at[k] = INFINITY;
    if (parse_freeze(s->freeze_text, workers, s->freeze_at) != 0)
      return plan_refuse(
          "--freeze: expected WORKER@SECONDS,... with workers 0..%lld and times >= 0, got '%s'",
          (long long)workers - 1, s->freeze_text);
    *simulate = 1;
  }
  if (s->slowdown_text) {
    s->slowdown = malloc((size_t)workers * sizeof *s->slowdown);
    if (!s->slowdown)
      return plan_refuse("out of memory");
    if (parse_slowdowns(s->slowdown_text, workers, s->slowdown) != 0)
      return plan_refuse(
          "--slowdown: expected LSC_SLOWDOWN's form, one item per worker (at most %lld): factors "
          "1..1000, a worker whose speed changes as steps factor@time joined by ':' in "
          "increasing virtual time (e.g. 1,4@500), got '%s'",
          (long long)workers, s->slowdown_text);
    *simulate = 1;
  }
  return 0;
}

void sim_options_free(sim_options *s) {
  free(s->held);
  s->held = NULL;
  free(s->freeze_at);
  s->freeze_at = NULL;
  free(s->slowdown);
  s->slowdown = NULL;
}
