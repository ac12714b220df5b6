/* master_auto_calibration.c - schedule(auto)'s calibration samples on a site without a prior (measured
 * weights, alpha(auto); master_auto.h): master.c's hooks hand every computing rank a sample and, while the
 * choice waits, more pieces to the ranks that are in; each piece's rate is folded in with lsc_auto_speeds
 * (each piece against its neighbours of other ranks), and lsc_auto_ready says when to choose. */
#include "exec/master_auto.h"
#include "exec/master_auto_state.h"

#include "fatal.h"
#include "obs/clock.h"
#include "state.h"

#include <stdlib.h>

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

/* master_auto_state.h: the calibration's pieces and the weights' instance's chunks grow the same way */
void lsc_auto_keep(const lsc_master *m, lsc_auto_piece **list, int64_t *count, int64_t *room,
                   lsc_auto_piece piece) {
  if (*count == *room) {
    if (*room >= LSC_AUTO_MAX_PIECES)
      return;
    int64_t grown_room = *room ? 2 * *room : 64;
    lsc_auto_piece *grown = realloc(*list, (size_t)grown_room * sizeof *grown);
    if (!grown)
      lsc_fatal("out of memory for schedule(auto) at %s:%d", m->loop.site->file, m->loop.site->line);
    *list = grown;
    *room = grown_room;
  }
  (*list)[(*count)++] = piece;
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
  lsc_auto_keep(m, &cal->pieces, &cal->count, &cal->room,
                (lsc_auto_piece){index, first, start, iterations, seconds});
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
