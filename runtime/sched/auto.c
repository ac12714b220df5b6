/* auto.c - schedule(auto)'s choice (lsc_sim.h): every candidate technique is planned with the loop's own
 * parameters and run in the shared simulator on the measured cluster; the fastest predicted wins, except that
 * a candidate earlier in the list wins when it is predicted within LSC_AUTO_TIE of the fastest, so the pick
 * prefers the default (gss) and the simpler techniques when the model cannot tell them apart.
 * The candidates are the techniques that need no parameter the runtime does not measure (fsc, fac, tap and
 * bold take mu/sigma/h; css, block_cyclic and rnd a chunk size; pss and cyclic one chunk per iteration, which
 * no cluster with a master's service time favours over css/fss).
 * On an irregular loop the model's uniform cost would rank a technique whose first chunks are large (gss,
 * static) as well as one that keeps chunks small until late (fss, tfss): the calibration saw a mean, not
 * where the costly iterations are. With a variation (lsc_auto_variation) every candidate is simulated on
 * the same few cost profiles instead -- bands of the loop costing log-normally more or less, with the
 * scatter the calibration measured -- and ranked by its mean makespan over them. Where the costly iterations
 * are is then a guess, so the ranking resolves less: an earlier candidate within LSC_AUTO_TIE_IRREGULAR of
 * the fastest wins (adaptive techniques, which learn the simulated profile exactly, gain a few percent
 * there that their noisy feedback does not give them in a real run). And when the calibration found the
 * ranks as fast as the static weights said (speeds_known), the techniques that weigh ranks by the rates of
 * their chunks are no candidates on such a loop: a chunk's rate there says which iterations it got more than
 * who ran it, so they would learn the costs as speeds, as the calibration did before it compared neighbours
 * (auto_speeds.c) -- measured on mandelbrot's moderate cluster, AWF-B, AWF-C and AF ran 15-25% behind fss in
 * every run. */
#include "lsc_sim.h"

#include "sched_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *const candidates[] = {"gss",  "fss", "tss",   "static", "tfss", "fiss",
                                         "mfsc", "wf",  "awf_b", "awf_c",  "af",   "static_steal"};
#define CANDIDATES ((int)(sizeof candidates / sizeof candidates[0]))
_Static_assert(sizeof candidates / sizeof candidates[0] <= LSC_AUTO_MAX_CANDIDATES, "too many candidates");

/* Whether the scheme weighs workers by the rates it measures from their chunks' times (AWF-B/C, AF). */
static int learns_rates(lsc_scheme_id scheme) {
  return scheme == LSC_SCHEME_AWF_B || scheme == LSC_SCHEME_AWF_C || scheme == LSC_SCHEME_AF;
}

/* The cluster's cost of [start, start + size) times each band's multiplier (lsc_auto_variation). */
typedef struct varied_cost {
  const lsc_sim_cluster *base;
  const double *multiplier;
  int64_t bands, units;
} varied_cost;

static double base_cost(const lsc_sim_cluster *c, int64_t start, int64_t size) {
  return c->cost ? c->cost(c->cost_ctx, start, size) : (double)size;
}

static double varied_chunk_cost(void *ctx, int64_t start, int64_t size) {
  const varied_cost *v = ctx;
  double sum = 0.0;
  for (int64_t at = start, end = start + size; at < end;) {
    /* unit u lies in band floor(u bands / units), which ends where the next one begins */
    int64_t band = at * v->bands / v->units;
    band = band < v->bands ? band : v->bands - 1;
    int64_t band_end = ((band + 1) * v->units + v->bands - 1) / v->bands;
    int64_t stop = band_end > at && band_end < end ? band_end : end;
    sum += v->multiplier[band] * base_cost(v->base, at, stop - at);
    at = stop;
  }
  return sum;
}

/* One profile's band multipliers: log-normal with the variation's sigma from a fixed generator (the same
 * profiles for every candidate, and for every run), scaled to a mean of 1 so the loop's work is unchanged. */
static void draw_profile(double sigma, int64_t bands, int profile, double *multiplier) {
  uint64_t state = (uint64_t)profile;
  double sum = 0.0;
  for (int64_t b = 0; b < bands; b++) {
    multiplier[b] = exp(sigma * lsc_draw_normal(&state));
    sum += multiplier[b];
  }
  for (int64_t b = 0; b < bands; b++)
    multiplier[b] *= (double)bands / sum;
}

/* Whether a variation asks for cost profiles at all. */
static int varies(const lsc_auto_variation *v) {
  return v && v->sigma > 0 && v->profiles > 0 && v->bands > 1;
}

