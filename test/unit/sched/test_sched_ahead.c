/* When rank 0 answers a request-ahead (runtime/sched/ahead.c), against hand-computed cases: lead seconds
 * before the held work ends at the worker's own rate, at once when it holds nothing, at its next RESULT
 * without a rate; the lead doubles (from the larger of lead and wait) when the worker still waited. */
#include "sched_check.h"

#include <math.h>

#define CHECK_NEAR(actual, expected, tolerance) CHECK(fabs((actual) - (expected)) <= (tolerance))

static void test_due(void) {
  /* holds 100 iterations begun at t=10; its results so far: 2 s over 50 iterations (40 ms each) -> ends at
   * 14 s; answered 1 ms before */
  CHECK_NEAR(lsc_ahead_due(10.0, 100, 2.0, 50, 1e-3), 13.999, 1e-12);
  /* a 3x slow worker (LSC_SLOWDOWN idling counts in its seconds): 750 iterations of 0.9 ms begun at 0 */
  CHECK_NEAR(lsc_ahead_due(0.0, 750, 0.9, 1000, 1e-3), 0.674, 1e-12);
  CHECK_NEAR(lsc_ahead_due(5.0, 0, 2.0, 50, 1e-3), 5.0, 0);  /* holds nothing: now */
  CHECK_NEAR(lsc_ahead_due(5.0, 10, 0.0, 0, 1e-3), -1.0, 0); /* no rate yet: its next RESULT */
  /* a lead longer than the work: due in the past, answered at once */
  CHECK(lsc_ahead_due(5.0, 1, 1e-6, 1, 1e-3) < 5.0);
}

static void test_lead(void) {
  CHECK_NEAR(lsc_ahead_next_lead(1e-3, 0.0), 1e-3, 0);
  CHECK_NEAR(lsc_ahead_next_lead(1e-3, LSC_AHEAD_SLACK), 1e-3, 0); /* within the slack: kept */
  CHECK_NEAR(lsc_ahead_next_lead(1e-3, 2e-4), 2e-3, 1e-15);        /* waited less than the lead */
  CHECK_NEAR(lsc_ahead_next_lead(1e-3, 5e-3), 1e-2, 1e-15);        /* waited more: twice the wait */
  CHECK_NEAR(lsc_ahead_next_lead(0.8, 0.9), LSC_AHEAD_MAX_LEAD, 0);
}

int main(void) {
  RUN(test_due);
  RUN(test_lead);
  return unit_result();
}
