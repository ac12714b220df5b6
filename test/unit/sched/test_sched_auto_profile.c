/* schedule(auto)'s cost profile from one instance's timed chunks (lsc_auto_profile, runtime/sched/
 * auto_profile.c), by hand and on simulated chunks: a chunk's time over its rank's time per mean iteration
 * is its iterations' cost; a band two chunks share is their overlap-weighted mean; bands no chunk covered
 * take their nearest covered neighbour's cost; the mean is 1; chunks of an unknown rank or of a rank with no
 * rate are skipped, and none usable gives 0. An increasing loop run by uneven ranks comes out increasing,
 * with the ranks' speeds divided out. */
#include <math.h>

#include "lsc_sim.h"
#include "unit.h"

static int near(double a, double b) { return fabs(a - b) < 1e-9; }

/* Two ranks, rank 1 twice as slow: [0, 10) costs 1 per iteration, [10, 20) costs 3. */
static void test_by_hand(void) {
  double per[] = {1e-3, 2e-3}, cost[4];
  lsc_auto_piece pieces[] = {{0, 1, 0, 10, 10 * 1e-3 * 1}, {1, 1, 10, 10, 10 * 2e-3 * 3}};
  CHECK_EQ_INT(lsc_auto_profile(pieces, 2, per, 2, 0, 20, 2, cost), 2);
  CHECK(near(cost[0], 0.5) && near(cost[1], 1.5)); /* 1 and 3 over their mean 2 */
  /* four bands: each chunk fills two */
  CHECK_EQ_INT(lsc_auto_profile(pieces, 2, per, 2, 0, 20, 4, cost), 4);
  CHECK(near(cost[0], 0.5) && near(cost[1], 0.5) && near(cost[2], 1.5) && near(cost[3], 1.5));
}

/* A chunk over half of each of two bands shares them with the chunks beside it, by overlap. */
static void test_overlap(void) {
  double per[] = {1.0, 1.0}, cost[2];
  /* [0, 5) costs 1, [5, 15) costs 4, [15, 20) costs 1: each band is half 1, half 4 */
  lsc_auto_piece pieces[] = {{0, 1, 0, 5, 5.0}, {1, 1, 5, 10, 40.0}, {0, 0, 15, 5, 5.0}};
  CHECK_EQ_INT(lsc_auto_profile(pieces, 3, per, 2, 0, 20, 2, cost), 2);
  CHECK(near(cost[0], 1.0) && near(cost[1], 1.0));
  /* a re-issued copy of [5, 10) that measured cost 2 there: band 0 is (5 x 1 + 5 x 4 + 5 x 2) / 15 */
  lsc_auto_piece more[] = {{0, 1, 0, 5, 5.0}, {1, 1, 5, 10, 40.0}, {0, 0, 15, 5, 5.0}, {0, 0, 5, 5, 10.0}};
  CHECK_EQ_INT(lsc_auto_profile(more, 4, per, 2, 0, 20, 2, cost), 2);
  double b0 = 35.0 / 15.0, b1 = 2.5, mean = (b0 + b1) / 2;
  CHECK(near(cost[0], b0 / mean) && near(cost[1], b1 / mean));
}

/* Bands no chunk covered (a leading piece not timed, the loop's tail) take the nearest covered band's. */
static void test_gaps(void) {
  double per[] = {1.0}, cost[5];
  lsc_auto_piece pieces[] = {{0, 1, 4, 2, 2.0}, {0, 0, 12, 2, 6.0}}; /* bands 1 (cost 1) and 3 (cost 3) */
  CHECK_EQ_INT(lsc_auto_profile(pieces, 2, per, 1, 0, 20, 5, cost), 2);
  double raw[] = {1, 1, 1, 3, 3}, mean = 9.0 / 5;
  for (int b = 0; b < 5; b++)
    CHECK(near(cost[b], raw[b] / mean));
}

static void test_unusable(void) {
  double per[] = {1.0, 0.0}, cost[3] = {7, 7, 7};
  lsc_auto_piece pieces[] = {{1, 1, 0, 5, 1.0}, {2, 1, 5, 5, 1.0}, {0, 1, 10, 0, 1.0}};
  CHECK_EQ_INT(lsc_auto_profile(pieces, 3, per, 2, 0, 15, 3, cost), 0);
  CHECK_EQ_INT(lsc_auto_profile(pieces, 0, per, 2, 0, 15, 3, cost), 0);
  CHECK_EQ_INT(lsc_auto_profile(pieces, 3, per, 2, 5, 5, 3, cost), 0);
}

/* Iteration i costs i + 1 on 3 ranks of slowness 1, 2.5, 7.5 taking guided-like chunks in turn: the profile's
 * bands follow (i + 1) / mean within the chunks' resolution, whoever ran them. */
static void test_increasing_on_uneven_ranks(void) {
  enum { N = 3000, BANDS = 10 };
  double slowness[] = {1, 2.5, 7.5}, per[3], cost[BANDS];
  double mean = (N + 1) / 2.0;
  for (int r = 0; r < 3; r++)
    per[r] = slowness[r] * mean * 1e-6; /* seconds per mean iteration */
  lsc_auto_piece pieces[64];
  int count = 0;
  for (int64_t start = 0, rank = 0; start < N; rank = (rank + 1) % 3) {
    int64_t left = N - start, size = left / 6 > 20 ? left / 6 : (left < 20 ? left : 20);
    double work = 0; /* sum of i + 1 over the chunk */
    for (int64_t i = start; i < start + size; i++)
      work += (double)(i + 1);
    pieces[count++] = (lsc_auto_piece){(int)rank, count < 3, start, size, work * slowness[rank] * 1e-6};
    start += size;
  }
  CHECK_EQ_INT(lsc_auto_profile(pieces, count, per, 3, 0, N, BANDS, cost), BANDS);
  /* never decreasing; the first chunks span several bands (the first 500 iterations, their mean cost), the
   * later ones are finer: there the bands are within 35% of the truth */
  for (int b = 1; b < BANDS; b++)
    CHECK(cost[b] >= cost[b - 1] - 1e-9);
  for (int b = BANDS / 2; b < BANDS; b++) {
    double truth = ((b + 0.5) * N / BANDS + 1) / mean;
    CHECK(fabs(cost[b] / truth - 1.0) < 0.35);
  }
  CHECK(cost[BANDS - 1] > 5 * cost[0]);
}

int main(void) {
  RUN(test_by_hand);
  RUN(test_overlap);
  RUN(test_gaps);
  RUN(test_unusable);
  RUN(test_increasing_on_uneven_ranks);
  return unit_result();
}
