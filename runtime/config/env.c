/* env.c - the LSC_* variables (env.h): each has a parser of its own that either fills the config or writes
 * the one-line error; the parsers that clauses share (weights, threads, reproducible) take the name to blame,
 * so a clause's error and a variable's read alike. */
#include "config/env.h"

#include "config/slowdown.h"
#include "config/sync.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define WEIGHTS_FORMS                                                                                        \
  "clock, load, measured, equal, or numbers in (0, 1e6] one per rank, the largest at most 1e6 times the "    \
  "smallest (e.g. 1,2.5,1)"
#define THREADS_FORMS                                                                                        \
  "a positive integer or auto, optionally followed by :static, :dynamic or :guided (e.g. 4:dynamic)"
#define SLOWDOWN_FORMS                                                                                       \
  "numbers from 1 to 1000 separated by commas, one per rank (e.g. 1,3); a rank that changes speed takes "    \
  "steps factor@seconds joined by ':', seconds since the program started, in increasing order (e.g. "        \
  "1,4@0.5 or 1,1:4@0.5:1@2)"
#define BOOLEAN_FORMS "0, 1, no, yes, false, true, off or on"
#define STATS_FORMS BOOLEAN_FORMS " (a summary per loop site at exit), or each (a table after every loop)"
#define PROGRESS_FORMS BOOLEAN_FORMS " (on means: when a terminal can show it), or always"
#define MASTER_FORMS "auto, compute or serve"
#define SUBMASTERS_FORMS "off (or 0, no, false), host, or a group size of 2 to 1048576 ranks"
#define SYNC_FORMS "'auto' or a number of iterations >= 1"
#define REPRO_FORMS BOOLEAN_FORMS ", or a block size in iterations from 2 to 2^62 (e.g. 256)"
#define REPRO_MAX_BLOCK (INT64_C(1) << 62)
#define MAX_THREADS 4096
/* Weights and slowdowns far outside what a cluster shows only overflow the planner's sums or the idle time
 * (1e308 did): bounded here, where the message can name the variable. */
#define MAX_WEIGHT 1e6
#define MAX_WEIGHT_RATIO 1e6
#define MAX_SLOWDOWN 1000.0

static int fail(char *err, size_t errlen, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
  return -1;
}

static int is_blank(const char *s) {
  while (*s && isspace((unsigned char)*s))
    s++;
  return *s == '\0';
}

/* Parses one finite number spanning [s, end of the comma-separated item); returns the position after it. */
static const char *parse_number(const char *s, double *out) {
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (end == s || errno == ERANGE || !isfinite(v))
    return NULL;
  while (isspace((unsigned char)*end))
    end++;
  *out = v;
  return end;
}

/* A comma-separated list of numbers, each >= minimum (exclusive when `strict`) and <= maximum. Returns the
 * count or -1. */
static int parse_number_list(const char *text, double minimum, int strict, double maximum, double **out) {
  int count = 1;
  for (const char *p = text; *p; p++)
    count += *p == ',';
  double *values = malloc((size_t)count * sizeof *values);
  if (!values)
    return -1;
  const char *p = text;
  for (int i = 0; i < count; i++) {
    p = parse_number(p, &values[i]);
    if (!p || (strict ? values[i] <= minimum : values[i] < minimum) || values[i] > maximum ||
        (*p != ',' && *p != '\0') || (*p == '\0' && i != count - 1)) {
      free(values);
      return -1;
    }
    p++;
  }
  *out = values;
  return count;
}

/* LSC_SLOWDOWN: one profile per rank (config/slowdown.h), separated by commas. Returns the count or -1. */
static int parse_slowdowns(const char *text, lsc_slowdown **out) {
  int count = 1;
  for (const char *p = text; *p; p++)
    count += *p == ',';
  lsc_slowdown *values = malloc((size_t)count * sizeof *values);
  if (!values)
    return -1;
  const char *p = text;
  for (int i = 0; i < count; i++) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    if (lsc_slowdown_parse_item(p, len, MAX_SLOWDOWN, &values[i]) != 0) {
      free(values);
      return -1;
    }
    p += len + 1;
  }
  *out = values;
  return count;
}

static const char *const weight_names[] = {"clock", "load", "measured", "equal", "list"};

const char *lsc_weight_source_name(lsc_weight_source s) {
  return (unsigned)s < sizeof weight_names / sizeof weight_names[0] ? weight_names[s] : "unknown";
}

