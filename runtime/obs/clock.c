/* clock.c - CLOCK_MONOTONIC in seconds, sleeping, and the table of other ranks' clock offsets (clock.h). The
 * estimate is pure arithmetic on samples taken elsewhere, so it is tested without MPI. */
#include "obs/clock.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static struct {
  double *offsets, *rtts;
  int ranks;
} table;

double lsc_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double lsc_cpu_now(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return -1;
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void lsc_sleep(double seconds) {
  if (seconds <= 0)
    return;
  struct timespec ts = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
    ;
}

double lsc_clock_offset_estimate(const lsc_clock_sample *samples, int count, double *rtt) {
  int best = -1;
  /* The shortest round trip leaves the least room for the remote reading: its error is at most half of it,
   * whatever the delays of the two directions were. */
  for (int i = 0; i < count; i++)
    if (best < 0 || samples[i].received - samples[i].sent < samples[best].received - samples[best].sent)
      best = i;
  if (best < 0) {
    *rtt = 0;
    return 0;
  }
  const lsc_clock_sample *s = &samples[best];
  *rtt = s->received - s->sent;
  return s->remote - (s->sent + s->received) / 2;
}

int lsc_clock_set_offsets(const double *offsets, const double *rtts, int ranks) {
  free(table.offsets);
  free(table.rtts);
  table.ranks = 0;
  table.offsets = ranks > 0 ? malloc((size_t)ranks * sizeof *offsets) : NULL;
  table.rtts = ranks > 0 ? malloc((size_t)ranks * sizeof *rtts) : NULL;
  if (ranks > 0 && (!table.offsets || !table.rtts))
    return -1;
  if (ranks > 0) {
    memcpy(table.offsets, offsets, (size_t)ranks * sizeof *offsets);
    memcpy(table.rtts, rtts, (size_t)ranks * sizeof *rtts);
  }
  table.ranks = ranks;
  return 0;
}

double lsc_clock_to_master(int rank, double t) {
  return rank > 0 && rank < table.ranks ? t - table.offsets[rank] : t;
}

double lsc_clock_offset(int rank, double *rtt) {
  int known = rank >= 0 && rank < table.ranks;
  *rtt = known ? table.rtts[rank] : 0;
  return known ? table.offsets[rank] : 0;
}
