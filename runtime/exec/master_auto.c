/* master_auto.c - schedule(auto)'s per-site choice and drift check (master_auto.h). The state lives with the
 * site (site_state.h, auto_choice), so it outlives the instance; the simulation is the schemes' own
 * (lsc_sim.h), run on units (blocks in reproducible mode) with speeds in units per second.
 * Inside a data region the simulation is told who holds each unit now (the directory's holder of the unit's
 * anchor, region.h) and what a unit costs held and not held: the data path counts the iterations of workers'
 * chunks their rank held and did not (region_master.c), and the bytes moved are split between them -- a
 * held unit costs what the last instance whose chunks were all held moved per unit (its halo; 0 until one
 * did), the others the rest. Bytes of arrays outside the region, moved for every chunk, are thus counted
 * with the units not held: a candidate is charged them only as often as it moves data. */
#include "exec/master_auto.h"
#include "exec/master_auto_state.h"

#include "exec/chunk_data.h"
#include "exec/master_choice.h"
#include "exec/region.h"
#include "exec/submaster.h"
#include "fatal.h"
#include "lsc_sim.h"
#include "obs/clock.h"
#include "state.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

lsc_auto_choice *lsc_auto_choice_of(lsc_master *m) {
  lsc_site_state *st = m->loop.state;
  if (!st->auto_choice && !(st->auto_choice = calloc(1, sizeof *st->auto_choice)))
    lsc_fatal("out of memory for schedule(auto) at %s:%d", m->loop.site->file, m->loop.site->line);
  lsc_auto_choice *c = st->auto_choice;
  if (c->ranks != m->executing) {
    /* another rank count (LSC_MASTER changed who computes): what was measured is for other ranks */
    free(c->speeds);
    free(c->chunks);
    free(c->seen);
    free(c->profile);
    *c = (lsc_auto_choice){0};
    if (!(c->speeds = calloc((size_t)m->executing, sizeof *c->speeds)))
      lsc_fatal("out of memory for schedule(auto) at %s:%d", m->loop.site->file, m->loop.site->line);
    c->ranks = m->executing;
  }
  return c;
}

/* Array bytes per unit that workers' chunks moved so far in this instance, both ways: what the data path
 * sent (in a data region, only what the chunk's rank did not hold) over the units of the workers' results. */
static double moved_per_unit(const lsc_master *m) {
  int64_t iterations = 0;
  for (int r = 1; r < m->size; r++)
    iterations += m->stats[r].iterations;
  double bytes = (double)(m->chunk_in_bytes + m->chunk_out_bytes);
  return iterations > 0 ? bytes / ((double)iterations / (double)m->unit) : 0.0;
}

/* This instance's bytes per unit (moved_per_unit), and in a data region per unit held and not held. */
static void measure_bytes(const lsc_master *m, lsc_auto_choice *c) {
  c->bytes_per_unit = moved_per_unit(m);
  double held = (double)m->held_iterations / (double)m->unit;
  double unheld = (double)m->unheld_iterations / (double)m->unit;
  double bytes = (double)(m->chunk_in_bytes + m->chunk_out_bytes);
  if (unheld > 0) {
    double rest = bytes - held * c->held_bytes;
    c->unheld_bytes = rest > 0 ? rest / unheld : 0.0;
  } else if (held > 0) {
    c->held_bytes = bytes / held;
  }
}

/* Appends units [lo, hi) held by `worker` to the list, merged with the last range when they continue it. */
static void add_held(lsc_sim_held **list, int64_t *count, int64_t *cap, int64_t lo, int64_t hi,
                     int64_t worker) {
  if (hi <= lo)
    return;
  if (*count > 0 && (*list)[*count - 1].worker == worker && (*list)[*count - 1].hi == lo) {
    (*list)[*count - 1].hi = hi;
    return;
  }
  if (*count == *cap) {
    *cap = *cap ? 2 * *cap : 16;
    lsc_sim_held *grown = realloc(*list, (size_t)*cap * sizeof *grown);
    if (!grown)
      lsc_fatal("out of memory for schedule(auto)'s placement");
    *list = grown;
  }
  (*list)[(*count)++] = (lsc_sim_held){lo, hi, worker};
}

/* Inside a data region, who holds each of the planner's units now: a unit goes by the holder of its first
 * iteration's anchor, as planner worker (-1: a rank that does not compute). The planner's units start after
 * the calibration's (plan_offset). 0 ranges and NULL when the loop has no held anchor. */
