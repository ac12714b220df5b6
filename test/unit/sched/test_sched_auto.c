/* schedule(auto)'s choice (lsc_auto_rank, runtime/sched/auto.c) on synthetic clusters: the ranking is sorted
 * and each prediction is the shared simulator's makespan for that technique; equal workers tie and the
 * earliest candidate (gss) wins; a slow-and-fast cluster drops gss and static; an expensive master picks the
 * fewest chunks; candidates beyond the chunk limit are predicted as never. */
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

int main(void) {
  RUN(test_ranking_is_the_simulators);
  RUN(test_equal_workers_keep_the_default);
  RUN(test_uneven_cluster_drops_gss_and_static);
  RUN(test_expensive_master_picks_few_chunks);
  RUN(test_chunk_limit);
  return unit_result();
}
