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

struct lsc_auto_calibration {
  int64_t sample;          /* units per piece: every rank's sample, then the pieces while the choice waits */
  int64_t cap;             /* pieces end before this unit: the calibration is at most a quarter of the loop */
  int early;               /* samples still out when the choice was made (0: all were in)               */
  double *sent;            /* per planner worker: when its sample went out; < 0: not yet                */
  double *back;            /* per planner worker: when its sample came back; < 0: not yet               */
  int64_t *timed;          /* per planner worker: iterations of its pieces that came back               */
  lsc_auto_piece *pieces;  /* every piece that came back, for lsc_auto_speeds                    */
  lsc_auto_scatter spread; /* how their times scatter (lsc_auto_speeds)                        */
  int64_t count, room;
  double *per_iteration; /* scratch: lsc_auto_speeds */
  char why[160];
};

struct lsc_auto_choice {
  int decided;
  const char *redecide;    /* why the next instance chooses again; NULL: it reuses the pick */
  lsc_schedule pick;       /* what instances run until the next choice                     */
  double per_unit;         /* predicted seconds per planned unit; <= 0: the speeds were not timed */
  double reference;        /* measured over predicted in the first instance after the choice; 0: none yet */
  int ranks;               /* executing ranks the speeds below are for                     */
  double *speeds;          /* per executing rank: units per second last measured           */
  double bytes_per_unit;   /* array bytes a unit's chunk moved to and from its worker, last measured */
  double unheld_bytes;     /* in a data region: bytes per unit its worker did not hold, last measured   */
  double held_bytes;       /* in a data region: bytes per unit its worker held (a halo); 0 until measured */
  lsc_auto_scatter spread; /* how the calibration's pieces scattered (lsc_auto_speeds)          */
  int64_t piece_units;     /* units per calibration piece                                        */
  double planned_at;       /* this instance: when its planner was made                     */
  int64_t planned;         /* this instance: units it planned; 0 when no auto instance runs */
};

