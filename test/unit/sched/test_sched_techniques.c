/* The DLS techniques of issue 16 against tables computed by hand from their formulas (docs/schedules.md):
 * N = 1000, p = 4, workers asking in turn unless a test says otherwise. */
#include <math.h>

#include "sched_check.h"

static int64_t sizes[MAX_TABLE];

static int run(const char *text, int64_t n, int64_t p) {
  lsc_plan_params pp = plan_params(text, n, p);
  return plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
}

static void test_fsc(void) {
  /* (sqrt(2) 1000 / (4 sqrt(ln 4)))^(2/3) = 300.28^(2/3) = 44.85 -> 45 (h = sigma by default) */
  int n = run("fsc", 1000, 4);
  CHECK_EQ_INT(n, 23);
  for (int i = 0; i < 22 && i < n; i++)
    CHECK_EQ_INT(sizes[i], 45);
  CHECK_EQ_INT(sizes[22], 10);
  /* h / sigma = 1/8: (300.28 / 8)^(2/3) = 11.21 -> 12 */
  n = run("fsc(0.5,4)", 1000, 4);
  CHECK_EQ_INT(sizes[0], 12);
  /* one processor: the whole loop */
  n = run("fsc", 1000, 1);
  CHECK_SIZES(sizes, n, 1000);
}

static void test_mfsc(void) {
  /* T = 250: 250 ln 2 / ln 250 = 31.38, + 0.55 -> 31 */
  int n = run("mfsc", 1000, 4);
  CHECK_EQ_INT(n, 33);
  CHECK_EQ_INT(sizes[0], 31);
  CHECK_EQ_INT(sizes[32], 8);
}

static void test_fac(void) {
  /* sigma/mu = 1: R = 1000: b = 4/(2 sqrt 1000) = 0.0632, x = 1.0935, 1000/(4x) = 228.6 -> 229;
   * R = 84: b = 0.2182, x = 1.3599 -> 15.44 -> 16; R = 20: x = 1.8633 -> 2.68 -> 3; R = 8: x = 2.618 -> 1;
   * R = 4: x = 3.732 -> 1 */
  int n = run("fac", 1000, 4);
  CHECK_SIZES(sizes, n, 229, 229, 229, 229, 16, 16, 16, 16, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1);
  /* no variance: x = 1, one batch of R/p */
  n = run("fac(1,0)", 1000, 4);
  CHECK_SIZES(sizes, n, 250, 250, 250, 250);
  /* fac2 is FSS with x = 2 */
  n = run("fac2", 1000, 4);
  CHECK_SIZES(sizes, n, 125, 125, 125, 125, 63, 63, 63, 63, 31, 31, 31, 31, 16, 16, 16, 16, 8, 8, 8, 8, 4, 4,
              4, 4, 2, 2, 2, 2, 1, 1, 1, 1);
}

static void test_wf(void) {
  /* weights 3,1,1,1 -> w = 2, 2/3, 2/3, 2/3; batch R/(2p): 125 -> 250 84 84 84; R = 498: 62.25 -> 125 42 ...
   */
  lsc_plan_params pp = plan_params("wf", 1000, 4);
  const double weights[] = {3, 1, 1, 1};
  pp.weights = weights;
  int n = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_SIZES(sizes, n, 250, 84, 84, 84, 125, 42, 42, 42, 62, 21, 21, 21, 31, 11, 11, 11, 15, 5, 5, 5, 7, 3,
              3, 3, 3, 1, 1, 1, 2, 1, 1, 1, 1);
  /* equal weights: FAC2 */
  n = run("wf", 1000, 4);
  CHECK_SIZES(sizes, n, 125, 125, 125, 125, 63, 63, 63, 63, 31, 31, 31, 31, 16, 16, 16, 16, 8, 8, 8, 8, 4, 4,
              4, 4, 2, 2, 2, 2, 1, 1, 1, 1);
}

static void test_tap(void) {
  /* v = 1.3: x = 250: 250 + 0.845 - 1.3 sqrt(500.4225) = 221.76 -> 222; x = 194.5 -> 169.69 -> 170;
   * x = 152 -> 130.16 -> 131 */
  int n = run("tap", 1000, 4);
  CHECK(n > 3);
  CHECK_EQ_INT(sizes[0], 222);
  CHECK_EQ_INT(sizes[1], 170);
  CHECK_EQ_INT(sizes[2], 131);
  /* sigma = 0: v = 0, GSS */
  n = run("tap(1,0)", 1000, 4);
  CHECK_SIZES(sizes, n, 250, 188, 141, 106, 79, 59, 45, 33, 25, 19, 14, 11, 8, 6, 4, 3, 3, 2, 1, 1, 1, 1);
}

