/* schedule(auto)'s choice (lsc_auto_rank, runtime/sched/auto.c) on synthetic clusters: the ranking is sorted
 * and each prediction is the shared simulator's makespan for that technique; equal workers tie and the
 * earliest candidate (gss) wins; a slow-and-fast cluster drops gss and static; an expensive master picks the
 * fewest chunks; candidates beyond the chunk limit are predicted as never. The calibration's wait
 * (lsc_auto_ready) on hand-made states: when most samples are in and the rest have been out long enough,
 * when the pieces run out, never while a sample has not gone out; its rates (lsc_auto_speeds) on simulated
 * calibrations: equal ranks on rows whose cost grows steeply come out equal, uneven ranks keep their ratios,
 * a rank with only its cold first piece is put on the later pieces' scale, and noisy pieces leave equal
 * ranks equal, and a prior stands where the pieces agree with it within their noise. Irregular costs (lsc_auto_rank_varied): cost profiles put gss behind fss, rank the same way
 * twice, and drop the rate-learning techniques when the ranks are equal; noisy feedback moves an adaptive
 * technique's makespan, reproducibly, and no other. The data a chunk moves holds
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

/* Irregular costs (lsc_auto_rank_varied): on equal workers, bands costing a log-normal multiple (log sd 1)
 * of the mean. Each prediction is the mean of the candidate's makespans over the profiles, none below the
 * ideal; gss, whose first chunks are a quarter of the loop, falls behind fss, which keeps chunks small until
 * late; the rate-learning techniques are no candidates once the calibration found the ranks as their
 * weights said, and are otherwise;
 * and the same variation gives the same ranking again. */
static void test_irregular_costs(void) {
  lsc_sim_cluster c = cluster(4, NULL, 0.0);
  lsc_plan_params pp = plan_params("gss", 4000, 4);
  lsc_auto_variation v = {.sigma = 1.0, .bands = 16, .profiles = 8};
  lsc_auto_ranking r, again;
  lsc_sched_error err;
  CHECK_EQ_INT(lsc_auto_rank_varied(&pp, &c, &v, &r, &err), 0);
  CHECK_EQ_INT(r.count, 12);
  double gss = 0, fss = 0;
  for (int k = 0; k < r.count; k++) {
    CHECK(r.entries[k].predicted >= 4000.0 / 4 * 0.999);
    gss = strcmp(r.entries[k].name, "gss") == 0 ? r.entries[k].predicted : gss;
    fss = strcmp(r.entries[k].name, "fss") == 0 ? r.entries[k].predicted : fss;
  }
  CHECK(gss > fss * 1.05);
  CHECK_EQ_INT(lsc_auto_rank_varied(&pp, &c, &v, &again, &err), 0);
  for (int k = 0; k < r.count; k++)
    CHECK(r.entries[k].predicted == again.entries[k].predicted);
  /* the uniform cost: gss and fss end together */
  lsc_auto_ranking plain = rank_on(4000, &c);
  CHECK_EQ_STR(pick_name(&plain), "gss");
  v.speeds_known = 1;
  CHECK_EQ_INT(lsc_auto_rank_varied(&pp, &c, &v, &r, &err), 0);
  CHECK_EQ_INT(r.count, 9);
  for (int k = 0; k < r.count; k++)
    CHECK(strncmp(r.entries[k].name, "awf", 3) != 0 && strcmp(r.entries[k].name, "af") != 0);
}

/* Noisy feedback (feedback_noise): an adaptive technique's makespan moves with it, the same noise gives the
 * same run, and a technique that learns nothing (fss) is untouched. */
