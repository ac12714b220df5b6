/* exec/master_choice.c: rank 0's compute/serve choice from what earlier instances measured, and the sentence
 * LSC_STATS prints for it. Instances are simulated by calling lsc_master_measured with chosen wall times, so
 * the counts of instances between tries are checked exactly. */
#include "exec/master_choice.h"
#include "exec/region.h"
#include "state.h"
#include "unit.h"

lsc_state lsc_rt;
/* A data region or none, as a test sets it (exec/region_master.c needs MPI). */
static int in_region;
int lsc_region_any(void) {
  return in_region;
}

static lsc_site_state fresh(void) {
  return (lsc_site_state){
      .work_per_iteration = -1, .bytes_per_iteration = -1, .compute_wall = -1, .serve_wall = -1};
}

/* Runs one instance of 1000 iterations the way the rule chooses, computing taking `compute` s per iteration
 * and serving `serve`; returns whether it computed. */
static int instance(lsc_site_state *st, double compute, double serve) {
  char why[192];
  int c = lsc_master_choose_compute(st, why, sizeof why);
  lsc_master_measured(st, 1000, 1.0, -1, c, 0.0, 1.0, 1000 * (c ? compute : serve));
  return c;
}

static void test_default_and_override(void) {
  lsc_site_state st = fresh();
  char why[192];
  lsc_rt.config.master = LSC_MASTER_AUTO;
  CHECK(lsc_master_choose_compute(&st, why, sizeof why));
  CHECK(strstr(why, "default") != NULL);
  lsc_rt.config.master = LSC_MASTER_SERVE;
  CHECK(!lsc_master_choose_compute(&st, why, sizeof why));
  CHECK(strcmp(why, "serves (LSC_MASTER=serve)") == 0);
  lsc_rt.config.master = LSC_MASTER_COMPUTE;
  CHECK(lsc_master_choose_compute(&st, why, sizeof why));
  lsc_rt.config.master = LSC_MASTER_AUTO;
}

static void test_tries_serving_when_workers_wait(void) {
  lsc_site_state st = fresh();
  char why[192];
  lsc_master_measured(&st, 1000, 1.0, -1, 1, 2.0, 0.5, 0.01);
  CHECK(!lsc_master_choose_compute(&st, why, sizeof why));
  CHECK(strstr(why, "trying") != NULL);
}

/* Computing is 100 times faster: serving is tried after 8, then 16, 32 ... instances, never more often. */
static void test_losing_way_waits_longer(void) {
  lsc_site_state st = fresh();
  lsc_rt.config.master = LSC_MASTER_AUTO;
  CHECK(instance(&st, 1e-6, 1e-4));                                  /* default */
  lsc_master_measured(&st, 1000, 1.0, -1, 0, 0.0, 0.0, 1000 * 1e-4); /* a served instance measured once */
  int served_at[4] = {0}, served = 0;
  for (int i = 0; i < 100; i++)
    if (!instance(&st, 1e-6, 1e-4) && served < 4)
      served_at[served++] = i;
  CHECK_EQ_INT(served, 3);
  CHECK_EQ_INT(served_at[0], 8);
  CHECK_EQ_INT(served_at[1] - served_at[0], 17);
  CHECK_EQ_INT(served_at[2] - served_at[1], 33);
}

/* A retried way that wins takes over, and the wait before trying the other goes back to LSC_RETRY_COMPUTE. */
static void test_winning_retry_resets(void) {
  lsc_site_state st = fresh();
  CHECK(instance(&st, 1e-6, 1e-4));
  lsc_master_measured(&st, 1000, 1.0, -1, 0, 0.0, 0.0, 1000 * 1e-4);
  /* serving has become faster than computing: the retry after 8 instances finds it out */
  int computed = 0;
  while (instance(&st, 1e-6, 1e-7))
    computed++;
  CHECK_EQ_INT(computed, 8);
  CHECK_EQ_INT(st.retry_after, LSC_RETRY_COMPUTE);
  computed = 0;
  for (int k = 0; k < LSC_RETRY_COMPUTE + 1; k++)
    computed += instance(&st, 1e-6, 1e-7);
  CHECK_EQ_INT(computed, 1);
}

/* Alone for its bytes outside a region; inside one the bytes (the region's start) do not count, only a work
 * below the instance's cost does. */
static void test_alone_inside_a_region(void) {
  lsc_site_state st = fresh();
  char why[256];
  lsc_rt.config.master = LSC_MASTER_AUTO;
  /* 1000 iterations of 1 us (0.5 ms saved at np 2) that moved 32 MB: alone outside a region, not inside */
  st.work_per_iteration = 1e-6;
  st.bytes_per_iteration = 32e3;
  CHECK(lsc_master_choose_alone(&st, 1000, 2, why, sizeof why));
  CHECK(strstr(why, "bytes outweigh work") != NULL);
  in_region = 1;
  CHECK(!lsc_master_choose_alone(&st, 1000, 2, why, sizeof why));
  /* 1200 stores of about 1 ns: alone inside a region too, saying why */
  st.work_per_iteration = 1e-9;
  CHECK(lsc_master_choose_alone(&st, 1200, 2, why, sizeof why));
  CHECK(strstr(why, "inside a data region, too little work") != NULL);
  /* LSC_MASTER=compute keeps it distributed */
  lsc_rt.config.master = LSC_MASTER_COMPUTE;
  CHECK(!lsc_master_choose_alone(&st, 1200, 2, why, sizeof why));
  lsc_rt.config.master = LSC_MASTER_AUTO;
  in_region = 0;
}

/* A first instance (exec/master_lead.h): the same rule on the leading piece's estimate, with the sentence
 * LSC_STATS prints either way. */
static void test_first_instance(void) {
  char why[256];
  /* 2 ms of work against 32 MB (32 ms at the assumed bandwidth): alone */
  CHECK(lsc_master_choose_alone_first(2e-3, 32e6, 4096, 2, why, sizeof why));
  CHECK(strncmp(
            why, "none (bytes outweigh work, measured on its first 4096 iterations: moving 32000000 bytes",
            strlen(
                "none (bytes outweigh work, measured on its first 4096 iterations: moving 32000000 bytes")) ==
        0);
  CHECK(why[strlen(why) - 1] == ')');
  /* 2 s of work against the same bytes: distributed, and said so */
  CHECK(!lsc_master_choose_alone_first(2.0, 32e6, 4096, 2, why, sizeof why));
  CHECK(strncmp(why, "work outweighs bytes, measured on its first 4096", 48) == 0);
  /* the fixed cost per rank alone outweighs a tiny loop's work */
  CHECK(lsc_master_choose_alone_first(1e-5, 0, 10, 3, why, sizeof why));
}

int main(void) {
  RUN(test_default_and_override);
  RUN(test_tries_serving_when_workers_wait);
  RUN(test_losing_way_waits_longer);
  RUN(test_winning_retry_resets);
  RUN(test_alone_inside_a_region);
  RUN(test_first_instance);
  return unit_result();
}