static void test_viss(void) {
  /* k = p = 4: 1000/16 -> 63; stages add 31, 15, ...: 63 94 109, the last clamped */
  int n = run("viss", 1000, 4);
  CHECK_SIZES(sizes, n, 63, 63, 63, 63, 94, 94, 94, 94, 109, 109, 109, 45);
  n = run("viss(2)", 1000, 4); /* 125, then 187, 218 */
  CHECK_SIZES(sizes, n, 125, 125, 125, 125, 187, 187, 126);
}

static void test_pls(void) {
  /* swr 0.5: 500 split once (125 each), then GSS over 500 */
  int n = run("pls", 1000, 4);
  CHECK_SIZES(sizes, n, 125, 125, 125, 125, 125, 94, 71, 53, 40, 30, 22, 17, 12, 9, 7, 5, 4, 3, 2, 2, 1, 1, 1,
              1);
  n = run("pls(1)", 1000, 4);
  CHECK_SIZES(sizes, n, 250, 250, 250, 250);
}

static void test_rnd(void) {
  /* the same seed, the same sizes; another seed, others; every size in [min, max] */
  lsc_plan_params pp = plan_params("rnd(3,40)", 5000, 4);
  static int64_t first[MAX_TABLE];
  int n1 = plan_sizes_round_robin(&pp, first, MAX_TABLE);
  int n2 = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_EQ_INT(n1, n2);
  int same = 1;
  for (int i = 0; i < n1 && i < n2; i++)
    same &= first[i] == sizes[i];
  CHECK(same);
  for (int i = 0; i < n1 - 1; i++) /* the last one is clamped to what remains */
    if (first[i] < 3 || first[i] > 40)
      UNIT_FAIL_AT("chunk %d is %lld, outside [3, 40]", i, (long long)first[i]);
  pp.schedule.seed = 12345;
  int n3 = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  int differ = 0;
  for (int i = 0; i < n1 && i < n3; i++)
    differ |= first[i] != sizes[i];
  CHECK(differ);
  /* default range [1, ceil(N/2p)] = [1, 125] */
  int n = run("rnd", 1000, 4);
  for (int i = 0; i < n - 1; i++)
    if (sizes[i] < 1 || sizes[i] > 125)
      UNIT_FAIL_AT("chunk %d is %lld, outside [1, 125]", i, (long long)sizes[i]);
}

static lsc_chunk next_of(lsc_planner *pl, int64_t worker) {
  lsc_chunk c = {-1, 0};
  if (!lsc_planner_next(pl, worker, &c))
    c.size = 0;
  return c;
}

static void test_static_steal(void) {
  /* blocks of 250, k = ceil(1000/16) = 63: 63 63 63 61 from each block */
  int n = run("static_steal", 1000, 4);
  CHECK_SIZES(sizes, n, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 61, 61, 61, 61);
  /* worker 1 alone: its block, then steals from the back of worker 0's (at most half of what is left) */
  lsc_plan_params pp = plan_params("static_steal(100)", 400, 2);
  lsc_sched_error err;
  lsc_planner *pl = lsc_planner_new(&pp, &err);
  lsc_chunk c = next_of(pl, 1);
  CHECK(c.start == 200 && c.size == 100);
  c = next_of(pl, 1);
  CHECK(c.start == 300 && c.size == 100);
  c = next_of(pl, 1); /* worker 0's block [0, 200): the back 100 */
  CHECK(c.start == 100 && c.size == 100);
  c = next_of(pl, 0);
  CHECK(c.start == 0 && c.size == 100);
  c = next_of(pl, 1);
  CHECK(c.size == 0);
  lsc_planner_free(pl);
}

/* AWF-B and AWF-C ([dls4lb]): N = 1000, p = 2, minimum chunk mFSC/2 = 28 (T = 500: 55.77 + 0.55 -> 56).
 * Worker 0 takes 1 s per iteration, worker 1 3 s: wap 1 and 3, weights 2 (1/1) / (4/3) = 1.5 and 0.5. */