static void test_feedback_noise(void) {
  const double speeds[] = {1, 1, 3};
  lsc_sim_cluster c = cluster(3, speeds, 0.0);
  double quiet[2], noisy[2], noisy_again[2];
  const char *names[2] = {"awf_c", "fss"};
  for (int k = 0; k < 2; k++) {
    lsc_plan_params pp = plan_params(names[k], 6000, 3);
    for (int run = 0; run < 3; run++) {
      c.feedback_noise = run ? 1.0 : 0.0;
      c.noise_units = 1;
      lsc_sched_error err;
      lsc_planner *pl = lsc_planner_new(&pp, &err);
      lsc_sim_result res;
      CHECK(pl && lsc_sim_run(&c, pl, 0, &res) == 0);
      (run == 0 ? quiet : run == 1 ? noisy : noisy_again)[k] = res.makespan;
      lsc_sim_result_free(&res);
      lsc_planner_free(pl);
    }
  }
  CHECK(noisy[0] != quiet[0]);
  CHECK(noisy[0] == noisy_again[0]);
  CHECK(noisy[1] == quiet[1]);
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
static int ready_at(double now, int in, int more, int sent3, double floor) {
  double sent[4] = {1.0, 1.0, 1.0, sent3 ? 1.0 : -1.0};
  double back[4] = {1.1, 1.25, 1.3, -1.0};
  for (int i = in; i < 4; i++)
    back[i] = -1.0;
  lsc_auto_wait w = {.ranks = 4, .in = in, .more = more, .now = now, .wait = 4.0, .floor = floor,
                     .pieces = 12, .enough = 12};
  return lsc_auto_ready(&w, sent, back);
}

static void test_calibration_wait(void) {
  /* most in: the one still out is waited for until it has been out 4 x 0.1 s */
  CHECK_EQ_INT(ready_at(1.39, 3, 1, 1, 0), 0);
  CHECK_EQ_INT(ready_at(1.41, 3, 1, 1, 0), 1);
  /* ... and at least the floor, when that is longer */
  CHECK_EQ_INT(ready_at(1.45, 3, 1, 1, 0.5), 0);
  CHECK_EQ_INT(ready_at(1.51, 3, 1, 1, 0.5), 1);
  /* half is not most: pieces left, keep going whatever the time */
  CHECK_EQ_INT(ready_at(9.0, 2, 1, 1, 0), 0);
  /* no piece left for the ranks that are in: decide on what is known */
  CHECK_EQ_INT(ready_at(1.01, 2, 0, 1, 0), 1);
  /* a sample that has not gone out: its units precede the planner's part, so never */
  CHECK_EQ_INT(ready_at(9.0, 3, 0, 0, 0), 0);
  /* every sample in */
  CHECK_EQ_INT(ready_at(1.3, 4, 1, 1, 0), 1);
  /* ... but too few pieces back, with more left: not yet; with none left: now */
  lsc_auto_wait w = {.ranks = 2, .in = 2, .more = 1, .now = 2.0, .wait = 4.0, .pieces = 5, .enough = 6};
  double sent[2] = {1.0, 1.0}, back[2] = {1.1, 1.2};
  CHECK_EQ_INT(lsc_auto_ready(&w, sent, back), 0);
  w.more = 0;
  CHECK_EQ_INT(lsc_auto_ready(&w, sent, back), 1);
}

/* The calibration as master.c runs it: every rank's first piece at once (cold: `cold` times slower), then
 * each rank that is done takes the next piece of `size` iterations, until `total`. A rank of slowness f runs
 * iteration i in f cost(i) seconds. */
static int64_t calibrate(int ranks, const double *slowness, double (*cost)(int64_t), int64_t size,
                         int64_t total, double cold, lsc_auto_piece *out) {
  double free_at[8];
  int64_t count = 0, next = 0;
  for (int r = 0; r < ranks; r++, next += size) {
    double t = 0.0;
    for (int64_t i = next; i < next + size; i++)
      t += cold * slowness[r] * cost(i);
    out[count++] = (lsc_auto_piece){r, 1, next, size, t};
    free_at[r] = t;
  }
  for (; next + size <= total; next += size) {
    int r = 0;
    for (int k = 1; k < ranks; k++)
      r = free_at[k] < free_at[r] ? k : r;
    double t = 0.0;
    for (int64_t i = next; i < next + size; i++)
      t += slowness[r] * cost(i);
    out[count++] = (lsc_auto_piece){r, 0, next, size, t};
    free_at[r] += t;
  }
  return count;
}

static double flat(int64_t i) {
  (void)i;
  return 1e-3;
}

/* mandelbrot's rows from the top: each 5-row piece about twice the one before */
static double steep(int64_t i) {
  return 1e-6 * exp((double)i / 7.0);
}

/* Each rank's seconds per iteration over rank 0's, against the slowness ratio: within `tolerance`. */
static void check_ratios(int ranks, const double *slowness, const double *per, double tolerance) {
  for (int r = 0; r < ranks; r++) {
    CHECK(per[r] > 0);
    double ratio = per[r] / per[0] / (slowness[r] / slowness[0]);
    if (fabs(ratio - 1.0) > tolerance)
      UNIT_FAIL_AT("rank %d: measured slowness ratio off by %.1f%%", r, 100.0 * (ratio - 1.0));
  }
}

/* Equal ranks on rows whose cost doubles every piece: plain means would take the ranks' rows for their
 * speeds (the one with the latest pieces looks several times slower); compared with their neighbours they
 * come out equal. */
static void test_speeds_not_costs(void) {
  double slowness[] = {1, 1, 1, 1}, per[4];
  lsc_auto_piece pieces[64];
  int64_t count = calibrate(4, slowness, steep, 5, 120, 1.0, pieces);
  CHECK_EQ_INT(lsc_auto_speeds(4, pieces, count, NULL, per, NULL), 0);
  check_ratios(4, slowness, per, 0.10);
  /* the plain mean's error on the same pieces, for the record: far more than 10% */
  double plain[4] = {0}, iterations[4] = {0};
  for (int64_t i = 0; i < count; i++)
    plain[pieces[i].rank] += pieces[i].seconds, iterations[pieces[i].rank] += (double)pieces[i].iterations;
  double lo = INFINITY, hi = 0.0;
  for (int r = 0; r < 4; r++)
    lo = fmin(lo, plain[r] / iterations[r]), hi = fmax(hi, plain[r] / iterations[r]);
  CHECK(hi / lo > 1.5);
}

/* The extreme cluster's slowness (1, 2.5, 6.44, 7.5) on the same rows, and on uniform ones: its ratios. */
static void test_uneven_speeds(void) {
  double slowness[] = {1, 2.5, 6.44, 7.5}, per[4];
  lsc_auto_piece pieces[64];
  int64_t count = calibrate(4, slowness, steep, 5, 120, 1.0, pieces);
  CHECK_EQ_INT(lsc_auto_speeds(4, pieces, count, NULL, per, NULL), 0);
  check_ratios(4, slowness, per, 0.05);
  count = calibrate(4, slowness, flat, 5, 120, 1.0, pieces);
  CHECK_EQ_INT(lsc_auto_speeds(4, pieces, count, NULL, per, NULL), 0);
  check_ratios(4, slowness, per, 1e-6);
  /* uniform rows: the scale is the time of an iteration, 1 ms for the fastest */
  CHECK(fabs(per[0] / 1e-3 - 1.0) < 1e-6);
}

/* Each rank's slowness ratio to rank 0 within `tolerance` of the truth. */
static int ratios_within(int ranks, const double *slowness, const double *per, double tolerance) {
  for (int r = 0; r < ranks; r++)
    if (!(per[r] > 0) || fabs(per[r] / per[0] / (slowness[r] / slowness[0]) - 1.0) > tolerance)
      return 0;
  return 1;
}

/* Pieces of a few microseconds: a third take up to 9x their time once (a page fault, a huge page zeroed), at
 * random, over 20 calibrations. Equal ranks come out equal within 10% in at least 18 (their plain ratios
 * differ by 2x and more) and never 2x apart. The extreme cluster's slow ranks run one or two pieces each, so
 * no estimate survives such noise there: with a third of the pieces up to 2x, its ratios are within 35% in
 * at least 18 and the three fastest ranks keep their order in all. */
static void test_noisy_pieces(void) {
  double equal[] = {1, 1, 1, 1}, uneven[] = {1, 2.5, 6.44, 7.5}, per[4];
  lsc_auto_piece pieces[64];
  unsigned seed = 12345;
  int close[2] = {0, 0};
  for (int trial = 0; trial < 20; trial++) {
    for (int which = 0; which < 2; which++) {
      const double *slowness = which ? uneven : equal;
      int64_t count = calibrate(4, slowness, flat, 1, 40, 1.0, pieces);
      for (int64_t i = 0; i < count; i++) {
        seed = seed * 1103515245u + 12345u;
        if ((seed >> 16) % 3 == 0)
          pieces[i].seconds *= 1.0 + (double)((seed >> 8) % 9) / (which ? 8.0 : 1.0);
      }
      CHECK_EQ_INT(lsc_auto_speeds(4, pieces, count, NULL, per, NULL), 0);
      close[which] += ratios_within(4, slowness, per, which ? 0.35 : 0.10);
      if (which)
        CHECK(per[0] < per[1] && per[1] < per[2]);
      else
        CHECK(ratios_within(4, slowness, per, 1.0));
    }
  }
  CHECK(close[0] >= 18);
  CHECK(close[1] >= 18);
}

/* A prior (the static weights): noisy pieces of the extreme cluster that agree with it within their noise
 * give its ratios exactly; clean pieces that contradict it (a prior of equal speeds) win. */
static void test_prior_speeds(void) {
  double uneven[] = {1, 2.5, 6.44, 7.5}, prior[] = {1, 1 / 2.5, 1 / 6.44, 1 / 7.5}, per[4];
  lsc_auto_piece pieces[64];
  unsigned seed = 99;
  int64_t count = calibrate(4, uneven, flat, 1, 40, 1.0, pieces);
  for (int64_t i = 0; i < count; i++) {
    seed = seed * 1103515245u + 12345u;
    pieces[i].seconds *= 1.0 + (double)((seed >> 8) % 9) / 8.0; /* 1-2x */
  }
  lsc_auto_scatter spread;
  CHECK_EQ_INT(lsc_auto_speeds(4, pieces, count, prior, per, &spread), 0);
  check_ratios(4, uneven, per, 1e-6);
  CHECK_EQ_INT(spread.agreed, 1);
  double equal[] = {1, 1, 1, 1};
  count = calibrate(4, uneven, flat, 1, 40, 1.0, pieces);
  CHECK_EQ_INT(lsc_auto_speeds(4, pieces, count, equal, per, &spread), 0);
  check_ratios(4, uneven, per, 1e-6);
  CHECK_EQ_INT(spread.agreed, 0);
}

/* First pieces twice as slow (cold); the slowest rank runs only its first: it is brought to the later
 * pieces' scale by the ranks that ran both (2.5 ms per iteration, not 5). */
static void test_cold_first_pieces(void) {
  double slowness[] = {1, 1.5, 2, 25}, per[4];
  lsc_auto_piece pieces[64];
  int64_t count = calibrate(4, slowness, flat, 5, 60, 2.0, pieces);
  int later = 0;
  for (int64_t i = 0; i < count; i++)
    later += pieces[i].rank == 3 && !pieces[i].first;
  CHECK_EQ_INT(later, 0);
  CHECK_EQ_INT(lsc_auto_speeds(4, pieces, count, NULL, per, NULL), 0);
  check_ratios(4, slowness, per, 1e-6);
  CHECK(fabs(per[0] / 1e-3 - 1.0) < 1e-6);
  CHECK(fabs(per[3] / 25e-3 - 1.0) < 1e-6);
  /* a rank with no piece is not timed */
  CHECK_EQ_INT(lsc_auto_speeds(4, pieces, 0, NULL, per, NULL), 0);
  CHECK(per[0] == 0.0 && per[3] == 0.0);
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
  RUN(test_speeds_not_costs);
  RUN(test_uneven_speeds);
  RUN(test_cold_first_pieces);
  RUN(test_noisy_pieces);
  RUN(test_prior_speeds);
  RUN(test_ranking_is_the_simulators);
  RUN(test_equal_workers_keep_the_default);
  RUN(test_uneven_cluster_drops_gss_and_static);
  RUN(test_expensive_master_picks_few_chunks);
  RUN(test_chunk_limit);
  RUN(test_irregular_costs);
  RUN(test_feedback_noise);
  return unit_result();
}
