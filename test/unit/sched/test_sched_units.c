/* A schedule and a workload over units of several iterations (lsc_schedule_in_units, lsc_workload_in_units),
 * as reproducible mode plans whole blocks: chunk counts round up to units, defaults stay defaults, a
 * workload's slope is restated per unit, and planning over units then multiplying by the unit covers the loop
 * in whole units for every scheme. */
#include "sched_check.h"

static void test_schedule_counts_round_up(void) {
  lsc_schedule s;
  lsc_sched_error err;
  CHECK_EQ_INT(lsc_schedule_parse("css(64)", &s, &err), 0);
  lsc_schedule_in_units(&s, 10);
  CHECK_EQ_INT(s.chunk, 7); /* 64 iterations: 7 blocks of 10, never fewer iterations than asked */
  CHECK_EQ_INT(lsc_schedule_parse("tss(125,3)", &s, &err), 0);
  lsc_schedule_in_units(&s, 25);
  CHECK_EQ_INT(s.first, 5);
  CHECK_EQ_INT(s.last, 1);
  CHECK_EQ_INT(lsc_schedule_parse("gss(1)", &s, &err), 0);
  lsc_schedule_in_units(&s, 1000);
  CHECK_EQ_INT(s.chunk, 1);
  CHECK_EQ_INT(lsc_schedule_parse("fss(3)", &s, &err), 0);
  lsc_schedule_in_units(&s, 8);
  CHECK(s.factor == 3.0 && s.chunk == 0 && s.first == 0 && s.last == 0); /* 0: still the scheme's default */
  CHECK_EQ_INT(lsc_schedule_parse("fiss(4)", &s, &err), 0);
  lsc_schedule_in_units(&s, 8);
  CHECK_EQ_INT(s.stages, 4); /* a count of stages, not of iterations */
  CHECK_EQ_INT(lsc_schedule_parse("css(64)", &s, &err), 0);
  lsc_schedule_in_units(&s, 1);
  CHECK_EQ_INT(s.chunk, 64);
}

static void test_workload_per_unit(void) {
  /* Iteration i costs 1 + 2i; unit j of 4 iterations costs on average 1 + 2*(4j + 1.5) = 4 + 8j. */
  lsc_workload w = {LSC_WORKLOAD_INCREASING, 1.0, 2.0};
  lsc_workload_in_units(&w, 4);
  CHECK(w.kind == LSC_WORKLOAD_INCREASING && w.b == 4.0 && w.h == 8.0);
  w = (lsc_workload){LSC_WORKLOAD_DECREASING, 1.0, 2.0};
  lsc_workload_in_units(&w, 4);
  CHECK(w.b == 4.0 && w.h == 8.0);
  w = (lsc_workload){LSC_WORKLOAD_UNIFORM, 0.0, 0.0};
  lsc_workload_in_units(&w, 4);
  CHECK(w.b == 0.0 && w.h == 0.0);
  w = (lsc_workload){LSC_WORKLOAD_INCREASING, 1.0, 2.0};
  lsc_workload_in_units(&w, 1);
  CHECK(w.b == 1.0 && w.h == 2.0);
}

/* Every scheme plans over units with the restated parameters and hands out all of them exactly once; times
 * the unit (the last one short) that is every iteration, in whole units. */
static void test_every_scheme_over_units(void) {
  static const char *const schedules[] = {
      "static",  "cyclic", "block_cyclic(30)", "pss",  "css(64)", "gss(20)", "fss", "tss(90,5)",
      "fiss(3)", "tfss",   "dcss(40)",         "dgss", "dfss",    "dtss"};
  const int64_t n = 1000, unit = 7, units = (n + unit - 1) / unit;
  double weights[3] = {1.0, 2.5, 1.0};
  for (size_t k = 0; k < sizeof schedules / sizeof schedules[0]; k++) {
    lsc_plan_params p = {{0}, 40, {LSC_WORKLOAD_INCREASING, 1.0, 0.5}, units, 3, weights, NULL, NULL};
    lsc_sched_error err;
    CHECK_EQ_INT(lsc_schedule_parse(schedules[k], &p.schedule, &err), 0);
    lsc_schedule_in_units(&p.schedule, unit);
    lsc_workload_in_units(&p.workload, unit);
    lsc_planner *pl = lsc_planner_new(&p, &err);
    CHECK(pl != NULL);
    if (!pl)
      continue;
    char seen[(1000 + 6) / 7] = {0};
    int64_t covered = 0;
    lsc_chunk c;
    for (int64_t asks = 0; asks < 100000 && lsc_planner_remaining(pl) > 0; asks++)
      for (int64_t w = 0; w < 3; w++)
        if (lsc_planner_next(pl, w, &c))
          for (int64_t u = c.start; u < c.start + c.size; u++) {
            CHECK(u >= 0 && u < units && !seen[u]);
            seen[u] = 1;
            int64_t first = u * unit, last = u + 1 == units ? n : (u + 1) * unit;
            covered += last - first;
          }
    CHECK_EQ_INT(covered, n);
    lsc_planner_free(pl);
  }
}

int main(void) {
  RUN(test_schedule_counts_round_up);
  RUN(test_workload_per_unit);
  RUN(test_every_scheme_over_units);
  return unit_result();
}