static void test_awf(void) {
  lsc_sched_error err;
  const char *const schemes[] = {"awf_b", "awf_d", "awf_c", "awf_e"};
  for (int s = 0; s < 4; s++) {
    lsc_plan_params pp = plan_params(schemes[s], 1000, 2);
    lsc_planner *pl = lsc_planner_new(&pp, &err);
    lsc_chunk a = next_of(pl, 0), b = next_of(pl, 1);
    CHECK(a.size == 28 && b.size == 28);
    CHECK_EQ_INT(lsc_planner_feedback(pl, 0, &a, 28.0), 0);
    CHECK_EQ_INT(lsc_planner_feedback(pl, 1, &b, 84.0), 0);
    /* R = 944: FAC2's ceil(944/4) = 236; worker 0: 1.5 x 236 = 354 */
    a = next_of(pl, 0);
    CHECK_EQ_INT(a.size, 354);
    /* B and D: the same batch, 0.5 x 236 = 118; C and E: R = 590, ceil(590/4) = 148, 0.5 x 148 = 74 */
    b = next_of(pl, 1);
    CHECK_EQ_INT(b.size, s < 2 ? 118 : 74);
    lsc_planner_free(pl);
  }
}

/* AF ([banicescu-af]), af(10) over N = 1000, p = 2 (maximum chunk ceil(1000/4) = 250). */
static void test_af(void) {
  lsc_sched_error err;
  lsc_plan_params pp = plan_params("af(10)", 1000, 2);
  lsc_planner *pl = lsc_planner_new(&pp, &err);
  lsc_chunk c0 = next_of(pl, 0), c1 = next_of(pl, 1);
  CHECK(c0.size == 10 && c1.size == 10);  /* nobody measured: the minimum */
  lsc_planner_feedback(pl, 0, &c0, 10.0); /* mu 1 */
  lsc_planner_feedback(pl, 1, &c1, 30.0); /* mu 3 */
  /* D = 0, T = 1 / (1 + 1/3) = 0.75, R = 980: C = 2 T R / (2 mu_0) = 735, capped at 250 */
  lsc_chunk c2 = next_of(pl, 0);
  CHECK_EQ_INT(c2.size, 250);
  lsc_planner_feedback(pl, 0, &c2, 350.0);
  /* worker 0: t = 10, 350 over n = 10, 250: mu = 360/260 = 1.3846, sum t^2/n = 10 + 490 = 500,
   * sigma^2 = 500 - 1.3846 x 360 = 1.5385, sigma^2/mu = 1.1111; worker 1: mu 3, sigma 0.
   * D = 1.1111, T = 1 / (0.7222 + 0.3333) = 0.9474, R = 730:
   * (D + 2TR - sqrt(D (D + 4TR))) / (2 mu_1) = (1.1111 + 1383.16 - 55.45) / 6 = 221.47 -> 222 */
  lsc_chunk c3 = next_of(pl, 1);
  CHECK_EQ_INT(c3.size, 222);
  lsc_planner_free(pl);
}

/* Across instances of a loop site: the memory carries the rates (AWF, AF) and the ranges (static_steal). */
static void test_memory(void) {
  lsc_sched_error err;
  lsc_sched_memory *m = lsc_sched_memory_new();
  CHECK(m != NULL);
  lsc_plan_params pp = plan_params("awf", 1000, 2);
  pp.memory = m;
  /* first instance: no rates yet, AWF is WF with equal weights (FAC2): 250 250 */
  lsc_planner *pl = lsc_planner_new(&pp, &err);
  lsc_chunk a = next_of(pl, 0), b = next_of(pl, 1);
  CHECK(a.size == 250 && b.size == 250);
  lsc_planner_feedback(pl, 0, &a, 250.0); /* 1 s per iteration */
  lsc_planner_feedback(pl, 1, &b, 750.0); /* 3 s */
  lsc_planner_free(pl);
  /* second instance: weights 1.5 and 0.5 from the start: 1.5 x 250 = 375, 0.5 x 250 = 125 */
  pl = lsc_planner_new(&pp, &err);
  a = next_of(pl, 0);
  b = next_of(pl, 1);
  CHECK_EQ_INT(a.size, 375);
  CHECK_EQ_INT(b.size, 125);
  lsc_planner_free(pl);
  CHECK_EQ_INT(lsc_sched_memory_instances(m), 2);
  /* AWF-C in a later instance needs no minimum chunk: its first request is already weighted */
  pp.schedule.scheme = LSC_SCHEME_AWF_C;
  pl = lsc_planner_new(&pp, &err);
  a = next_of(pl, 0);
  CHECK(a.size > 28);
  lsc_planner_free(pl);
  /* another worker count starts afresh */
  lsc_plan_params three = plan_params("awf_c", 1000, 3);
  three.memory = m;
  pl = lsc_planner_new(&three, &err);
  a = next_of(pl, 0);
  CHECK_EQ_INT(a.size, 20); /* unmeasured again: T = 334, 334 ln 2 / ln 334 = 39.84 + 0.55 -> 40, half */
  lsc_planner_free(pl);
  lsc_sched_memory_free(m);
}