int lsc_parse_weights(const char *what, const char *text, lsc_weights_spec *out, char *err, size_t errlen) {
  *out = (lsc_weights_spec){0};
  for (int s = LSC_WEIGHTS_CLOCK; s <= LSC_WEIGHTS_EQUAL; s++)
    if (strcmp(text, weight_names[s]) == 0) {
      out->source = (lsc_weight_source)s;
      return 0;
    }
  double *values;
  int count = is_blank(text) ? -1 : parse_number_list(text, 0.0, 1, MAX_WEIGHT, &values);
  if (count > 0) {
    double lo = values[0], hi = values[0];
    for (int i = 1; i < count; i++) {
      lo = values[i] < lo ? values[i] : lo;
      hi = values[i] > hi ? values[i] : hi;
    }
    if (hi > lo * MAX_WEIGHT_RATIO) {
      free(values);
      count = -1;
    }
  }
  if (count < 0)
    return fail(err, errlen, "%s='%s' is not valid; expected %s", what, text, WEIGHTS_FORMS);
  *out = (lsc_weights_spec){LSC_WEIGHTS_LIST, count, values};
  return 0;
}

static const char *const inner_names[] = {"static", "dynamic", "guided"};

const char *lsc_inner_schedule_name(lsc_inner_schedule s) {
  return (unsigned)s < sizeof inner_names / sizeof inner_names[0] ? inner_names[s] : "unknown";
}

int lsc_parse_threads(const char *what, const char *text, lsc_threads_spec *out, char *err, size_t errlen) {
  *out = (lsc_threads_spec){0, LSC_INNER_STATIC};
  const char *colon = strchr(text, ':');
  size_t count_len = colon ? (size_t)(colon - text) : strlen(text);
  int ok = count_len > 0;
  if (ok && !(count_len == 4 && strncmp(text, "auto", 4) == 0)) {
    long n = 0;
    for (size_t i = 0; ok && i < count_len; i++) {
      ok = isdigit((unsigned char)text[i]) != 0;
      n = n * 10 + (text[i] - '0');
      ok = ok && n <= MAX_THREADS;
    }
    ok = ok && n >= 1;
    out->count = (int)n;
  }
  if (ok && colon) {
    ok = 0;
    for (int s = LSC_INNER_STATIC; s <= LSC_INNER_GUIDED; s++)
      if (strcmp(colon + 1, inner_names[s]) == 0) {
        out->inner = (lsc_inner_schedule)s;
        ok = 1;
      }
  }
  if (!ok)
    return fail(err, errlen, "%s='%s' is not valid; expected %s", what, text, THREADS_FORMS);
  return 0;
}

int lsc_parse_reproducible(const char *what, const char *text, lsc_repro_spec *out, char *err,
                           size_t errlen) {
  *out = (lsc_repro_spec){0, 0};
  /* 0 and 1 are the booleans here too, as in every LSC_* switch: a block of one iteration is never what
   * "LSC_REPRODUCIBLE=1" means, so block sizes start at 2. */
  int b = lsc_parse_boolean(text);
  out->on = b != 0;
  if (b >= 0)
    return 0;
  /* Digits only: "1e3", "+4" or " 8" would be read differently by different readers. */
  int64_t block = 0;
  int ok = *text != '\0';
  for (const char *p = text; ok && *p; p++) {
    ok = isdigit((unsigned char)*p) && block <= (REPRO_MAX_BLOCK - (*p - '0')) / 10;
    block = ok ? block * 10 + (*p - '0') : block;
  }
  if (!ok || block < 2) {
    *out = (lsc_repro_spec){0, 0};
    return fail(err, errlen, "%s='%s' is not valid; expected %s", what, text, REPRO_FORMS);
  }
  out->block = block;
  return 0;
}

/* A boolean: 1 for 1/yes/true/on, 0 for 0/no/false/off (any case), -1 for anything else. */
int lsc_parse_boolean(const char *text) {
  static const char *const off[] = {"0", "no", "false", "off"}, *const on[] = {"1", "yes", "true", "on"};
  for (size_t i = 0; i < sizeof on / sizeof on[0]; i++) {
    if (strcasecmp(text, on[i]) == 0)
      return 1;
    if (strcasecmp(text, off[i]) == 0)
      return 0;
  }
  return -1;
}

/* A plain on/off variable. */
static int parse_switch(const char *name, const char *text, int *out, char *err, size_t errlen) {
  int b = lsc_parse_boolean(text);
  if (b < 0)
    return fail(err, errlen, "%s='%s' is not valid; expected %s", name, text, BOOLEAN_FORMS);
  *out = b;
  return 0;
}