static int64_t held_ranges(lsc_master *m, int64_t planned, lsc_sim_held **out) {
  int64_t count = 0, cap = 0, next;
  *out = NULL;
  if (!m->loop.held || m->loop.n <= 0 || lsc_region_holder(m, 0, &next) < 0)
    return 0;
  for (int64_t k = 0; k < m->loop.n; k = next) {
    int64_t worker = lsc_groups_holder_worker(m, lsc_region_holder(m, k, &next));
    /* units whose first iteration lies in [k, next) */
    int64_t lo = (k + m->unit - 1) / m->unit - m->plan_offset;
    int64_t hi = (next >= m->loop.n ? m->units : (next + m->unit - 1) / m->unit) - m->plan_offset;
    lo = lo < 0 ? 0 : lo;
    hi = hi > planned ? planned : hi;
    add_held(out, &count, &cap, lo, hi, worker >= 0 && worker < m->executing ? worker : -1);
  }
  return count;
}

/* The share of units a computing rank holds, for LSC_STATS. */
static double held_share(const lsc_sim_held *held, int64_t count, int64_t units) {
  int64_t sum = 0;
  for (int64_t i = 0; i < count; i++)
    sum += held[i].worker >= 0 ? held[i].hi - held[i].lo : 0;
  return units > 0 ? (double)sum / (double)units : 0.0;
}

/* The workload clause's shape with a mean cost of 1 per unit, so that speeds in units per second give
 * seconds; uniform and irregular loops cost 1 per unit (the calibration measured their mean). */
typedef struct unit_cost {
  lsc_workload w;
  double scale;
  /* or a measured profile (lsc_auto_profile): cost integrated over bands of the loop's iterations */
  const double *prefix; /* prefix[b]: the summed cost of bands before b, in mean iterations */
  const double *band_cost;
  int bands;
  double band;          /* iterations per band                                    */
  int64_t offset, unit; /* the planner's unit u is iterations (u + offset) * unit on */
  int64_t n;
} unit_cost;

/* The profile's cost of iterations [0, x), in mean iterations. */
static double profile_up_to(const unit_cost *u, double x) {
  x = x < 0 ? 0 : x > (double)u->n ? (double)u->n : x;
  int b = (int)(x / u->band);
  b = b >= u->bands ? u->bands - 1 : b;
  return u->prefix[b] + u->band_cost[b] * (x - u->band * b);
}

static double shape_cost(const lsc_workload *w, int64_t start, int64_t size) {
  double s = (double)size, first = (double)start;
  if (w->kind == LSC_WORKLOAD_INCREASING) /* sum of b + i h over [start, start + size) */
    return s * w->b + w->h * (s * first + s * (s - 1) / 2);
  return s; /* uniform, irregular; decreasing is mirrored by the caller */
}

static double unit_chunk_cost(void *ctx, int64_t start, int64_t size) {
  const unit_cost *u = ctx;
  if (u->prefix) {
    double lo = (double)((start + u->offset) * u->unit), hi = (double)((start + size + u->offset) * u->unit);
    return (profile_up_to(u, hi) - profile_up_to(u, lo)) / (double)u->unit;
  }
  return u->scale * shape_cost(&u->w, start, size);
}

/* Whether the workload clause gives the loop's shape (increasing or decreasing): then neither a measured
 * profile nor guessed ones replace it. */
static int shaped(const lsc_workload *w) {
  return w->kind == LSC_WORKLOAD_INCREASING || w->kind == LSC_WORKLOAD_DECREASING;
}

static unit_cost cost_model(const lsc_workload *w, int64_t units) {
  unit_cost u = {.w = *w, .scale = 1.0};
  if (shaped(w)) {
    /* a decreasing loop costs what an increasing one does read backwards: the same chunk sizes from the other
     * end give the same makespans up to order, and the mean is what the calibration saw */
    u.w.kind = LSC_WORKLOAD_INCREASING;
    double total = shape_cost(&u.w, 0, units);
    u.scale = total > 0 ? (double)units / total : 1.0;
  } else {
    u.w.kind = LSC_WORKLOAD_UNIFORM;
  }
  return u;
}