static void test_steal_affinity(void) {
  lsc_sched_error err;
  lsc_sched_memory *m = lsc_sched_memory_new();
  lsc_plan_params pp = plan_params("static_steal(250)", 1000, 2);
  pp.memory = m;
  /* first instance: worker 0 runs its block and steals half of worker 1's: 750 against 250 */
  lsc_planner *pl = lsc_planner_new(&pp, &err);
  lsc_chunk c;
  while ((c = next_of(pl, 0)).size > 0)
    lsc_planner_feedback(pl, 0, &c, 1.0);
  lsc_chunk last = next_of(pl, 1);
  CHECK_EQ_INT(last.size, 0);
  lsc_planner_free(pl);
  /* second instance: blocks of 750 and 250, in worker order: each gets the front of the range it ran */
  pl = lsc_planner_new(&pp, &err);
  c = next_of(pl, 1);
  CHECK(c.start == 750 && c.size == 250);
  c = next_of(pl, 0);
  CHECK(c.start == 0 && c.size == 250);
  lsc_planner_free(pl);
  lsc_sched_memory_free(m);
}

/* BOLD ([hagerup-bold]), defaults sigma/mu = 1, h/mu = 1: a = 2, b = 16 ln 16 = 44.36, c1 = 1/ln 2,
 * c2 = sqrt(2 pi) c1 = 3.616, c3 = ln c2. N = 100, p = 2: q = 50, v = 50/94.36, d = 100/(1 + 1/ln 50 - v) =
 * 137.8 > c2; s = 2 (ln d - c3)(1 + 1/2) = 10.92, w = ln(v ln q) + ln b = 4.521;
 * 50 + s/2 - sqrt(s (50 + s/4)) + c1 w = 37.99 -> 37. */
static void test_bold(void) {
  lsc_sched_error err;
  lsc_plan_params pp = plan_params("bold", 100, 2);
  lsc_planner *pl = lsc_planner_new(&pp, &err);
  lsc_chunk c0 = next_of(pl, 0);
  CHECK_EQ_INT(c0.size, 37);
  /* R = 63, nothing reported: m = 100, the share 50 caps nothing, 38; once worker 0 reports its 37, m = 63:
   * the share of what is unfinished is 31.5 and the chunk 24 */
  lsc_planner *twin = lsc_planner_new(&pp, &err);
  lsc_chunk t0 = next_of(twin, 0);
  CHECK_EQ_INT(next_of(pl, 1).size, 38);
  lsc_planner_feedback(twin, 0, &t0, 1.0);
  CHECK_EQ_INT(next_of(twin, 1).size, 24);
  lsc_planner_free(twin);
  lsc_planner_free(pl);
  /* N = 1000, p = 4: 200, then 201 (R = 800, m = 1000) */
  int n = run("bold", 1000, 4);
  CHECK(n >= 2 && sizes[0] == 200 && sizes[1] == 201);
  /* no variance: one share per processor */
  n = run("bold(1,0,1)", 1000, 4);
  CHECK_SIZES(sizes, n, 250, 250, 250, 250);
}

int main(void) {
  RUN(test_fsc);
  RUN(test_mfsc);
  RUN(test_fac);
  RUN(test_wf);
  RUN(test_tap);
  RUN(test_viss);
  RUN(test_pls);
  RUN(test_rnd);
  RUN(test_static_steal);
  RUN(test_awf);
  RUN(test_af);
  RUN(test_bold);
  RUN(test_memory);
  RUN(test_steal_affinity);
  return unit_result();
}
