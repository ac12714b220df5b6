/* Hierarchical mode ([wu-hybrid]) and the virtual-processor schemes ([ciorba-hopt]): chunks for a worker that
 * stands for several processors. */
#include "sched_check.h"

static lsc_chunk next_of(lsc_planner *pl, int64_t worker) {
  lsc_chunk c = {-1, -1};
  if (!lsc_planner_next(pl, worker, &c))
    c.size = 0;
  return c;
}

/* [wu-hybrid] 3.1: "4 processor cores ... CSS with a chunk size of 128 ... the master will assign 512
 * iterations" */
static void test_seed_002_css_example(void) {
  static const int64_t cores[] = {4, 1};
  lsc_plan_params pp = plan_params("css(128)", 10000, 2);
  pp.cores = cores;
  lsc_sched_error err;
  lsc_planner *pl = lsc_planner_new(&pp, &err);
  CHECK_EQ_INT(next_of(pl, 0).size, 512);
  CHECK_EQ_INT(next_of(pl, 1).size, 128);
  CHECK_EQ_INT(next_of(pl, 0).start, 640);
  lsc_planner_free(pl);
}

/* GSS over P = 4 cores: 25, 19, 14, 11, ...; the 2-core node takes the first two at once. */
static void test_gss_sums_the_next_chunks(void) {
  static const int64_t cores[] = {2, 1, 1};
  lsc_plan_params pp = plan_params("gss", 100, 3);
  pp.cores = cores;
  lsc_sched_error err;
  lsc_planner *pl = lsc_planner_new(&pp, &err);
  CHECK_EQ_INT(next_of(pl, 0).size, 25 + 19);
  CHECK_EQ_INT(next_of(pl, 1).size, 14);
  CHECK_EQ_INT(next_of(pl, 2).size, 11);
  CHECK_EQ_INT(next_of(pl, 0).size, 8 + 6); /* 31 left: ceil(31/4) = 8, then ceil(23/4) = 6 */
  lsc_planner_free(pl);
}

/* Static block with cores: a worker owns its cores' consecutive blocks. */
static void test_static_block_by_cores(void) {
  static const int64_t cores[] = {1, 3};
  lsc_plan_params pp = plan_params("static", 100, 2);
  pp.cores = cores;
  lsc_sched_error err;
  lsc_planner *pl = lsc_planner_new(&pp, &err);
  lsc_chunk c = next_of(pl, 1);
  CHECK_EQ_INT(c.start, 25);
  CHECK_EQ_INT(c.size, 75);
  CHECK_EQ_INT(next_of(pl, 1).size, 0);
  CHECK_EQ_INT(next_of(pl, 0).size, 25);
  lsc_planner_free(pl);
}

/* With every A_k = 1 the distributed schemes are their homogeneous originals ([ciorba-hopt]: A = m). */
static void test_equal_power_reduces_to_the_original(void) {
  static const char *const pairs[][2] = {
      {"dcss(7)", "css(7)"}, {"dgss", "gss"}, {"dfss", "fss"}, {"dtss", "tss"}};
  static const double equal[] = {3.0, 3.0, 3.0, 3.0};
  int64_t a[MAX_TABLE], b[MAX_TABLE];
  for (int i = 0; i < 4; i++) {
    lsc_plan_params virt = plan_params(pairs[i][0], 1000, 4), flat = plan_params(pairs[i][1], 1000, 4);
    virt.weights = equal;
    int na = plan_sizes_round_robin(&virt, a, MAX_TABLE), nb = plan_sizes_round_robin(&flat, b, MAX_TABLE);
    CHECK_EQ_INT(na, nb);
    for (int k = 0; k < na && k < nb; k++)
      if (a[k] != b[k])
        UNIT_FAIL_AT("%s chunk %d is %lld, %s gives %lld", pairs[i][0], k, (long long)a[k], pairs[i][1],
                     (long long)b[k]);
  }
}

/* Power 3:1 ([ciorba-dmps]'s zealots and kids): A = 4 virtual processors. */
static void test_power_scales_the_chunk(void) {
  static const double power[] = {1.5, 0.5};
  lsc_sched_error err;
  lsc_plan_params pp = plan_params("dgss", 1000, 2);
  pp.weights = power;
  lsc_planner *pl = lsc_planner_new(&pp, &err);
  CHECK_EQ_INT(next_of(pl, 0).size, 750); /* ceil(3 * 1000 / 4) */
  CHECK_EQ_INT(next_of(pl, 1).size, 63);  /* ceil(1 * 250 / 4)  */
  CHECK_EQ_INT(next_of(pl, 0).size, 141); /* ceil(3 * 187 / 4)  */
  lsc_planner_free(pl);

  pp = plan_params("dtss", 1000, 2);
  pp.weights = power;
  pl = lsc_planner_new(&pp, &err);
  /* F = floor(1000/8) = 125, L = 1, N = ceil(2000/126) = 16, D = floor(124/15) = 8:
   * the fast worker takes virtual chunks 125+117+109, the slow one the next, 101 */
  CHECK_EQ_INT(next_of(pl, 0).size, 351);
  CHECK_EQ_INT(next_of(pl, 1).size, 101);
  CHECK_EQ_INT(next_of(pl, 0).size, 93 + 85 + 77);
  lsc_planner_free(pl);

  pp = plan_params("dcss(10)", 1000, 2);
  pp.weights = power;
  pl = lsc_planner_new(&pp, &err);
  CHECK_EQ_INT(next_of(pl, 0).size, 30);
  CHECK_EQ_INT(next_of(pl, 1).size, 10);
  lsc_planner_free(pl);

  pp = plan_params("dfss", 1000, 2);
  pp.weights = power;
  pl = lsc_planner_new(&pp, &err);
  CHECK_EQ_INT(next_of(pl, 0).size, 375); /* batch of 1000/(2*4) = 125 per virtual processor */
  CHECK_EQ_INT(next_of(pl, 1).size, 125); /* the batch's 4 virtual chunks are out: next batch from 500 */
  CHECK_EQ_INT(next_of(pl, 1).size, 63);  /* ceil(500 / 8)                                             */
  lsc_planner_free(pl);
}

int main(void) {
  RUN(test_seed_002_css_example);
  RUN(test_gss_sums_the_next_chunks);
  RUN(test_static_block_by_cores);
  RUN(test_equal_power_reduces_to_the_original);
  RUN(test_power_scales_the_chunk);
  return unit_result();
}
