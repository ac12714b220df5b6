/* reissue_sample.c - calibration samples in re-issue's table (docs/runtime.md, re-issue: calibration). A
 * sample goes out like a chunk and enters the table, so its late result is recognised and dropped like a late
 * copy's, but *withheld*: neither copied nor split while the calibration waits for its timing, since a copy
 * that won would drop the one result the calibration waits for. The calibration stops waiting for a sample
 * once at least half of the samples are in and this one has been out LSC_REISSUE_OVERDUE times as long as the
 * slowest of them took (at least LSC_SAMPLE_WAIT_MIN: a time slice given to another program must not look
 * like a stopped rank); then, or when the calibration finishes otherwise, the samples still out are released
 * as ordinary chunks, overdue from the start when they were given up. Pure: the time is an argument. */
#include "reissue_table.h"
#include "sched_internal.h"

void lsc_reissue_withhold(lsc_reissue_table *t, int64_t id) {
  lsc_reissue_set_hold(t, id, REISSUE_HOLD_SAMPLE, 1);
}

int lsc_reissue_withheld(const lsc_reissue_table *t, int64_t id) {
  return id >= 0 && id < t->count && (t->entries[id].hold & REISSUE_HOLD_SAMPLE) != 0;
}

int64_t lsc_reissue_release_withheld(lsc_reissue_table *t, double expected) {
  int64_t released = 0;
  lsc_reissue_skip_done(t);
  for (int64_t i = t->oldest; i < t->count; i++) {
    reissue_entry *e = &t->entries[i];
    if (!(e->hold & REISSUE_HOLD_SAMPLE))
      continue;
    e->hold &= ~REISSUE_HOLD_SAMPLE;
    if (e->done)
      continue;
    e->expected = expected;
    released++;
  }
  return released;
}

double lsc_reissue_sample_deadline(double sent, int in, int samples, double slowest) {
  if (in < 1 || 2 * in < samples || slowest < 0)
    return -1.0;
  double wait = LSC_REISSUE_OVERDUE * slowest;
  return sent + (wait > LSC_SAMPLE_WAIT_MIN ? wait : LSC_SAMPLE_WAIT_MIN);
}
