/* The chunk tables of the seeds, reproduced exactly: [chang-alpha] Table 2.2 and Table 3.2, [ciorba-dmps]'s
 * TSS row. */
#include "sched_check.h"

static int64_t sizes[MAX_TABLE];

/* [chang-alpha] Table 2.2: I = 1000, p = 4 */
static void test_table_2_2_pss(void) {
  lsc_plan_params pp = plan_params("pss", 1000, 4);
  int n = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_EQ_INT(n, 1000);
  for (int i = 0; i < n; i++)
    CHECK_EQ_INT(sizes[i], 1);
}

static void test_table_2_2_css(void) {
  lsc_plan_params pp = plan_params("css(125)", 1000, 4);
  int n = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_SIZES(sizes, n, 125, 125, 125, 125, 125, 125, 125, 125);
}

static void test_table_2_2_gss(void) {
  lsc_plan_params pp = plan_params("gss", 1000, 4);
  int n = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_SIZES(sizes, n, 250, 188, 141, 106, 79, 59, 45, 33, 25, 19, 14, 11, 8, 6, 4, 3, 3, 2, 1, 1, 1, 1);
}

static void test_table_2_2_fss(void) {
  lsc_plan_params pp = plan_params("fss", 1000, 4);
  int n = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_SIZES(sizes, n, 125, 125, 125, 125, 63, 63, 63, 63, 31, 31, 31, 31, 16, 16, 16, 16, 8, 8, 8, 8, 4, 4,
              4, 4, 2, 2, 2, 2, 1, 1, 1, 1);
}

static void test_table_2_2_tss(void) {
  lsc_plan_params pp = plan_params("tss", 1000, 4);
  int n = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_SIZES(sizes, n, 125, 117, 109, 101, 93, 85, 77, 69, 61, 53, 45, 37, 28);
}

/* [chang-alpha] Table 3.2: I = 2048, p = 5 */
static void test_table_3_2_gss(void) {
  lsc_plan_params pp = plan_params("gss", 2048, 5);
  int n = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_SIZES(sizes, n, 410, 328, 262, 210, 168, 134, 108, 86, 69, 55, 44, 35, 28, 23, 18, 14, 12, 9, 7, 6, 5,
              4, 3, 2, 2, 2, 1, 1, 1, 1);
}

/* The printed FSS row lists 41 sizes summing to 2021 against its own (N=43): one 26 and one 1 were lost in
 * typesetting. The 43 chunks of ceil(R/2p) batches are these. */
static void test_table_3_2_fss(void) {
  lsc_plan_params pp = plan_params("fss", 2048, 5);
  int n = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_SIZES(sizes, n, 205, 205, 205, 205, 205, 103, 103, 103, 103, 103, 51, 51, 51, 51, 51, 26, 26, 26, 26,
              26, 13, 13, 13, 13, 13, 6, 6, 6, 6, 6, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 1, 1, 1);
}

static void test_table_3_2_tss(void) {
  lsc_plan_params pp = plan_params("tss", 2048, 5);
  int n = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_SIZES(sizes, n, 204, 194, 184, 174, 164, 154, 144, 134, 124, 114, 104, 94, 84, 74, 64, 38);
}

/* Example 3.1's slaves in the thesis' host order (decreasing clock): 1.5 GHz, 533, 233, 200, 200 MHz. */
static const double example_3_1_clock[] = {1500, 533, 233, 200, 200};

static lsc_plan_params alpha_80(const char *scheme) {
  lsc_plan_params pp = plan_params(scheme, 2048, 5);
  pp.alpha = 80;
  pp.weights = example_3_1_clock;
  return pp;
}

static void test_table_3_2_gss_80(void) {
  lsc_plan_params pp = alpha_80("gss");
  int n = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_SIZES(sizes, n, 923, 328, 144, 123, 121, 82, 66, 53, 42, 34, 27, 21, 17, 14, 11, 9, 7, 6, 4, 4, 3, 2,
              2, 1, 1, 1, 1, 1);
}

static void test_table_3_2_fss_80(void) {
  lsc_plan_params pp = alpha_80("fss");
  int n = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_SIZES(sizes, n, 923, 328, 144, 123, 121, 41, 41, 41, 41, 41, 21, 21, 21, 21, 21, 10, 10, 10, 10, 10,
              5, 5, 5, 5, 5, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1);
}

static void test_table_3_2_tss_80(void) {
  lsc_plan_params pp = alpha_80("tss");
  int n = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_SIZES(sizes, n, 923, 328, 144, 123, 121, 40, 38, 36, 34, 32, 30, 28, 26, 24, 22, 20, 18, 16, 14, 12,
              10, 8, 1);
}

/* A worker's alpha share is its own, whatever order the requests come in; the clamp that makes the shares sum
 * to exactly 1639 falls on the last worker in index order (here the 1.5 GHz one: 1639 - 718 = 921). */
static void test_alpha_shares_follow_the_worker(void) {
  static const double listed[] = {200, 200, 233, 533, 1500};
  static const int64_t fastest_first[] = {4, 3, 2, 1, 0};
  static const int64_t expected[] = {921, 328, 144, 123, 123};
  lsc_plan_params pp = plan_params("gss", 2048, 5);
  pp.alpha = 80;
  pp.weights = listed;
  lsc_sched_error err;
  lsc_planner *pl = lsc_planner_new(&pp, &err);
  CHECK(pl != NULL);
  if (!pl)
    return;
  int64_t total = 0;
  for (int i = 0; i < 5; i++) {
    lsc_chunk c;
    CHECK(lsc_planner_next(pl, fastest_first[i], &c));
    CHECK_EQ_INT(c.size, expected[i]);
    total += c.size;
  }
  CHECK_EQ_INT(total, 1639);
  lsc_chunk c;
  CHECK(lsc_planner_next(pl, 0, &c)); /* then GSS over the 409 left: ceil(409/5) */
  CHECK_EQ_INT(c.start, 1639);
  CHECK_EQ_INT(c.size, 82);
  lsc_planner_free(pl);
}

/* [ciorba-dmps] slide 9: J = 5000 along the scheduling dimension; TSS's F = 277 = floor(5000/18) is the table
 * of the 9 slaves (the slide's m = 10 counts the master zealot1). */
static void test_seed_003_tss_row(void) {
  lsc_plan_params pp = plan_params("tss", 5000, 9);
  int n = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_SIZES(sizes, n, 277, 270, 263, 256, 249, 242, 235, 228, 221, 214, 207, 200, 193, 186, 179, 172, 165,
              158, 151, 144, 137, 130, 123, 116, 109, 102, 73);
}

static void test_seed_003_css_row(void) {
  lsc_plan_params pp = plan_params("css(300)", 5000, 9);
  int n = plan_sizes_round_robin(&pp, sizes, MAX_TABLE);
  CHECK_SIZES(sizes, n, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 200);
}

int main(void) {
  RUN(test_table_2_2_pss);
  RUN(test_table_2_2_css);
  RUN(test_table_2_2_gss);
  RUN(test_table_2_2_fss);
  RUN(test_table_2_2_tss);
  RUN(test_table_3_2_gss);
  RUN(test_table_3_2_fss);
  RUN(test_table_3_2_tss);
  RUN(test_table_3_2_gss_80);
  RUN(test_table_3_2_fss_80);
  RUN(test_table_3_2_tss_80);
  RUN(test_alpha_shares_follow_the_worker);
  RUN(test_seed_003_tss_row);
  RUN(test_seed_003_css_row);
  return unit_result();
}
