/* schedule(auto)'s choice (lsc_auto_rank, runtime/sched/auto.c) on synthetic clusters: the ranking is sorted
 * and each prediction is the shared simulator's makespan for that technique; equal workers tie and the
 * earliest candidate (gss) wins; a slow-and-fast cluster drops gss and static; an expensive master picks the
 * fewest chunks; candidates beyond the chunk limit are predicted as never. The calibration's wait
 * (lsc_auto_ready) on hand-made states: when most samples are in and the rest have taken long enough, when
 * the pieces run out, never while a sample has not gone out. */
#include <math.h>

#include "lsc_sim.h"
#include "sched_check.h"

static double uniform_cost(void *ctx, int64_t start, int64_t size) {
  (void)ctx;
  (void)start;
  return (double)size;
}

static lsc_sim_cluster cluster(int64_t workers, const double *speeds, double service) {
  return (lsc_sim_cluster){.workers = workers, .speeds = speeds, .service = service, .cost = uniform_cost};
}

static lsc_auto_ranking rank_on(int64_t n, const lsc_sim_cluster *c) {
  lsc_plan_params pp = plan_params("gss", n, c->workers);
  lsc_auto_ranking r;
  lsc_sched_error err;
  if (lsc_auto_rank(&pp, c, &r, &err) != 0)
    UNIT_FAIL_AT("lsc_auto_rank refused: %s", err.message);
  return r;
}

static const char *pick_name(const lsc_auto_ranking *r) {
  return r->entries[r->pick].name;
}

/* Sorted, and each entry's time is what the simulator gives its technique on its own. */
static void test_ranking_is_the_simulators(void) {
  const double speeds[] = {1, 2, 4};
  lsc_sim_cluster c = cluster(3, speeds, 0.5);
  lsc_auto_ranking r = rank_on(5000, &c);
  CHECK_EQ_INT(r.count, 12);
  for (int k = 1; k < r.count; k++)
    CHECK(r.entries[k - 1].predicted <= r.entries[k].predicted);
  for (int k = 0; k < r.count; k++) {
    lsc_plan_params pp = plan_params("gss", 5000, 3);
    pp.schedule = r.entries[k].schedule;
    lsc_sched_error err;
    lsc_planner *pl = lsc_planner_new(&pp, &err);
    lsc_sim_result res;
    CHECK(pl && lsc_sim_run(&c, pl, 0, &res) == 0);
    CHECK(res.makespan == r.entries[k].predicted);
    lsc_sim_result_free(&res);
    lsc_planner_free(pl);
  }
}

/* Equal workers, a cheap master: every technique ends within 1% of the others, so the list's first wins. */
static void test_equal_workers_keep_the_default(void) {
  lsc_sim_cluster c = cluster(4, NULL, 0.0);
  lsc_auto_ranking r = rank_on(100000, &c);
  CHECK_EQ_STR(pick_name(&r), "gss");
  CHECK(r.entries[r.pick].predicted <= r.entries[0].predicted * (1 + LSC_AUTO_TIE));
}

/* One worker four times faster: gss's first chunk (a third of the loop) to a slow worker and static's equal
 * thirds both end near twice the ideal; the pick is a technique that adapts, near the ideal. */
static void test_uneven_cluster_drops_gss_and_static(void) {
  const double speeds[] = {1, 1, 4};
  lsc_sim_cluster c = cluster(3, speeds, 0.5);
  lsc_auto_ranking r = rank_on(10000, &c);
  const char *pick = pick_name(&r);
  CHECK(strcmp(pick, "gss") != 0 && strcmp(pick, "static") != 0);
  double ideal = 10000.0 / 6.0;
  CHECK(r.entries[r.pick].predicted < ideal * 1.05);
  CHECK(r.entries[r.count - 1].predicted > ideal * 1.9); /* static or gss, last */
}

/* A master that takes as long per request as 100 iterations: the fewest chunks win, one per worker. */
static void test_expensive_master_picks_few_chunks(void) {
  lsc_sim_cluster c = cluster(3, NULL, 100.0);
  lsc_auto_ranking r = rank_on(3000, &c);
  CHECK_EQ_STR(pick_name(&r), "static");
  CHECK_EQ_INT(r.pick, 0);
}

/* Past the chunk limit a candidate is not simulated: predicted never, ranked last, printed as such. */
static void test_chunk_limit(void) {
  lsc_sim_cluster c = cluster(2, NULL, 0.0);
  c.max_chunks = 4;
  lsc_auto_ranking r = rank_on(1000, &c);
  CHECK_EQ_STR(pick_name(&r), "static");
  CHECK(isinf(r.entries[r.count - 1].predicted));
  char text[1024];
  lsc_auto_format(&r, text, sizeof text);
  CHECK(strstr(text, "static 500") == text);
  CHECK(strstr(text, "(too many chunks to simulate)") != NULL);
}

/* Four ranks; ranks 0-2 in (one sample 0.1 s at the fastest), rank 3 out since t = 1. */
static int ready_at(double now, int in, int more, int sent3) {
  const double seconds[] = {0.1, 0.25, 0.3, 0.0};
  const int64_t timed[] = {5, 5, 5, 0};
  const double sent[] = {0.9, 0.9, 0.9, sent3 ? 1.0 : -1.0};
  int64_t t[4];
  for (int i = 0; i < 4; i++)
    t[i] = i < in ? timed[i] : 0;
  lsc_auto_wait w = {.ranks = 4, .in = in, .more = more, .now = now, .wait = 4.0};
  double s[4] = {seconds[0], seconds[1], seconds[2], seconds[3]};
  double at[4] = {sent[0], sent[1], sent[2], sent[3]};
  if (in < 3) /* the ranks that are not in went out at t = 1 too */
    for (int i = in; i < 3; i++)
      at[i] = 1.0;
  return lsc_auto_ready(&w, s, t, at);
}

static void test_calibration_wait(void) {
  /* most in: the one still out is waited for until it has taken 4 x 0.1 s */
  CHECK_EQ_INT(ready_at(1.39, 3, 1, 1), 0);
  CHECK_EQ_INT(ready_at(1.41, 3, 1, 1), 1);
  /* half is not most: pieces left, keep going whatever the time */
  CHECK_EQ_INT(ready_at(9.0, 2, 1, 1), 0);
  /* no piece left for the ranks that are in: decide on what is known */
  CHECK_EQ_INT(ready_at(1.01, 2, 0, 1), 1);
  /* a sample that has not gone out: its units precede the planner's part, so never */
  CHECK_EQ_INT(ready_at(9.0, 3, 0, 0), 0);
  /* every sample in */
  const double s[] = {1, 1};
  const int64_t t[] = {1, 1};
  const double at[] = {0, 0};
  lsc_auto_wait w = {.ranks = 2, .in = 2, .more = 1, .now = 0.0, .wait = 4.0};
  CHECK_EQ_INT(lsc_auto_ready(&w, s, t, at), 1);
}

int main(void) {
  RUN(test_calibration_wait);
  RUN(test_ranking_is_the_simulators);
  RUN(test_equal_workers_keep_the_default);
  RUN(test_uneven_cluster_drops_gss_and_static);
  RUN(test_expensive_master_picks_few_chunks);
  RUN(test_chunk_limit);
  return unit_result();
}
