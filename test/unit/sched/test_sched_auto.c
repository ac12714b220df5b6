/* schedule(auto)'s choice (lsc_auto_rank, runtime/sched/auto.c) on synthetic clusters: the ranking is sorted
 * and each prediction is the shared simulator's makespan for that technique; equal workers tie and the
 * earliest candidate (gss) wins; a slow-and-fast cluster drops gss and static; an expensive master picks the
 * fewest chunks; candidates beyond the chunk limit are predicted as never. The calibration's wait
 * (lsc_auto_ready) on hand-made states: when most samples are in and the rest have been out long enough,
 * when the pieces run out, never while a sample has not gone out; its rates (lsc_auto_rates): later pieces
 * alone, a first piece alone scaled by the other ranks' first-piece slowdown. The data a chunk moves holds
 * the master (send_per_unit): one worker's makespan by hand, and every candidate pays at least the loop's
 * data. */
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

/* Four ranks, every sample out at t = 1; ranks below `in` back, the quickest (rank 0) after 0.1 s; rank 3
 * out since t = 1 (sent3) or not sent yet. */
static int ready_at(double now, int in, int more, int sent3) {
  double sent[4] = {1.0, 1.0, 1.0, sent3 ? 1.0 : -1.0};
  double back[4] = {1.1, 1.25, 1.3, -1.0};
  for (int i = in; i < 4; i++)
    back[i] = -1.0;
  lsc_auto_wait w = {.ranks = 4, .in = in, .more = more, .now = now, .wait = 4.0};
  return lsc_auto_ready(&w, sent, back);
}

static void test_calibration_wait(void) {
  /* most in: the one still out is waited for until it has been out 4 x 0.1 s */
  CHECK_EQ_INT(ready_at(1.39, 3, 1, 1), 0);
  CHECK_EQ_INT(ready_at(1.41, 3, 1, 1), 1);
  /* half is not most: pieces left, keep going whatever the time */
  CHECK_EQ_INT(ready_at(9.0, 2, 1, 1), 0);
  /* no piece left for the ranks that are in: decide on what is known */
  CHECK_EQ_INT(ready_at(1.01, 2, 0, 1), 1);
  /* a sample that has not gone out: its units precede the planner's part, so never */
  CHECK_EQ_INT(ready_at(9.0, 3, 0, 0), 0);
  /* every sample in */
  CHECK_EQ_INT(ready_at(1.3, 4, 1, 1), 1);
}

/* Rank 0: first piece 5 iterations in 1 s, then 10 more in 1 s (a first piece 2x slower); rank 1: 5 in 2 s
 * and 10 more in 2 s (also 2x); rank 2 only its first, 5 in 4 s: taken as 4 / 5 / 2 s per iteration;
 * rank 3 not timed. */
static void test_calibration_rates(void) {
  const int64_t first[] = {5, 5, 5, 0};
  const double first_seconds[] = {1.0, 2.0, 4.0, 0.0};
  const int64_t timed[] = {15, 15, 5, 0};
  const double seconds[] = {2.0, 4.0, 4.0, 0.0};
  double per[4];
  lsc_auto_rates(4, first, first_seconds, timed, seconds, per);
  CHECK(fabs(per[0] - 0.1) < 1e-12);
  CHECK(fabs(per[1] - 0.2) < 1e-12);
  CHECK(fabs(per[2] - 0.4) < 1e-12);
  CHECK(per[3] == 0.0);
}

/* One worker, static: one chunk of 10 units; 0.5 s to answer, 0.1 s per unit of data, 1 s per unit. */
static void test_data_holds_the_master(void) {
  lsc_sim_cluster c = cluster(1, NULL, 0.5);
  c.send_per_unit = 0.1;
  lsc_plan_params pp = plan_params("static", 10, 1);
  lsc_sched_error err;
  lsc_planner *pl = lsc_planner_new(&pp, &err);
  CHECK(pl != NULL);
  lsc_sim_result r;
  CHECK_EQ_INT(lsc_sim_run(&c, pl, 0, &r), 0);
  CHECK(fabs(r.makespan - (0.5 + 10 * 0.1 + 10)) < 1e-9);
  lsc_sim_result_free(&r);
  lsc_planner_free(pl);
  /* four workers, data ten times the work: the master's link is the bottleneck for every candidate */
  lsc_sim_cluster d = cluster(4, NULL, 0.0);
  d.send_per_unit = 10.0;
  lsc_auto_ranking ranked = rank_on(1000, &d);
  for (int k = 0; k < ranked.count; k++)
    CHECK(ranked.entries[k].predicted >= 1000 * 10.0);
  /* and static, whose last chunk (a quarter) starts after all the data left, is the slowest */
  CHECK_EQ_STR(ranked.entries[ranked.count - 1].name, "static");
}

int main(void) {
  RUN(test_data_holds_the_master);
  RUN(test_calibration_wait);
  RUN(test_calibration_rates);
  RUN(test_ranking_is_the_simulators);
  RUN(test_equal_workers_keep_the_default);
  RUN(test_uneven_cluster_drops_gss_and_static);
  RUN(test_expensive_master_picks_few_chunks);
  RUN(test_chunk_limit);
  return unit_result();
}