static void choose(lsc_master *m, lsc_auto_choice *c, lsc_plan_params *params, const char *why) {
  int known = 0;
  double sum = 0.0;
  for (int i = 0; i < m->executing; i++) {
    known += c->speeds[i] > 0;
    sum += c->speeds[i] > 0 ? c->speeds[i] : 0.0;
  }
  /* A rank that ran nothing last time was not timed: it is taken as fast as the mean of those that were. */
  double speeds[m->executing];
  for (int i = 0; i < m->executing; i++)
    speeds[i] = known ? (c->speeds[i] > 0 ? c->speeds[i] : sum / known) : 1.0;
  int timed = known && !c->relative;
  unit_cost cost = cost_model(&params->workload, params->iterations);
  /* a loop without a shape clause whose costs an instance measured runs on that profile */
  int profiled = c->bands > 0 && c->profile_n == m->loop.n && !shaped(&params->workload);
  if (profiled) {
    cost.prefix = c->profile;
    cost.band_cost = c->profile + c->bands + 1;
    cost.bands = c->bands;
    cost.band = (double)m->loop.n / c->bands;
    cost.offset = m->plan_offset;
    cost.unit = m->unit;
    cost.n = m->loop.n;
  }
  lsc_sim_cluster cluster = {.workers = m->executing,
                             .speeds = speeds,
                             .service = timed ? LSC_AUTO_SERVICE : 0.0,
                             /* the data each chunk moves holds the master too (lsc_sim.h) */
                             .send_per_unit = timed ? c->bytes_per_unit / LSC_ASSUMED_BANDWIDTH : 0.0,
                             .cost = unit_chunk_cost,
                             .cost_ctx = &cost,
                             .max_chunks = LSC_AUTO_MAX_CHUNKS,
                             /* adaptive candidates learn from times as noisy as the calibration's */
                             .feedback_noise = known ? c->spread.noise : 0.0,
                             .noise_units = c->piece_units};
  /* In a data region: who holds what, and the units' costs held and not; dynamic picks are then placed by
   * affinity in every instance that does not calibrate (region_affinity.c), the instances the pick serves. */
  lsc_sim_held *held = NULL;
  int64_t held_count = held_ranges(m, params->iterations, &held);
  if (held_count > 0) {
    cluster.held = held;
    cluster.held_count = held_count;
    cluster.send_per_unit = timed ? c->unheld_bytes / LSC_ASSUMED_BANDWIDTH : 0.0;
    cluster.held_send_per_unit = timed ? c->held_bytes / LSC_ASSUMED_BANDWIDTH : 0.0;
    cluster.held_affinity = !m->loop.repro;
  }
  /* Iterations whose costs scattered in the calibration: the candidates are ranked over cost profiles
   * with that scatter (lsc_auto_rank_varied), unless the workload clause gave the loop's shape. */
  lsc_auto_variation variation = {0};
  if (known && !profiled && !shaped(&params->workload) && c->spread.cost >= LSC_AUTO_IRREGULAR) {
    int64_t bands = (int64_t)LSC_AUTO_BANDS_PER_RANK * m->executing;
    variation = (lsc_auto_variation){c->spread.cost, bands < LSC_AUTO_MAX_BANDS ? bands : LSC_AUTO_MAX_BANDS,
                                     LSC_AUTO_PROFILES, c->spread.agreed};
  }
  lsc_auto_ranking ranking;
  lsc_sched_error err;
  if (lsc_auto_rank_varied(params, &cluster, &variation, &ranking, &err) != 0)
    lsc_fatal("%s:%d: schedule(auto): %s", m->loop.site->file, m->loop.site->line, err.message);
  const lsc_auto_entry *pick = &ranking.entries[ranking.pick];
  c->decided = 1;
  c->redecide = NULL;
  c->pick = pick->schedule;
  c->per_unit = timed && isfinite(pick->predicted) && params->iterations > 0
                    ? pick->predicted / (double)params->iterations
                    : 0.0;
  c->reference = 0.0;
  if (lsc_rt.config.stats) {
    char text[1024], speed_text[256], region_text[192] = "", varied_text[256] = "";
    int at_varied = cluster.feedback_noise > 0
                        ? snprintf(varied_text, sizeof varied_text, "; timing noise per piece (log sd) %.2g",
                                   cluster.feedback_noise)
                        : 0;
    if (profiled && at_varied >= 0 && (size_t)at_varied < sizeof varied_text)
      snprintf(varied_text + at_varied, sizeof varied_text - (size_t)at_varied,
               "; iteration costs as the last instance's chunks measured them, in %d bands", c->bands);
    if (variation.profiles > 0 && at_varied >= 0 && (size_t)at_varied < sizeof varied_text)
      snprintf(varied_text + at_varied, sizeof varied_text - (size_t)at_varied,
               "; iteration costs scatter (log sd %.2g): mean over %d cost profiles of %lld bands%s",
               variation.sigma, variation.profiles, (long long)variation.bands,
               variation.speeds_known ? ", ranks as fast as their weights say: no rate-learning candidate"
                                      : "");
    if (held_count > 0)
      snprintf(region_text, sizeof region_text,
               "; in a data region: %.3g per unit its rank does not hold, %.3g per unit it holds, %.0f%% of "
               "units held by a computing rank",
               c->unheld_bytes, c->held_bytes, 100.0 * held_share(held, held_count, params->iterations));
    lsc_auto_format(&ranking, text, sizeof text);
    size_t at = 0;
    speed_text[0] = '\0';
    for (int i = 0; i < m->executing && at < sizeof speed_text; i++) {
      int n = snprintf(speed_text + at, sizeof speed_text - at, "%s%.3g", i ? "," : "", speeds[i]);
      at += n > 0 ? (size_t)n : 0;
    }
    fprintf(stderr,
            "lsc: auto %s:%d: picked %s (%s; %s units per second per computing rank %s, service %.3g s, "
            "%.3g bytes moved per unit%s%s); predicted %s: %s\n",
            m->loop.site->file, m->loop.site->line, pick->name, why,
            c->speeds_from ? c->speeds_from
            : timed        ? "measured"
                           : "not timed: equal",
            speed_text, cluster.service, c->bytes_per_unit, region_text, varied_text,
            timed ? "seconds" : "relative times", text);
  }
  free(held);
}

