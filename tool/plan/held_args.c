/* held_args.c - parses --held, --held-bytes and --affinity: a data region's placement for the simulation
 * (lsc_sim.h), so that lsc-plan --scheme=auto ranks as schedule(auto) does inside a region. --held=block is
 * the placement a previous instance of `static` left (the chunks a static planner of the same parameters
 * gives each worker: alpha, weights and cores included); --held=W,W,... splits the loop in as many equal
 * parts, held by the workers named in order (`none`: by no computing rank, as rank 0's data when it only
 * serves; W*N: N parts). --held-bytes is what a held iteration still moves (a halo), at --bandwidth;
 * --affinity=off hands dynamic schemes' chunks out in order, as reproducible mode does, instead of the
 * runtime's placement by affinity. */
#include "held_args.h"

#include <stdlib.h>
#include <string.h>

#define MAX_PARTS INT64_C(1000000)

static int add_range(sim_options *s, int64_t *cap, int64_t lo, int64_t hi, int64_t worker) {
  if (hi <= lo)
    return 0;
  if (s->held_count == *cap) {
    *cap = *cap ? 2 * *cap : 16;
    lsc_sim_held *grown = realloc(s->held, (size_t)*cap * sizeof *grown);
    if (!grown)
      return -1;
    s->held = grown;
  }
  s->held[s->held_count++] = (lsc_sim_held){lo, hi, worker};
  return 0;
}

static int by_start(const void *a, const void *b) {
  const lsc_sim_held *x = a, *y = b;
  return (x->lo > y->lo) - (x->lo < y->lo);
}

/* static's chunks on these parameters, each held by the worker it went to. */
static int held_by_block(plan_options *o) {
  lsc_plan_params params = {o->schedule, o->alpha,   {0},      o->iterations,
                            o->workers,  o->weights, o->cores, NULL};
  lsc_sched_error err;
  if (lsc_schedule_parse("static", &params.schedule, &err) != 0)
    return plan_refuse("--held: %s", err.message);
  lsc_planner *pl = lsc_planner_new(&params, &err);
  if (!pl) /* the options were checked against the planner's bounds: only memory can fail here */
    return plan_refuse("--held=block: %s", err.message);
  int64_t cap = 0, idle = 0;
  lsc_chunk c;
  for (int64_t w = 0; idle < o->workers; w = (w + 1) % o->workers) {
    if (!lsc_planner_next(pl, w, &c)) {
      idle++;
      continue;
    }
    idle = 0;
    if (add_range(&o->sim, &cap, c.start, c.start + c.size, w) != 0) {
      lsc_planner_free(pl);
      return plan_refuse("out of memory");
    }
  }
  lsc_planner_free(pl);
  qsort(o->sim.held, (size_t)o->sim.held_count, sizeof *o->sim.held, by_start);
  return ARGS_OK;
}

/* "W,W*N,none,...": the holders of equal consecutive parts. */
static int held_by_list(plan_options *o) {
  const char *text = o->sim.held_text;
  int64_t *owners = NULL, parts = 0;
  char item[64];
  int bad = 0;
  for (const char *s = text; !bad;) {
    const char *comma = strchr(s, ',');
    size_t length = comma ? (size_t)(comma - s) : strlen(s);
    bad = length == 0 || length >= sizeof item;
    if (bad)
      break;
    memcpy(item, s, length);
    item[length] = '\0';
    char *star = strchr(item, '*');
    int64_t copies = 1, owner = -1;
    if (star) {
      *star = '\0';
      bad = plan_parse_int64(star + 1, 1, MAX_PARTS, &copies) != 0;
    }
    if (!bad && strcmp(item, "none") != 0)
      bad = plan_parse_int64(item, 0, o->workers - 1, &owner) != 0;
    bad = bad || copies > MAX_PARTS - parts;
    int64_t *grown = bad ? NULL : realloc(owners, (size_t)(parts + copies) * sizeof *owners);
    bad = bad || !grown;
    if (bad)
      break;
    owners = grown;
    for (int64_t k = 0; k < copies; k++)
      owners[parts++] = owner;
    if (!comma)
      break;
    s = comma + 1;
  }
  if (bad) {
    free(owners);
    return plan_refuse("--held: expected block, or one holder per equal part of the loop: workers 0..%lld "
                       "or none, separated by commas (W*N: N parts), got '%s'",
                       (long long)o->workers - 1, text);
  }
  int64_t cap = 0;
  for (int64_t j = 0; j < parts; j++) {
    /* In 128 bits: n times a part number need not fit in 64. */
    __extension__ __int128 n = o->iterations;
    int64_t lo = (int64_t)(n * j / parts), hi = (int64_t)(n * (j + 1) / parts);
    if (add_range(&o->sim, &cap, lo, hi, owners[j]) != 0) {
      free(owners);
      return plan_refuse("out of memory");
    }
  }
  free(owners);
  return ARGS_OK;
}

int held_resolve(plan_options *o) {
  sim_options *s = &o->sim;
  if (!s->held_text) {
    if (s->held_bytes_text || s->affinity_text)
      return plan_refuse("--%s: only with --held, a data region's placement",
                         s->held_bytes_text ? "held-bytes" : "affinity");
    return ARGS_OK;
  }
  if (!s->bytes_text)
    return plan_refuse("--held: only with --bytes, the bytes an iteration moves when its data is not held");
  s->held_affinity = 1;
  if (s->affinity_text) {
    if (strcmp(s->affinity_text, "on") != 0 && strcmp(s->affinity_text, "off") != 0)
      return plan_refuse("--affinity: expected on or off, got '%s'", s->affinity_text);
    s->held_affinity = strcmp(s->affinity_text, "on") == 0;
  }
  if (s->held_bytes_text) {
    double bytes;
    if (plan_parse_double(s->held_bytes_text, &bytes) != 0 || bytes < 0)
      return plan_refuse("--held-bytes: expected the bytes an iteration moves when its data is held (a "
                         "halo), >= 0, got '%s'",
                         s->held_bytes_text);
    s->held_send_per_unit = bytes / s->bandwidth;
  }
  return strcmp(s->held_text, "block") == 0 ? held_by_block(o) : held_by_list(o);
}
