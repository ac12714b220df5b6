/* pipeline_sync.c - choosing h.
 *
 * sync(auto) measures, with the first worker (rank 1), before any chunk runs:
 *
 * - c_d: half the fastest of PROBE_ROUNDS round trips of an empty message between rank 0 and rank 1
 *   (PROBE, echoed), both ranks spinning on the receive (pipeline_probe.h).
 *
 * - c_c: half the extra (fastest) round-trip time of a PROBE_BYTES message over the empty one, per byte.
 *
 * - c_p: rank 1 runs row 0 over all n2 columns on its private copy (SAMPLE, with row 0's inputs restored
 *   before each run; the copy is overwritten by real inputs before any chunk uses it), repeated until
 *   SAMPLE_SECONDS of work. Its time per iteration, scaled to the slowest worker by the weights and the
 *   LSC_SLOWDOWN factors, is the model's c_p.
 *
 * The network's costs are measured once per process, c_p once per site and n2 (a nest inside a time-step
 * loop pays once); h is recomputed for each instance, since the plan may change. The model
 * (lsc_pipeline_model.h) plans the scheduling dimension with the loop's own scheme and weights, takes U_s
 * as the skewed width and w as the bytes a column of h sends (cells x dep_rows x element size), and gives
 * h = lsc_pipeline_h_opt. With one worker there is no neighbour to synchronize with, and with dep_rows 0
 * nothing is exchanged: h is then the width (one block). */
#include "exec/pipeline/pipeline_sync.h"

#include "exec/chunk_data.h"
#include "exec/pipeline/pipeline_probe.h"
#include "fatal.h"
#include "lsc_pipeline_model.h"
#include "obs/clock.h"
#include "state.h"
#include "transport/transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROBE_ROUNDS 16
#define PROBE_BYTES ((size_t)1 << 16)
#define SAMPLE_SECONDS 200e-6
#define SAMPLE_MAX_REPEATS 1000

/* sync(h) may ask for any interval up to the widest nest, and no further. */
_Static_assert(LSC_SYNC_MAX == LSC_PIPELINE_MAX_WIDTH, "LSC_SYNC_MAX and LSC_PIPELINE_MAX_WIDTH differ");

/* The interval asked for (0 = auto) and where it came from: LSC_SYNC, read and checked at start-up
 * (config/env.c), overrides the clause; fatal when the clause is not valid. */
static int64_t requested_h(const lsc_pipeline_site *site, lsc_pipe_sync *out) {
  const lsc_env_config *cfg = &lsc_rt.config;
  if (cfg->has_sync) {
    snprintf(out->source, sizeof out->source, "LSC_SYNC=%s", cfg->sync ? cfg->sync_text : "auto");
    return cfg->sync;
  }
  int64_t h = lsc_sync_parse(site->sync);
  if (h < 0)
    lsc_fatal("%s:%d: sync(%s): expected 'auto' or a number of iterations >= 1", site->base.file,
              site->base.line, site->sync ? site->sync : "(null)");
  snprintf(out->source, sizeof out->source, "sync(%s)", site->sync);
  return h;
}

void lsc_pipeline_local_h(const lsc_pipeline_site *site, int64_t width, lsc_pipe_sync *out) {
  *out = (lsc_pipe_sync){.predicted = -1};
  int64_t h = requested_h(site, out);
  out->h = h == 0 || h > width ? width : h;
}

