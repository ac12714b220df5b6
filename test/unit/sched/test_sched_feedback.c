/* The feedback part of the scheme contract (lsc_planner_feedback): per-worker bookkeeping of finished
 * chunks, refusal of results that cannot be the planner's, and no effect on the chunks of today's schemes. */
#include <math.h>

#include "sched_check.h"

static lsc_planner *planner_for(const char *text, int64_t n, int64_t p) {
  lsc_plan_params pp = plan_params(text, n, p);
  lsc_sched_error err;
  lsc_planner *pl = lsc_planner_new(&pp, &err);
  if (!pl)
    UNIT_FAIL_AT("planner refused '%s': %s", text, err.message);
  return pl;
}

static void test_new_planner_has_no_feedback(void) {
  lsc_planner *pl = planner_for("gss", 100, 3);
  for (int64_t k = 0; k < 3; k++) {
    const lsc_feedback *f = lsc_planner_feedback_of(pl, k);
    CHECK(f != NULL);
    CHECK(f && f->chunks == 0 && f->iterations == 0 && f->seconds == 0.0);
  }
  CHECK(lsc_planner_feedback_of(pl, -1) == NULL);
  CHECK(lsc_planner_feedback_of(pl, 3) == NULL);
  CHECK(lsc_planner_feedback_of(NULL, 0) == NULL);
  lsc_planner_free(pl);
}

/* Each worker's chunks, iterations and seconds add up, and only its own. */
static void test_sums_per_worker(void) {
  lsc_planner *pl = planner_for("gss", 100, 3);
  lsc_chunk a, b, c;
  CHECK(lsc_planner_next(pl, 0, &a) && lsc_planner_next(pl, 2, &b) && lsc_planner_next(pl, 0, &c));
  CHECK_EQ_INT(lsc_planner_feedback(pl, 0, &a, 0.5), 0);
  CHECK_EQ_INT(lsc_planner_feedback(pl, 2, &b, 0.25), 0);
  CHECK_EQ_INT(lsc_planner_feedback(pl, 0, &c, 1.0), 0);
  const lsc_feedback *f0 = lsc_planner_feedback_of(pl, 0), *f1 = lsc_planner_feedback_of(pl, 1);
  const lsc_feedback *f2 = lsc_planner_feedback_of(pl, 2);
  CHECK_EQ_INT(f0->chunks, 2);
  CHECK_EQ_INT(f0->iterations, a.size + c.size);
  CHECK(f0->seconds == 1.5);
  CHECK(f1->chunks == 0 && f1->iterations == 0 && f1->seconds == 0.0);
  CHECK_EQ_INT(f2->chunks, 1);
  CHECK_EQ_INT(f2->iterations, b.size);
  CHECK(f2->seconds == 0.25);
  /* a chunk that took no measurable time still counts */
  CHECK_EQ_INT(lsc_planner_feedback(pl, 1, &b, 0.0), 0);
  CHECK_EQ_INT(f1->chunks, 1);
  lsc_planner_free(pl);
}

/* A result that cannot be one of the planner's chunks is refused and leaves every sum as it was. */
static void test_refuses_what_cannot_be_a_chunk(void) {
  lsc_planner *pl = planner_for("css(10)", 100, 2);
  lsc_chunk ok = {90, 10};
  const lsc_chunk bad_ranges[] = {{-1, 5}, {0, 0}, {0, -3}, {95, 10}, {100, 1}, {INT64_MAX, 1}};
  for (size_t i = 0; i < sizeof bad_ranges / sizeof bad_ranges[0]; i++)
    CHECK_EQ_INT(lsc_planner_feedback(pl, 0, &bad_ranges[i], 1.0), -1);
  const double bad_times[] = {-1e-9, NAN, INFINITY, -INFINITY};
  for (size_t i = 0; i < sizeof bad_times / sizeof bad_times[0]; i++)
    CHECK_EQ_INT(lsc_planner_feedback(pl, 0, &ok, bad_times[i]), -1);
  CHECK_EQ_INT(lsc_planner_feedback(pl, -1, &ok, 1.0), -1);
  CHECK_EQ_INT(lsc_planner_feedback(pl, 2, &ok, 1.0), -1);
  CHECK_EQ_INT(lsc_planner_feedback(pl, 0, NULL, 1.0), -1);
  CHECK_EQ_INT(lsc_planner_feedback(NULL, 0, &ok, 1.0), -1);
  for (int64_t k = 0; k < 2; k++) {
    const lsc_feedback *f = lsc_planner_feedback_of(pl, k);
    CHECK(f->chunks == 0 && f->iterations == 0 && f->seconds == 0.0);
  }
  CHECK_EQ_INT(lsc_planner_feedback(pl, 1, &ok, 2.0), 0);
  CHECK_EQ_INT(lsc_planner_feedback_of(pl, 1)->iterations, 10);
  lsc_planner_free(pl);
}

/* Today no scheme reads its feedback: a planner told every chunk's time hands out exactly the chunks of one
 * told nothing, whatever the times say. An adaptive scheme will be the exception this test then names. */
static void test_feedback_leaves_the_chunks_alone(void) {
  static const char *const schemes[] = {
      "static", "cyclic", "block_cyclic(3)", "pss",  "css(7)", "gss", "gss(4)", "fss", "tss",
      "fiss",   "tfss",   "dcss(5)",         "dgss", "dfss",   "dtss"};
  static const double weights[] = {3.0, 1.0, 1.5, 0.5};
  for (size_t s = 0; s < sizeof schemes / sizeof schemes[0]; s++) {
    lsc_plan_params pp = plan_params(schemes[s], 1000, 4);
    pp.alpha = 40;
    pp.weights = weights;
    lsc_sched_error err;
    lsc_planner *told = lsc_planner_new(&pp, &err), *silent = lsc_planner_new(&pp, &err);
    CHECK(told && silent);
    int64_t chunks = 0;
    for (int idle = 0, worker = 0; told && silent && idle < 4; worker = (worker + 1) % 4) {
      lsc_chunk a, b;
      int got_a = lsc_planner_next(told, worker, &a), got_b = lsc_planner_next(silent, worker, &b);
      CHECK_EQ_INT(got_a, got_b);
      if (!got_a) {
        idle++;
        continue;
      }
      idle = 0;
      chunks++;
      if (a.start != b.start || a.size != b.size)
        UNIT_FAIL_AT("%s: chunk %lld is [%lld, +%lld) with feedback, [%lld, +%lld) without", schemes[s],
                     (long long)chunks, (long long)a.start, (long long)a.size, (long long)b.start,
                     (long long)b.size);
      /* times far from the sizes: slow workers look fast and the other way round */
      CHECK_EQ_INT(lsc_planner_feedback(told, worker, &a, (double)(4 - worker) * 1e3 / (double)a.size), 0);
    }
    int64_t reported = 0;
    for (int64_t k = 0; told && k < 4; k++)
      reported += lsc_planner_feedback_of(told, k)->iterations;
    CHECK_EQ_INT(reported, 1000);
    CHECK_EQ_INT(lsc_planner_remaining(told), 0);
    lsc_planner_free(told);
    lsc_planner_free(silent);
  }
}

int main(void) {
  RUN(test_new_planner_has_no_feedback);
  RUN(test_sums_per_worker);
  RUN(test_refuses_what_cannot_be_a_chunk);
  RUN(test_feedback_leaves_the_chunks_alone);
  return unit_result();
}
