/* master_auto_prior.c - schedule(auto)'s first instance on a site whose static weights are a prior
 * (master_auto.h, lsc_master_auto_from_prior): no calibration pieces before the loop starts. The instance
 * runs as a fixed technique's first one does (rank 0's leading piece while the workers prefault), its pick
 * simulated on the weights as speeds; every chunk that comes back is kept as a calibration piece, and after
 * the instance the speeds (lsc_auto_speeds, the weights as prior) and the loop's cost profile
 * (lsc_auto_profile) come from them, for the next instance's choice. On loops that run once this is what
 * auto costs: nothing beyond the pick (docs/results.md, session 11). */
#include "exec/master_auto.h"
#include "exec/master_auto_state.h"

#include "exec/chunk_data.h"
#include "fatal.h"
#include "state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first instance of a site whose static weights are a prior (master_auto.h): speeds are the weights,
 * put on a time scale by rank 0's leading piece when one ran (its iterations over its busy and LSC_SLOWDOWN
 * idle time, as every chunk's rate is measured); iteration costs are assumed to scatter as much as on
 * the most irregular loop calibrated here (LSC_AUTO_PRIOR_SCATTER), since none was measured, so that the
 * robust techniques win over those only an even loop rewards. Its chunks are kept as calibration pieces
 * (lsc_master_auto_chunk). */
const char *lsc_auto_prior_choice(lsc_master *m, lsc_auto_choice *c, const lsc_plan_params *params) {
  const lsc_rank_stats *lead = &m->stats[0];
  double lead_seconds = lead->busy + lead->idle;
  int paced = m->first == 0 && lead->iterations > 0 && lead_seconds > 0 && m->weights[0] > 0;
  double scale = paced ? (double)lead->iterations / (double)m->unit / lead_seconds / m->weights[0] : 1.0;
  for (int i = 0; i < m->executing; i++)
    c->speeds[i] = m->weights[i] * scale;
  c->relative = !paced;
  c->speeds_from = paced ? "the static weights, on the time scale of rank 0's leading piece"
                         : "the static weights, not timed: relative";
  /* the bytes of the planned iterations' spans as one chunk: the chunks' hulls cover at least that much */
  int64_t first = m->plan_offset * m->unit;
  c->bytes_per_unit = params->iterations > 0 && first < m->loop.n
                          ? (double)lsc_chunk_bytes(&m->loop, first, m->loop.n) / (double)params->iterations
                          : 0.0;
  /* agreed: the simulated ranks are exactly as fast as the weights, so a rate-learning technique could only
   * learn the simulated costs as speeds (auto.c): it is no candidate, as when a calibration confirms the
   * weights */
  c->spread = (lsc_auto_scatter){LSC_AUTO_PRIOR_SCATTER, 0.0, 1};
  c->piece_units = 1;
  c->learning = 1;
  c->count = 0;
  if (!c->seen && !(c->seen = calloc((size_t)m->executing, 1)))
    lsc_fatal("out of memory for schedule(auto) at %s:%d", m->loop.site->file, m->loop.site->line);
  memset(c->seen, 0, (size_t)m->executing);
  if (paced) /* the leading piece is rank 0's first chunk */
    lsc_master_auto_chunk(m, 0, 0, lead->iterations, lead_seconds);
  return "first instance, from the static weights before any measurement; its chunks calibrate the next "
         "instance's choice";
}

int lsc_master_auto_from_prior(const lsc_master *m) {
  const lsc_site_state *st = m->loop.state;
  const lsc_auto_choice *c = st->auto_choice;
  return m->settings.schedule.scheme == LSC_SCHEME_AUTO &&
         m->settings.weights.source != LSC_WEIGHTS_MEASURED && m->settings.alpha != LSC_ALPHA_AUTO &&
         !st->measured && !(c && c->decided && c->ranks == m->executing);
}

void lsc_master_auto_chunk(lsc_master *m, int index, int64_t start, int64_t iterations, double seconds) {
  lsc_auto_choice *c = m->loop.state->auto_choice;
  if (!c || !c->learning || index < 0 || index >= c->ranks || iterations <= 0)
    return;
  /* a rank's first chunk is cold (caches, first touches): lsc_auto_speeds compares it with other first ones
   */
  lsc_auto_keep(m, &c->chunks, &c->count, &c->room,
                (lsc_auto_piece){index, !c->seen[index], start, iterations, seconds});
  c->seen[index] = 1;
}

/* After the instance that ran the weights' pick: its chunks as calibration pieces give the speeds and the
 * costs' scatter the next instance chooses on (lsc_auto_speeds, the weights as prior as in a calibration). */
void lsc_auto_learn(lsc_master *m, lsc_auto_choice *c) {
  double per_iteration[m->executing];
  lsc_auto_scatter spread;
  if (lsc_auto_speeds(m->executing, c->chunks, c->count, m->weights, per_iteration, &spread) != 0)
    lsc_fatal("out of memory for schedule(auto) at %s:%d", m->loop.site->file, m->loop.site->line);
  int64_t iterations = 0;
  for (int64_t k = 0; k < c->count; k++)
    iterations += c->chunks[k].iterations;
  /* a rank with no chunk is untimed (0): choose takes it as fast as the mean of the others */
  for (int i = 0; i < m->executing; i++)
    c->speeds[i] = per_iteration[i] > 0 ? 1.0 / (per_iteration[i] * (double)m->unit) : 0.0;
  c->spread = spread;
  /* where the costly iterations are, band by band, for the next choice's simulation (chunks came back, so
   * the loop has iterations and there is at least one band) */
  int bands = m->loop.n < LSC_AUTO_PROFILE_BANDS ? (int)m->loop.n : LSC_AUTO_PROFILE_BANDS;
  double *profile = realloc(c->profile, (size_t)(2 * bands + 1) * sizeof *profile);
  if (!profile)
    lsc_fatal("out of memory for schedule(auto) at %s:%d", m->loop.site->file, m->loop.site->line);
  c->profile = profile;
  double *band_cost = profile + bands + 1;
  int covered =
      lsc_auto_profile(c->chunks, c->count, per_iteration, m->executing, 0, m->loop.n, bands, band_cost);
  if (covered < 0)
    lsc_fatal("out of memory for schedule(auto) at %s:%d", m->loop.site->file, m->loop.site->line);
  c->bands = covered > 0 ? bands : 0;
  c->profile_n = m->loop.n;
  if (c->bands > 0)
    profile[0] = 0.0;
  for (int b = 0; b < c->bands; b++)
    profile[b + 1] = profile[b] + band_cost[b] * ((double)m->loop.n / bands);
  c->piece_units = iterations / c->count / m->unit > 0 ? iterations / c->count / m->unit : 1;
  snprintf(c->learned, sizeof c->learned,
           "calibrated on the first instance's %lld chunks (that one ran the static weights' pick)",
           (long long)c->count);
  c->redecide = c->learned;
  c->count = 0;
}