static int by_value(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

/* The fastest round trip: the message's own cost. Slower ones measure something else (a rank descheduled
 * on a busy or oversubscribed node, a rank asleep in its backoff), which varies from run to run and would
 * make h vary with it; the median was still 1000x off on a loaded two-core machine. */
static double round_trip(size_t bytes, lsc_buffer *buf) {
  if (!lsc_buffer_grow(buf, bytes))
    lsc_fatal("out of memory measuring the network");
  memset(buf->data, 0, bytes);
  buf->len = bytes;
  lsc_buffer reply = {0};
  int from, tag;
  double times[PROBE_ROUNDS];
  for (int i = -2; i < PROBE_ROUNDS; i++) { /* two rounds to warm the connection up */
    double start = lsc_now();
    lsc_tp_send(buf->data, bytes, 1, LSC_TAG_PROBE);
    lsc_probe_recv(1, &reply, &from, &tag);
    if (tag != LSC_TAG_PROBE || reply.len != bytes)
      lsc_fatal("rank 1 answered a network probe with tag %d, %zu bytes", tag, reply.len);
    if (i >= 0)
      times[i] = lsc_now() - start;
  }
  lsc_buffer_free(&reply);
  qsort(times, PROBE_ROUNDS, sizeof times[0], by_value);
  return times[0];
}

static double sample_row(lsc_master *m, int64_t repeats) {
  lsc_buffer msg = {0}, reply = {0};
  lsc_pipe_sample s = {repeats};
  if (lsc_buffer_put(&msg, &s, sizeof s) != 0)
    lsc_fatal("out of memory sampling a row");
  lsc_chunk_pack_inputs(&m->loop, 0, 1, &msg, NULL);
  lsc_tp_send(msg.data, msg.len, 1, LSC_TAG_SAMPLE);
  int from, tag;
  lsc_tp_recv(1, &reply, &from, &tag, LSC_PAUSE_IN_LOOP);
  double busy = 0;
  if (tag != LSC_TAG_SAMPLE || reply.len != sizeof busy)
    lsc_fatal("rank 1 answered a row sample with tag %d, %zu bytes", tag, reply.len);
  memcpy(&busy, reply.data, sizeof busy);
  lsc_buffer_free(&msg);
  lsc_buffer_free(&reply);
  return busy;
}

/* Rank 1's time per iteration, times how much slower the slowest worker is than rank 1. */
static double slowest_per_iteration(lsc_master *m, int64_t n2) {
  double busy = sample_row(m, 1);
  int64_t repeats = 1;
  if (busy < SAMPLE_SECONDS) {
    repeats = busy > 0 ? (int64_t)(SAMPLE_SECONDS / busy) + 1 : SAMPLE_MAX_REPEATS;
    repeats = repeats > SAMPLE_MAX_REPEATS ? SAMPLE_MAX_REPEATS : repeats;
    busy = sample_row(m, repeats);
  }
  double per_iteration = busy / ((double)repeats * (double)n2);
  double speed1 = 0, slowest = 0;
  for (int r = 1; r < m->size; r++) {
    /* the factor in force now: a profile that changes later is what the run will show, not the model */
    lsc_slowdown profile = lsc_env_slowdown(&lsc_rt.config, r);
    double slowdown = lsc_slowdown_at(&profile, lsc_now() - lsc_rt.origin);
    double speed = m->weights[r - m->first] / slowdown;
    speed1 = r == 1 ? speed : speed1;
    slowest = r == 1 || speed < slowest ? speed : slowest;
  }
  per_iteration *= slowest > 0 ? speed1 / slowest : 1.0;
  return per_iteration > 1e-12 ? per_iteration : 1e-12; /* the model needs c_p > 0 */
}

/* The network's costs are the process's, not a loop's: measured by the first sync(auto) loop and kept. */
static struct {
  int measured;
  double c_d, c_c;
} network;

/* c_p is a site's: kept per site, so a nest run in a time-step loop samples once. */
typedef struct site_cost {
  const lsc_pipeline_site *site;
  int64_t n2;
  double c_p;
  struct site_cost *next;
} site_cost;
static site_cost *site_costs;

static void measure_network(void) {
  lsc_buffer probe = {0};
  network.c_d = round_trip(0, &probe) / 2;
  network.c_c = (round_trip(PROBE_BYTES, &probe) / 2 - network.c_d) / (double)PROBE_BYTES;
  network.c_c = network.c_c > 0 ? network.c_c : 0;
  network.measured = 1;
  lsc_buffer_free(&probe);
}

static double site_per_iteration(lsc_master *m, const lsc_pipeline_site *site, int64_t n2) {
  for (site_cost *c = site_costs; c; c = c->next)
    if (c->site == site && c->n2 == n2)
      return c->c_p;
  site_cost *c = malloc(sizeof *c);
  if (!c)
    lsc_fatal("out of memory measuring a pipelined loop");
  *c = (site_cost){site, n2, slowest_per_iteration(m, n2), site_costs};
  site_costs = c;
  return c->c_p;
}

static void model_h(lsc_master *m, const lsc_pipeline_site *site, const lsc_pipe_nest *nest,
                    lsc_pipe_sync *out) {
  if (!network.measured)
    measure_network();
  out->c_d = network.c_d;
  out->c_c = network.c_c;
  out->c_p = site_per_iteration(m, site, nest->shape.n2);
  out->units = lsc_boundary_bytes_per_column(m->vars, nest) * (double)nest->shape.dep_rows;
  out->measured = 1;
  lsc_plan_params plan = {m->settings.schedule,
                          m->alpha,
                          m->settings.workload,
                          nest->shape.n1,
                          m->executing,
                          m->weights,
                          NULL,
                          NULL};
  lsc_pipeline_costs costs = {out->c_d, out->c_c, out->c_p, 0, out->units};
  lsc_pipeline_model model;
  lsc_sched_error err;
  if (lsc_pipeline_model_init(&model, &plan, nest->grid.width, &costs, &err) != 0) {
    /* Cannot happen for a plan the planner accepted; one block is always correct. */
    snprintf(out->source, sizeof out->source, "auto (model refused: one block)");
    out->h = nest->grid.width;
    return;
  }
  out->h = lsc_pipeline_h_opt(&model);
  lsc_pipeline_time t;
  if (lsc_pipeline_predict(&model, out->h, &t) == 0)
    out->predicted = t.total;
}

void lsc_pipeline_choose_h(lsc_master *m, const lsc_pipeline_site *site, const lsc_pipe_nest *nest,
                           lsc_pipe_sync *out) {
  *out = (lsc_pipe_sync){.predicted = -1};
  int64_t width = nest->grid.width;
  int64_t h = requested_h(site, out);
  if (h > 0) {
    out->h = h > width ? width : h;
  } else if (m->executing < 2 || nest->shape.dep_rows == 0) {
    out->h = width;
    snprintf(out->source + strlen(out->source), sizeof out->source - strlen(out->source), " %s",
             m->executing < 2 ? "(one worker: one block)" : "(nothing to exchange: one block)");
  } else {
    model_h(m, site, nest, out);
  }
  for (int r = 1; r < m->size; r++)
    lsc_tp_send(&out->h, sizeof out->h, r, LSC_TAG_GO);
}
