/* pipeline_args.c - reads and checks the options of `lsc-plan --pipeline`; a refusal is one line naming the
 * option, like every other refusal of args.c. */
#include <stdio.h>
#include <string.h>

#include "args.h"

#define MAX_ITERATIONS (INT64_C(1) << 62)
#define MAX_SECONDS 1e6
#define MAX_UNITS 1e12
#define MAX_SWEEP_ROWS INT64_C(1000000)

int pipeline_take_option(const char *name, size_t name_length, const char *value, pipeline_options *p) {
  const struct {
    const char *name;
    const char **slot;
  } options[] = {
      {"sync-iterations", &p->sync_iterations_text},
      {"cd", &p->startup_text},
      {"cc", &p->per_unit_text},
      {"cp", &p->per_iteration_text},
      {"csch", &p->scheduling_text},
      {"exchange", &p->units_text},
      {"sync", &p->sync_text},
      {"sweep", &p->sweep_text},
  };
  for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
    if (strlen(options[i].name) == name_length && strncmp(name, options[i].name, name_length) == 0) {
      *options[i].slot = value;
      return 1;
    }
  return 0;
}

/* A cost or an amount, refused with the range it must lie in. */
typedef struct number_option {
  const char *name; /* without the dashes */
  int required;     /* else `fallback` when not given */
  double fallback;
  int zero_allowed;
  double high;
  const char *expected; /* for the refusal: "seconds in [0, 1e6]" */
} number_option;

static int take_number(const number_option *spec, const char *text, double *out) {
  if (!text) {
    if (spec->required)
      return plan_refuse("--%s is required with --pipeline; see lsc-plan --help", spec->name);
    *out = spec->fallback;
    return ARGS_OK;
  }
  if (plan_parse_double(text, out) != 0 || (spec->zero_allowed ? !(*out >= 0.0) : !(*out > 0.0)) ||
      *out > spec->high)
    return plan_refuse("--%s: expected %s, got '%s'", spec->name, spec->expected, text);
  return ARGS_OK;
}

static int take_sync(const char *text, pipeline_options *p) {
  p->sync = 0;
  if (!text || strcmp(text, "auto") == 0)
    return ARGS_OK;
  if (plan_parse_int64(text, 1, MAX_ITERATIONS, &p->sync) != 0)
    return plan_refuse("--sync: expected an interval 1..2^62 or auto, got '%s'", text);
  return ARGS_OK;
}

/* FROM:TO:STEP: the first two parts end at a colon, the last at the end of the text. */
static int split_sweep(const char *text, int64_t values[3]) {
  const char *s = text;
  for (int i = 0; i < 3; i++) {
    const char *colon = strchr(s, ':');
    if ((i < 2) != (colon != NULL))
      return -1;
    size_t length = colon ? (size_t)(colon - s) : strlen(s);
    char part[32];
    if (length >= sizeof part)
      return -1;
    memcpy(part, s, length);
    part[length] = '\0';
    if (plan_parse_int64(part, 1, MAX_ITERATIONS, &values[i]) != 0)
      return -1;
    s += length + (colon != NULL);
  }
  return 0;
}

static int take_sweep(const char *text, pipeline_options *p) {
  p->sweep_step = 0;
  if (!text)
    return ARGS_OK;
  int64_t values[3];
  int good = split_sweep(text, values) == 0;
  if (!good || values[0] > values[1])
    return plan_refuse(
        "--sweep: expected FROM:TO:STEP, integers with 1 <= FROM <= TO and STEP >= 1, got '%s'", text);
  int64_t rows = (values[1] - values[0]) / values[2] + 1;
  if (rows > MAX_SWEEP_ROWS)
    return plan_refuse("--sweep: %lld rows; at most 1000000", (long long)rows);
  p->sweep_from = values[0];
  p->sweep_to = values[1];
  p->sweep_step = values[2];
  return ARGS_OK;
}

/* The first pipeline option given without --pipeline, for the refusal. */
static const char *stray_option(const pipeline_options *p) {
  const char *const given[] = {
      p->sync_iterations_text, p->startup_text, p->per_unit_text, p->per_iteration_text,
      p->scheduling_text,      p->units_text,   p->sync_text,     p->sweep_text};
  static const char *const names[] = {"--sync-iterations", "--cd",   "--cc",   "--cp", "--csch",
                                      "--exchange",        "--sync", "--sweep"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (given[i])
      return names[i];
  return NULL;
}

int pipeline_resolve(plan_options *o) {
  pipeline_options *p = &o->pipeline;
  if (!p->enabled) {
    const char *stray = stray_option(p);
    return stray ? plan_refuse("%s: only with --pipeline; see lsc-plan --help", stray) : ARGS_OK;
  }
  /* the model predicts a run, it does not simulate one: the simulator's options would be silently ignored */
  if (o->speeds)
    return plan_refuse("--speeds: not used with --pipeline, which prints the model's prediction");
  if (o->gantt_path)
    return plan_refuse("--gantt: not used with --pipeline, which prints the model's prediction");
  if (o->sim.service_text)
    return plan_refuse("--service: not used with --pipeline; give the master's time per chunk as --csch");
  const char *simulated = o->sim.reissue_text     ? "reissue"
                          : o->sim.freeze_text    ? "freeze"
                          : o->sim.bytes_text     ? "bytes"
                          : o->sim.bandwidth_text ? "bandwidth"
                          : o->sim.held_text      ? "held"
                                                  : NULL;
  if (simulated)
    return plan_refuse("--%s: not used with --pipeline, which prints the model's prediction", simulated);
  if (o->simulate)
    return plan_refuse("--latency: not used with --pipeline; give the message start-up as --cd");
  if (o->format != FORMAT_DEFAULT)
    return plan_refuse("--format: not used with --pipeline, which always prints its table");
  if (o->workers == 1)
    return plan_refuse("--workers: a pipeline needs at least 2 workers, got 1");
  if (!p->sync_iterations_text)
    return plan_refuse("--sync-iterations is required with --pipeline; see lsc-plan --help");
  if (plan_parse_int64(p->sync_iterations_text, 1, MAX_ITERATIONS, &p->sync_iterations) != 0)
    return plan_refuse("--sync-iterations: expected an integer 1..2^62, got '%s'", p->sync_iterations_text);
  static const number_option startup = {"cd", 1, 0, 1, MAX_SECONDS, "seconds in [0, 1e6]"};
  static const number_option per_unit = {"cc", 1, 0, 1, MAX_SECONDS, "seconds in [0, 1e6]"};
  static const number_option per_iteration = {"cp", 1, 0, 0, MAX_SECONDS, "seconds in (0, 1e6]"};
  static const number_option scheduling = {"csch", 0, 0, 1, MAX_SECONDS, "seconds in [0, 1e6]"};
  static const number_option units = {"exchange", 0, 1, 1, MAX_UNITS, "data units in [0, 1e12]"};
  lsc_pipeline_costs *c = &p->costs;
  if (take_number(&startup, p->startup_text, &c->startup) != ARGS_OK ||
      take_number(&per_unit, p->per_unit_text, &c->per_unit) != ARGS_OK ||
      take_number(&per_iteration, p->per_iteration_text, &c->per_iteration) != ARGS_OK ||
      take_number(&scheduling, p->scheduling_text, &c->scheduling) != ARGS_OK ||
      take_number(&units, p->units_text, &c->units_per_sync) != ARGS_OK)
    return ARGS_BAD;
  if (take_sync(p->sync_text, p) != ARGS_OK || take_sweep(p->sweep_text, p) != ARGS_OK)
    return ARGS_BAD;
  return ARGS_OK;
}
