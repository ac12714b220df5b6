/* The clock layer's offset estimate (the sample with the smallest round trip, its midpoint) and the table the
 * trace converts other ranks' times with. */
#include "obs/clock.h"
#include "unit.h"

#include <math.h>

static void test_estimate_keeps_the_shortest_round_trip(void) {
  /* The other clock is 1000 s ahead. The first sample's answer sat in a queue on the way back (its remote
   * reading is early in its round trip); the second is quick and symmetric. */
  lsc_clock_sample samples[] = {{10.0, 1010.001, 10.010}, {11.0, 1011.0001, 11.0002}, {12.0, 1012.0, 12.5}};
  double rtt;
  double offset = lsc_clock_offset_estimate(samples, 3, &rtt);
  CHECK(fabs(rtt - 0.0002) < 1e-12);
  CHECK(fabs(offset - 1000.0) < 1e-9);
  /* Within half the kept round trip of the truth, however the delay split between the directions. */
  lsc_clock_sample skewed[] = {{5.0, 505.0 + 0.0001, 5.0001}};
  offset = lsc_clock_offset_estimate(skewed, 1, &rtt);
  CHECK(fabs(offset - 500.0) <= rtt / 2 + 1e-12);
}

static void test_estimate_without_samples(void) {
  double rtt = 1;
  CHECK(lsc_clock_offset_estimate(NULL, 0, &rtt) == 0.0);
  CHECK(rtt == 0.0);
}

static void test_table(void) {
  CHECK(lsc_clock_to_master(1, 5.0) == 5.0); /* no table: times as they are */
  double offsets[] = {0, 1000, -2.5}, rtts[] = {0, 20e-6, 30e-6};
  CHECK(lsc_clock_set_offsets(offsets, rtts, 3) == 0);
  CHECK(lsc_clock_to_master(0, 7.0) == 7.0);
  CHECK(lsc_clock_to_master(1, 1007.0) == 7.0);
  CHECK(lsc_clock_to_master(2, 4.5) == 7.0);
  CHECK(lsc_clock_to_master(3, 7.0) == 7.0);  /* outside the table */
  CHECK(lsc_clock_to_master(-1, 7.0) == 7.0); /* the trace's instances track: rank 0's times */
  double rtt;
  CHECK(lsc_clock_offset(2, &rtt) == -2.5 && rtt == 30e-6);
  CHECK(lsc_clock_offset(9, &rtt) == 0.0 && rtt == 0.0);
  CHECK(lsc_clock_set_offsets(NULL, NULL, 0) == 0);
  CHECK(lsc_clock_to_master(1, 1007.0) == 1007.0);
}

int main(void) {
  RUN(test_estimate_keeps_the_shortest_round_trip);
  RUN(test_estimate_without_samples);
  RUN(test_table);
  return unit_result();
}