static int parse_stats(const char *text, lsc_stats_mode *out, char *err, size_t errlen) {
  int b = lsc_parse_boolean(text);
  if (b >= 0)
    *out = b ? LSC_STATS_SUMMARY : LSC_STATS_OFF;
  else if (strcasecmp(text, "each") == 0)
    *out = LSC_STATS_EACH;
  else
    return fail(err, errlen, "LSC_STATS='%s' is not valid; expected %s", text, STATS_FORMS);
  return 0;
}

static int parse_progress(const char *text, lsc_progress_mode *out, char *err, size_t errlen) {
  int b = lsc_parse_boolean(text);
  if (b >= 0)
    *out = b ? LSC_PROGRESS_TERMINAL : LSC_PROGRESS_OFF;
  else if (strcasecmp(text, "always") == 0)
    *out = LSC_PROGRESS_ALWAYS;
  else
    return fail(err, errlen, "LSC_PROGRESS='%s' is not valid; expected %s", text, PROGRESS_FORMS);
  return 0;
}

/* Some scheme errors ("missing ')'") do not list the schemes; the list comes from the schemes' own names. */
static void scheme_names(char *out, size_t len) {
  size_t at = 0;
  out[0] = '\0';
  for (int id = 0; id < LSC_SCHEME_COUNT && at < len; id++) {
    int n = snprintf(out + at, len - at, "%s%s", id ? ", " : "", lsc_scheme_name((lsc_scheme_id)id));
    at += n > 0 ? (size_t)n : 0;
  }
}

static int parse_master(const char *text, lsc_master_mode *out, char *err, size_t errlen) {
  static const char *const names[] = {"auto", "compute", "serve"};
  for (int m = LSC_MASTER_AUTO; m <= LSC_MASTER_SERVE; m++)
    if (strcmp(text, names[m]) == 0) {
      *out = (lsc_master_mode)m;
      return 0;
    }
  return fail(err, errlen, "LSC_MASTER='%s' is not valid; expected %s", text, MASTER_FORMS);
}

/* Hierarchical masters (exec/submaster.h): off, one group per host, or groups of N consecutive ranks (the
 * testing grouping: several groups on one host). */
static int parse_submasters(const char *text, int *out, char *err, size_t errlen) {
  char *end = NULL;
  long n = strtol(text, &end, 10);
  if (strcmp(text, "host") == 0)
    *out = LSC_SUBMASTERS_HOST;
  else if (lsc_parse_boolean(text) == 0)
    *out = 0;
  else if (isdigit((unsigned char)text[0]) && *end == '\0' && n >= 2 && n <= 1 << 20)
    *out = (int)n;
  else
    return fail(err, errlen, "LSC_SUBMASTERS='%s' is not valid; expected %s", text, SUBMASTERS_FORMS);
  return 0;
}

/* Data regions under hierarchical masters (exec/submaster.h): grouped (the default), or run flat. */
static int parse_submaster_regions(const char *text, int *flat, char *err, size_t errlen) {
  if (strcmp(text, "flat") == 0 || strcmp(text, "group") == 0) {
    *flat = strcmp(text, "flat") == 0;
    return 0;
  }
  return fail(err, errlen, "LSC_SUBMASTER_REGIONS='%s' is not valid; expected flat or group", text);
}

