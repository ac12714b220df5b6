/* auto_profile.c - a loop's iteration costs along its range, read from the timed chunks of one of its
 * instances (lsc_sim.h, lsc_auto_profile).
 * A chunk's time is its iterations' cost times its rank's slowness; with the slowness known (lsc_auto_speeds,
 * which compares neighbouring chunks of different ranks to tell the two apart), a chunk's time per iteration
 * over its rank's mean time per iteration is the relative cost of its iterations. The range is cut into
 * equal bands; each band's cost is the mean of the chunks over it, weighted by how much of it each covers (a
 * re-issued copy is a second reading of the same iterations). A band no chunk covered (rank 0's leading
 * piece, say) takes the cost of the nearest band that has one: the profile is then a step function whose
 * steps are as fine as the chunks were, which is what the simulator needs to rank the candidates on where the
 * costly iterations are rather than on a guess of how much they scatter (lsc_auto_variation). */
#include "lsc_sim.h"

#include <stdlib.h>

/* Spreads a chunk's relative cost over the bands it overlaps. */
static void spread_piece(double from, double band, int bands, double lo, double hi, double relative,
                         double *sum, double *covered) {
  int first = (int)((lo - from) / band), last = (int)((hi - from) / band);
  first = first < 0 ? 0 : first;
  last = last >= bands ? bands - 1 : last;
  for (int b = first; b <= last; b++) {
    double begin = from + band * b, end = begin + band;
    double overlap = (hi < end ? hi : end) - (lo > begin ? lo : begin);
    if (overlap > 0) {
      sum[b] += relative * overlap;
      covered[b] += overlap;
    }
  }
}

int lsc_auto_profile(const lsc_auto_piece *pieces, int64_t count, const double *per_iteration, int ranks,
                     int64_t from, int64_t to, int bands, double *cost) {
  if (bands < 1 || to <= from)
    return 0;
  double *covered = calloc((size_t)bands, sizeof *covered);
  if (!covered)
    return -1;
  double band = (double)(to - from) / bands;
  for (int b = 0; b < bands; b++)
    cost[b] = 0.0;
  for (int64_t k = 0; k < count; k++) {
    const lsc_auto_piece *p = &pieces[k];
    if (p->rank < 0 || p->rank >= ranks || per_iteration[p->rank] <= 0 || p->iterations <= 0 ||
        p->seconds <= 0)
      continue;
    double relative = p->seconds / (double)p->iterations / per_iteration[p->rank];
    spread_piece((double)from, band, bands, (double)p->start, (double)(p->start + p->iterations), relative,
                 cost, covered);
  }
  int filled = 0;
  for (int b = 0; b < bands; b++)
    if (covered[b] > 0) {
      cost[b] /= covered[b];
      filled++;
    }
  if (filled == 0) {
    free(covered);
    return 0;
  }
  /* bands no chunk covered: the nearest covered band's cost, from the left, then the leading ones from the
   * first covered band */
  int last = -1;
  for (int b = 0; b < bands; b++) {
    if (covered[b] > 0)
      last = b;
    else if (last >= 0)
      cost[b] = cost[last];
  }
  int first = 0;
  while (covered[first] <= 0)
    first++;
  for (int b = 0; b < first; b++)
    cost[b] = cost[first];
  free(covered);
  /* mean 1: the rates are per mean iteration */
  double mean = 0.0;
  for (int b = 0; b < bands; b++)
    mean += cost[b];
  mean /= bands;
  for (int b = 0; b < bands; b++)
    cost[b] = mean > 0 ? cost[b] / mean : 1.0;
  return filled;
}