/* A candidate's predicted makespan: on the cluster as it is, or the mean over the variation's profiles. */
static int predict(const lsc_sim_cluster *cluster, const lsc_auto_variation *v, const lsc_plan_params *p,
                   double *predicted) {
  int profiles = varies(v) && p->iterations > 1 ? v->profiles : 0;
  double multiplier[LSC_AUTO_MAX_BANDS];
  varied_cost cost = {cluster, multiplier, profiles ? lsc_min64(v->bands, LSC_AUTO_MAX_BANDS) : 0,
                      p->iterations};
  lsc_sim_cluster varied = *cluster;
  if (profiles) {
    varied.cost = varied_chunk_cost;
    varied.cost_ctx = &cost;
  }
  *predicted = 0.0;
  for (int k = 0; k < (profiles ? profiles : 1); k++) {
    if (profiles)
      draw_profile(v->sigma, cost.bands, k, multiplier);
    lsc_sched_error ignored;
    lsc_planner *pl = lsc_planner_new(p, &ignored);
    if (!pl)
      return 1; /* a technique that does not apply to these parameters is no candidate */
    lsc_sim_result r;
    int status = lsc_sim_run(profiles ? &varied : cluster, pl, 0, &r);
    lsc_planner_free(pl);
    *predicted += r.makespan;
    lsc_sim_result_free(&r);
    if (status != 0)
      return -1;
  }
  *predicted /= profiles ? profiles : 1;
  return 0;
}

int lsc_auto_rank(const lsc_plan_params *params, const lsc_sim_cluster *cluster, lsc_auto_ranking *out,
                  lsc_sched_error *err) {
  return lsc_auto_rank_varied(params, cluster, NULL, out, err);
}

int lsc_auto_rank_varied(const lsc_plan_params *params, const lsc_sim_cluster *cluster,
                         const lsc_auto_variation *variation, lsc_auto_ranking *out, lsc_sched_error *err) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < CANDIDATES; i++) {
    lsc_plan_params p = *params;
    if (lsc_schedule_parse(candidates[i], &p.schedule, err) != 0)
      return -1;
    p.schedule.seed = params->schedule.seed;
    p.memory = NULL;
    if (varies(variation) && variation->speeds_known && learns_rates(p.schedule.scheme))
      continue;
    double predicted;
    int status = predict(cluster, variation, &p, &predicted);
    if (status > 0)
      continue;
    if (status != 0)
      return lsc_sched_format_error(err, "out of memory simulating schedule(auto)'s candidates");
    /* insertion by predicted time, stable: equal times keep the list's order */
    int at = out->count++;
    while (at > 0 && out->entries[at - 1].predicted > predicted) {
      out->entries[at] = out->entries[at - 1];
      at--;
    }
    lsc_auto_entry *e = &out->entries[at];
    e->schedule = p.schedule;
    lsc_schedule_format(&p.schedule, e->name, sizeof e->name);
    e->predicted = predicted;
    e->order = i;
  }
  if (out->count == 0)
    return lsc_sched_format_error(err, "schedule(auto): no candidate technique applies to this loop");
  double best = out->entries[0].predicted;
  double tie = varies(variation) ? LSC_AUTO_TIE_IRREGULAR : LSC_AUTO_TIE;
  out->pick = 0;
  for (int k = 1; k < out->count && isfinite(best); k++)
    if (out->entries[k].predicted <= best * (1.0 + tie) &&
        out->entries[k].order < out->entries[out->pick].order)
      out->pick = k;
  return 0;
}

void lsc_auto_format(const lsc_auto_ranking *r, char *buf, size_t len) {
  size_t at = 0;
  if (len > 0)
    buf[0] = '\0';
  for (int k = 0; k < r->count && at < len; k++) {
    int n = isfinite(r->entries[k].predicted)
                ? snprintf(buf + at, len - at, "%s%s %.4g", k ? ", " : "", r->entries[k].name,
                           r->entries[k].predicted)
                : snprintf(buf + at, len - at, "%s%s (too many chunks to simulate)", k ? ", " : "",
                           r->entries[k].name);
    at += n > 0 ? (size_t)n : 0;
  }
}

int lsc_auto_ready(const lsc_auto_wait *w, const double *sent, const double *back) {
  if (w->more && w->pieces < w->enough)
    return 0; /* too few pieces to tell the ranks' speeds from their noise (lsc_auto_speeds) */
  if (w->in >= w->ranks)
    return 1;
  for (int i = 0; i < w->ranks; i++)
    if (back[i] < 0 && sent[i] < 0)
      return 0; /* its sample's units must go out before the planner takes the rest */
  if (!w->more)
    return 1; /* the ranks that are in would wait: decide on what is known */
  if (2 * w->in <= w->ranks)
    return 0;
  double quickest = INFINITY;
  for (int i = 0; i < w->ranks; i++)
    if (back[i] >= 0 && back[i] - sent[i] < quickest)
      quickest = back[i] - sent[i];
  double patience = w->wait * quickest > w->floor ? w->wait * quickest : w->floor;
  for (int i = 0; i < w->ranks; i++)
    if (back[i] < 0 && w->now - sent[i] < patience)
      return 0;
  return 1;
}