static int read_all(lsc_env_config *cfg, lsc_getenv_fn get, char *err, size_t errlen) {
  const char *v;
  lsc_sched_error serr;
  if ((v = get("LSC_SCHEDULE"))) {
    if (lsc_schedule_parse(v, &cfg->schedule, &serr) != 0) {
      char forms[640];
      scheme_names(forms, sizeof forms);
      return fail(err, errlen, "LSC_SCHEDULE='%s' is not valid: %s%s%s", v, serr.message,
                  strstr(serr.message, "expected") ? "" : "; expected one of: ",
                  strstr(serr.message, "expected") ? "" : forms);
    }
    cfg->has_schedule = 1;
  }
  if ((v = get("LSC_RND_SEED"))) {
    /* rnd's seed: decimal digits only, so a typo is refused rather than read as 0 */
    char *end = NULL;
    errno = 0;
    unsigned long long seed = strtoull(v, &end, 10);
    if (!*v || !isdigit((unsigned char)*v) || *end || errno == ERANGE)
      return fail(err, errlen, "LSC_RND_SEED='%s' is not valid; expected an integer 0..18446744073709551615",
                  v);
    cfg->rnd_seed = (uint64_t)seed;
  }
  if ((v = get("LSC_ALPHA"))) {
    if (lsc_alpha_parse(v, &cfg->alpha, &serr) != 0)
      return fail(err, errlen, "LSC_ALPHA='%s' is not valid: %s%s", v, serr.message,
                  strstr(serr.message, "expected") ? "" : "; expected an integer 0..100 or auto");
    cfg->has_alpha = 1;
  }
  if ((v = get("LSC_WEIGHTS"))) {
    if (lsc_parse_weights("LSC_WEIGHTS", v, &cfg->weights, err, errlen) != 0)
      return -1;
    cfg->has_weights = 1;
  }
  if ((v = get("LSC_THREADS"))) {
    if (lsc_parse_threads("LSC_THREADS", v, &cfg->threads, err, errlen) != 0)
      return -1;
    cfg->has_threads = 1;
  }
  if ((v = get("LSC_SLOWDOWN"))) {
    cfg->slowdown_count = is_blank(v) ? -1 : parse_slowdowns(v, &cfg->slowdown);
    if (cfg->slowdown_count < 0) {
      cfg->slowdown_count = 0;
      return fail(err, errlen, "LSC_SLOWDOWN='%s' is not valid; expected %s", v, SLOWDOWN_FORMS);
    }
  }
  if ((v = get("LSC_STATS")) && parse_stats(v, &cfg->stats, err, errlen) != 0)
    return -1;
  if ((v = get("LSC_CHECK_BOUNDS")) &&
      parse_switch("LSC_CHECK_BOUNDS", v, &cfg->check_bounds, err, errlen) != 0)
    return -1;
  if ((v = get("LSC_PREFAULT"))) {
    int on = 1;
    if (parse_switch("LSC_PREFAULT", v, &on, err, errlen) != 0)
      return -1;
    cfg->no_prefault = !on;
  }
  if ((v = get("LSC_TRACE"))) {
    if (is_blank(v))
      return fail(err, errlen, "LSC_TRACE='%s' is not valid; expected the path of the JSON file to write", v);
    if (!(cfg->trace_path = strdup(v)))
      return fail(err, errlen, "out of memory reading LSC_TRACE");
  }
  if ((v = get("LSC_PROGRESS")) && parse_progress(v, &cfg->progress, err, errlen) != 0)
    return -1;
  if ((v = get("LSC_MASTER")) && parse_master(v, &cfg->master, err, errlen) != 0)
    return -1;
  if ((v = get("LSC_SUBMASTERS")) && parse_submasters(v, &cfg->submasters, err, errlen) != 0)
    return -1;
  if ((v = get("LSC_SUBMASTER_REGIONS")) &&
      parse_submaster_regions(v, &cfg->submaster_regions_flat, err, errlen) != 0)
    return -1;
  /* An empty LSC_SYNC counts as unset, as it always has: a pipelined loop then keeps its own sync(...). */
  if ((v = get("LSC_SYNC")) && *v) {
    if ((cfg->sync = lsc_sync_parse(v)) < 0)
      return fail(err, errlen, "LSC_SYNC='%s': expected %s", v, SYNC_FORMS);
    if (!(cfg->sync_text = strdup(v)))
      return fail(err, errlen, "out of memory reading LSC_SYNC");
    cfg->has_sync = 1;
  }
  if ((v = get("LSC_REPRODUCIBLE"))) {
    if (lsc_parse_reproducible("LSC_REPRODUCIBLE", v, &cfg->reproducible, err, errlen) != 0)
      return -1;
    snprintf(cfg->reproducible_text, sizeof cfg->reproducible_text, "%s", v);
    cfg->has_reproducible = 1;
  }
  if ((v = get("LSC_REISSUE"))) {
    lsc_sched_error rerr;
    if (lsc_reissue_parse(v, &cfg->reissue, &rerr) != 0)
      return fail(err, errlen, "LSC_REISSUE='%s' is not valid; %s", v, rerr.message);
    snprintf(cfg->reissue_text, sizeof cfg->reissue_text, "%s", v);
  }
  return 0;
}

int lsc_env_config_read(lsc_env_config *cfg, lsc_getenv_fn get, char *err, size_t errlen) {
  *cfg = (lsc_env_config){0};
  if (read_all(cfg, get, err, errlen) == 0)
    return 0;
  lsc_env_config_free(cfg);
  return -1;
}

void lsc_env_config_free(lsc_env_config *cfg) {
  free(cfg->weights.values);
  free(cfg->slowdown);
  free(cfg->trace_path);
  free(cfg->sync_text);
  *cfg = (lsc_env_config){0};
}

lsc_slowdown lsc_env_slowdown(const lsc_env_config *cfg, int rank) {
  return rank >= 0 && rank < cfg->slowdown_count ? cfg->slowdown[rank] : lsc_slowdown_constant(1.0);
}
