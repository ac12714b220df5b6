/* lsc_trip_count: the generated code's only arithmetic on the user's bounds, so every form is pinned here. */
#include "lsc.h"
#include "unit.h"

static void test_ascending(void) {
  CHECK_EQ_INT(lsc_trip_count(0, 10, 1, LSC_CMP_LT), 10);
  CHECK_EQ_INT(lsc_trip_count(0, 10, 1, LSC_CMP_LE), 11);
  CHECK_EQ_INT(lsc_trip_count(0, 10, 3, LSC_CMP_LT), 4); /* 0 3 6 9 */
  CHECK_EQ_INT(lsc_trip_count(0, 9, 3, LSC_CMP_LE), 4);  /* 0 3 6 9 */
  CHECK_EQ_INT(lsc_trip_count(5, 5, 1, LSC_CMP_LT), 0);
  CHECK_EQ_INT(lsc_trip_count(5, 5, 1, LSC_CMP_LE), 1);
  CHECK_EQ_INT(lsc_trip_count(7, 3, 1, LSC_CMP_LT), 0);
}

static void test_descending(void) {
  CHECK_EQ_INT(lsc_trip_count(10, 0, -1, LSC_CMP_GT), 10);
  CHECK_EQ_INT(lsc_trip_count(10, 0, -1, LSC_CMP_GE), 11);
  CHECK_EQ_INT(lsc_trip_count(10, 0, -4, LSC_CMP_GE), 3); /* 10 6 2 */
  CHECK_EQ_INT(lsc_trip_count(0, 10, -1, LSC_CMP_GT), 0);
  CHECK_EQ_INT(lsc_trip_count(0, 10, 1, LSC_CMP_GT), 0);
}

static void test_not_equal(void) {
  CHECK_EQ_INT(lsc_trip_count(0, 10, 2, LSC_CMP_NE), 5);
  CHECK_EQ_INT(lsc_trip_count(10, 0, -5, LSC_CMP_NE), 2);
  CHECK_EQ_INT(lsc_trip_count(3, 3, 1, LSC_CMP_NE), 0);
  CHECK_EQ_INT(lsc_trip_count(0, 10, 3, LSC_CMP_NE), -1); /* steps over the bound: never ends */
  CHECK_EQ_INT(lsc_trip_count(0, 10, -1, LSC_CMP_NE), -1);
}

static void test_wrong_direction_and_zero_step(void) {
  CHECK_EQ_INT(lsc_trip_count(0, 10, 0, LSC_CMP_LT), -1);
  CHECK_EQ_INT(lsc_trip_count(0, 10, -1, LSC_CMP_LT), -1); /* runs away from the bound */
  CHECK_EQ_INT(lsc_trip_count(10, 0, 1, LSC_CMP_GT), -1);
  CHECK_EQ_INT(lsc_trip_count(10, 0, -1, LSC_CMP_LT), 0); /* condition false at once: fine with any step */
  CHECK_EQ_INT(lsc_trip_count(10, 0, 0, LSC_CMP_LT), 0);
}

static void test_extremes_do_not_overflow(void) {
  CHECK_EQ_INT(lsc_trip_count(INT64_MIN, INT64_MAX, INT64_MAX, LSC_CMP_LT), 3);
  CHECK_EQ_INT(lsc_trip_count(INT64_MAX, INT64_MIN, INT64_MIN + 1, LSC_CMP_GT), 3);
  CHECK_EQ_INT(lsc_trip_count(0, INT64_C(1) << 62, 1, LSC_CMP_LT), INT64_C(1) << 62);
  /* 2^63 iterations do not fit the count: refused rather than wrapped. */
  CHECK_EQ_INT(lsc_trip_count(-(INT64_C(1) << 62), INT64_C(1) << 62, 1, LSC_CMP_LT), -1);
  CHECK_EQ_INT(lsc_trip_count(INT64_MIN, INT64_MAX, 1, LSC_CMP_LE), -1);
}

int main(void) {
  RUN(test_ascending);
  RUN(test_descending);
  RUN(test_not_equal);
  RUN(test_wrong_direction_and_zero_step);
  RUN(test_extremes_do_not_overflow);
  return unit_result();
}