void lsc_master_auto_choose(lsc_master *m, lsc_plan_params *params) {
  lsc_auto_choice *c = lsc_auto_choice_of(m);
  lsc_site_state *st = m->loop.state;
  const char *why = NULL;
  if (lsc_master_auto_from_prior(m)) { /* undecided, and no calibration ran (master_auto.h) */
    why = lsc_auto_prior_choice(m, c, params);
  } else if (!c->decided) {
    /* the calibration's iterations per second, as units per second */
    if (st->measured && st->measured_ranks == m->executing)
      for (int i = 0; i < m->executing; i++)
        c->speeds[i] = st->measured_weights[i] / (double)m->unit;
    measure_bytes(m, c);
    lsc_auto_calibration *cal = m->auto_cal;
    if (cal) {
      c->spread = cal->spread;
      c->piece_units = cal->sample;
    }
    why = st->measured ? "first instance, calibrated"
                       : "first instance, not calibrated: too short, or a pipelined nest";
    if (cal && cal->early > 0) {
      snprintf(cal->why, sizeof cal->why,
               "first instance, calibrated on %d of %d samples: %d still out, bounded by their time so far",
               m->executing - cal->early, m->executing, cal->early);
      why = cal->why;
    }
  } else if (c->redecide) {
    why = c->redecide;
  }
  if (why)
    choose(m, c, params, why);
  params->schedule = c->pick;
  /* the instance runs the pick from here on: a pipelined nest's model reads the settings' schedule */
  m->settings.schedule = c->pick;
  char name[48];
  lsc_schedule_format(&c->pick, name, sizeof name);
  snprintf(m->settings.schedule_text, sizeof m->settings.schedule_text, "auto:%s", name);
  c->planned_at = lsc_now();
  c->planned = params->iterations;
}

void lsc_master_auto_after(lsc_master *m, double end) {
  lsc_auto_choice *c = m->loop.state->auto_choice;
  if (!c || c->ranks != m->executing || c->planned <= 0)
    return;
  int64_t planned = c->planned;
  c->planned = 0;
  /* this instance's speeds and bytes, for the next choice */
  measure_bytes(m, c);
  if (c->learning) {
    c->learning = 0;
    c->relative = 0;
    c->speeds_from = NULL;
    if (c->count > 0) {
      lsc_auto_learn(m, c);
      return;
    }
    /* no chunk came through the planner's results (a pipelined nest's): the speeds below, then choose again,
     * on a uniform cost as a choice without pieces always did */
    c->per_unit = 0.0;
    c->spread = (lsc_auto_scatter){0};
  }
  for (int i = 0; i < m->executing; i++) {
    int64_t iterations;
    double seconds;
    lsc_groups_worker_time(m, i, &iterations, &seconds);
    if (iterations > 0 && seconds > 0)
      c->speeds[i] = (double)iterations / (double)m->unit / seconds;
  }
  if (c->per_unit <= 0) { /* the choice was not timed: choose again now that there are speeds */
    c->redecide = "the first choice had no timed speeds; now it has the last instance's";
    return;
  }
  double seconds = end - c->planned_at;
  if (seconds < LSC_AUTO_MIN_SECONDS)
    return; /* a preempted time slice would be all the drift such an instance measures */
  double ratio = seconds / (double)planned / c->per_unit;
  if (c->reference <= 0) {
    c->reference = ratio;
    return;
  }
  double drift = ratio / c->reference - 1.0;
  if (fabs(drift) > LSC_AUTO_DRIFT) {
    c->redecide = "the last instance drifted from the prediction";
    if (lsc_rt.config.stats)
      fprintf(
          stderr,
          "lsc: auto %s:%d: this instance took %.0f%% %s than the prediction of its pick, relative to the "
          "first instance after the choice: the next instance chooses again\n",
          m->loop.site->file, m->loop.site->line, fabs(drift) * 100, drift > 0 ? "longer" : "less");
  }
}