static lsc_auto_choice *choice_of(lsc_master *m) {
  lsc_site_state *st = m->loop.state;
  if (!st->auto_choice && !(st->auto_choice = calloc(1, sizeof *st->auto_choice)))
    lsc_fatal("out of memory for schedule(auto) at %s:%d", m->loop.site->file, m->loop.site->line);
  lsc_auto_choice *c = st->auto_choice;
  if (c->ranks != m->executing) {
    /* another rank count (LSC_MASTER changed who computes): what was measured is for other ranks */
    free(c->speeds);
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
    int64_t worker = lsc_region_holder(m, k, &next) - m->first;
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
} unit_cost;

static double shape_cost(const lsc_workload *w, int64_t start, int64_t size) {
  double s = (double)size, first = (double)start;
  if (w->kind == LSC_WORKLOAD_INCREASING) /* sum of b + i h over [start, start + size) */
    return s * w->b + w->h * (s * first + s * (s - 1) / 2);
  return s; /* uniform, irregular; decreasing is mirrored by the caller */
}

static double unit_chunk_cost(void *ctx, int64_t start, int64_t size) {
  const unit_cost *u = ctx;
  return u->scale * shape_cost(&u->w, start, size);
}

static unit_cost cost_model(const lsc_workload *w, int64_t units) {
  unit_cost u = {*w, 1.0};
  if (w->kind == LSC_WORKLOAD_DECREASING || w->kind == LSC_WORKLOAD_INCREASING) {
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
  int timed = 0;
  double sum = 0.0;
  for (int i = 0; i < m->executing; i++) {
    timed += c->speeds[i] > 0;
    sum += c->speeds[i] > 0 ? c->speeds[i] : 0.0;
  }
  /* A rank that ran nothing last time was not timed: it is taken as fast as the mean of those that were. */
  double speeds[m->executing];
  for (int i = 0; i < m->executing; i++)
    speeds[i] = timed ? (c->speeds[i] > 0 ? c->speeds[i] : sum / timed) : 1.0;
  unit_cost cost = cost_model(&params->workload, params->iterations);
  lsc_sim_cluster cluster = {.workers = m->executing,
                             .speeds = speeds,
                             .service = timed ? LSC_AUTO_SERVICE : 0.0,
                             /* the data each chunk moves holds the master too (lsc_sim.h) */
                             .send_per_unit = timed ? c->bytes_per_unit / LSC_ASSUMED_BANDWIDTH : 0.0,
                             .cost = unit_chunk_cost,
                             .cost_ctx = &cost,
                             .max_chunks = LSC_AUTO_MAX_CHUNKS,
                             /* adaptive candidates learn from times as noisy as the calibration's */
                             .feedback_noise = timed ? c->spread.noise : 0.0,
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
  if (timed && params->workload.kind != LSC_WORKLOAD_INCREASING &&
      params->workload.kind != LSC_WORKLOAD_DECREASING && c->spread.cost >= LSC_AUTO_IRREGULAR) {
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
            m->loop.site->file, m->loop.site->line, pick->name, why, timed ? "measured" : "not timed: equal",
            speed_text, cluster.service, c->bytes_per_unit, region_text, varied_text,
            timed ? "seconds" : "relative times", text);
  }
  free(held);
}

void lsc_master_auto_choose(lsc_master *m, lsc_plan_params *params) {
  lsc_auto_choice *c = choice_of(m);
  lsc_site_state *st = m->loop.state;
  const char *why = NULL;
  if (!c->decided) {
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

int64_t lsc_master_auto_sample_units(const lsc_master *m, int64_t most) {
  if (m->settings.schedule.scheme != LSC_SCHEME_AUTO)
    return most;
  int64_t units = m->units / ((int64_t)LSC_AUTO_SAMPLE_SHARE * m->executing);
  return units < 1 ? 1 : units > most ? most : units;
}

void lsc_master_auto_calibrate(lsc_master *m) {
  if (m->settings.schedule.scheme != LSC_SCHEME_AUTO)
    return;
  lsc_auto_calibration *cal = calloc(1, sizeof *cal);
  size_t n = (size_t)m->executing;
  if (!cal || !(cal->sent = calloc(n, sizeof *cal->sent)) || !(cal->back = calloc(n, sizeof *cal->back)) ||
      !(cal->timed = calloc(n, sizeof *cal->timed)) ||
      !(cal->per_iteration = calloc(n, sizeof *cal->per_iteration)))
    lsc_fatal("out of memory for schedule(auto) at %s:%d", m->loop.site->file, m->loop.site->line);
  for (int i = 0; i < m->executing; i++)
    cal->sent[i] = cal->back[i] = -1.0;
  cal->sample = m->plan_offset / m->executing;
  cal->cap = m->units / 4 > m->plan_offset ? m->units / 4 : m->plan_offset;
  m->auto_cal = cal;
}

void lsc_master_auto_calibration_free(lsc_master *m) {
  lsc_auto_calibration *cal = m->auto_cal;
  if (!cal)
    return;
  free(cal->sent);
  free(cal->back);
  free(cal->timed);
  free(cal->pieces);
  free(cal->per_iteration);
  free(cal);
  m->auto_cal = NULL;
}

int lsc_master_auto_more(const lsc_master *m) {
  const lsc_auto_calibration *cal = m->auto_cal;
  return cal && m->calibrating && m->plan_offset + cal->sample <= cal->cap;
}

void lsc_master_auto_sent(lsc_master *m, int index) {
  if (m->auto_cal)
    m->auto_cal->sent[index] = lsc_now();
}

/* Keeps a piece for lsc_auto_speeds; beyond LSC_AUTO_MAX_PIECES the rates rest on those kept. */
static void keep_piece(lsc_master *m, lsc_auto_calibration *cal, lsc_auto_piece piece) {
  if (cal->count == cal->room) {
    if (cal->room >= LSC_AUTO_MAX_PIECES)
      return;
    int64_t room = cal->room ? 2 * cal->room : 64;
    lsc_auto_piece *grown = realloc(cal->pieces, (size_t)room * sizeof *grown);
    if (!grown)
      lsc_fatal("out of memory for schedule(auto) at %s:%d", m->loop.site->file, m->loop.site->line);
    cal->pieces = grown;
    cal->room = room;
  }
  cal->pieces[cal->count++] = piece;
}

/* Every timed rank's sample time from the pieces so far, as master.c reads it (sample_rate: one sample's
 * iterations over sample_busy): ranks `from` to `to` - 1. */
static void fold_rates(lsc_master *m, lsc_auto_calibration *cal, int from, int to) {
  /* what the static weights say (clock, a list) is the prior; measured ones are what this calibration makes
   */
  const double *prior = m->settings.weights.source == LSC_WEIGHTS_MEASURED ? NULL : m->weights;
  if (lsc_auto_speeds(m->executing, cal->pieces, cal->count, prior, cal->per_iteration, &cal->spread) != 0)
    lsc_fatal("out of memory for schedule(auto) at %s:%d", m->loop.site->file, m->loop.site->line);
  double nominal = (double)(cal->sample * m->unit);
  for (int i = from; i < to; i++)
    if (cal->per_iteration[i] > 0)
      m->sample_busy[i] = cal->per_iteration[i] * nominal;
}

int lsc_master_auto_sample(lsc_master *m, int index, int64_t start, int64_t iterations, double seconds,
                           double swr) {
  lsc_auto_calibration *cal = m->auto_cal;
  int first = cal->timed[index] == 0;
  if (first)
    cal->back[index] = lsc_now();
  cal->timed[index] += iterations;
  keep_piece(m, cal, (lsc_auto_piece){index, first, start, iterations, seconds});
  m->sample_swr[index] = first || swr < m->sample_swr[index] ? swr : m->sample_swr[index];
  m->samples_done += first;
  if (!m->calibrating) {
    fold_rates(m, cal, index, index + 1);
    return 0;
  }
  lsc_auto_wait w = {.ranks = m->executing,
                     .in = m->samples_done,
                     .more = lsc_master_auto_more(m),
                     .now = lsc_now(),
                     .wait = LSC_AUTO_WAIT,
                     .floor = LSC_AUTO_WAIT_FLOOR,
                     .pieces = cal->count,
                     .enough = (int64_t)LSC_AUTO_PIECES_PER_RANK * m->executing};
  int decide = lsc_auto_ready(&w, cal->sent, cal->back);
  if (decide)
    fold_rates(m, cal, 0, m->executing);
  if (decide && m->samples_done < m->executing) {
    /* a rank whose sample is still out is at most as fast as one sample in the time it has taken so far */
    cal->early = m->executing - m->samples_done;
    for (int i = 0; i < m->executing; i++)
      if (cal->timed[i] == 0) {
        m->sample_busy[i] = w.now - cal->sent[i];
        m->sample_swr[i] = 1.0;
      }
  }
  return decide;
}
