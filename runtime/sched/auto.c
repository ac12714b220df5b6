/* auto.c - schedule(auto)'s choice (lsc_sim.h): every candidate technique is planned with the loop's own
 * parameters and run in the shared simulator on the measured cluster; the fastest predicted wins, except that
 * a candidate earlier in the list wins when it is predicted within LSC_AUTO_TIE of the fastest, so the pick
 * prefers the default (gss) and the simpler techniques when the model cannot tell them apart.
 * The candidates are the techniques that need no parameter the runtime does not measure (fsc, fac, tap and
 * bold take mu/sigma/h; css, block_cyclic and rnd a chunk size; pss and cyclic one chunk per iteration, which
 * no cluster with a master's service time favours over css/fss). */
#include "lsc_sim.h"

#include "sched_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const candidates[] = {"gss",  "fss", "tss",   "static", "tfss", "fiss",
                                         "mfsc", "wf",  "awf_b", "awf_c",  "af",   "static_steal"};
#define CANDIDATES ((int)(sizeof candidates / sizeof candidates[0]))
_Static_assert(sizeof candidates / sizeof candidates[0] <= LSC_AUTO_MAX_CANDIDATES, "too many candidates");

int lsc_auto_rank(const lsc_plan_params *params, const lsc_sim_cluster *cluster, lsc_auto_ranking *out,
                  lsc_sched_error *err) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < CANDIDATES; i++) {
    lsc_plan_params p = *params;
    if (lsc_schedule_parse(candidates[i], &p.schedule, err) != 0)
      return -1;
    p.schedule.seed = params->schedule.seed;
    p.memory = NULL;
    lsc_sched_error ignored;
    lsc_planner *pl = lsc_planner_new(&p, &ignored);
    if (!pl)
      continue; /* a technique that does not apply to these parameters is no candidate */
    lsc_sim_result r;
    int status = lsc_sim_run(cluster, pl, 0, &r);
    lsc_planner_free(pl);
    double predicted = r.makespan;
    lsc_sim_result_free(&r);
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
  out->pick = 0;
  for (int k = 1; k < out->count && isfinite(best); k++)
    if (out->entries[k].predicted <= best * (1.0 + LSC_AUTO_TIE) &&
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
  for (int i = 0; i < w->ranks; i++)
    if (back[i] < 0 && w->now - sent[i] < w->wait * quickest)
      return 0;
  return 1;
}

void lsc_auto_rates(int ranks, const int64_t *first, const double *first_seconds, const int64_t *timed,
                    const double *seconds, double *per_iteration) {
  double slowdown = 0.0;
  int both = 0;
  for (int i = 0; i < ranks; i++) {
    per_iteration[i] = 0.0;
    if (first[i] > 0 && timed[i] > first[i] && seconds[i] > first_seconds[i] && first_seconds[i] > 0) {
      per_iteration[i] = (seconds[i] - first_seconds[i]) / (double)(timed[i] - first[i]);
      slowdown += first_seconds[i] / (double)first[i] / per_iteration[i];
      both++;
    }
  }
  slowdown = both ? slowdown / both : 1.0;
  for (int i = 0; i < ranks; i++)
    if (per_iteration[i] == 0.0 && first[i] > 0)
      per_iteration[i] = first_seconds[i] / (double)first[i] / slowdown;
}
