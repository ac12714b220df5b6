/* The pipeline cost model ([ciorba-hopt] eqs. 1-6): T(h) against hand-computed values, h_opt against a
 * discrete search, the seed's own parameter set, the shape of T at the extremes, and every refusal. */
#include <math.h>
#include <stdint.h>

#include "lsc_pipeline_model.h"
#include "sched_check.h"

#define CHECK_NEAR(actual, expected)                                                                         \
  do {                                                                                                       \
    double unit_a_ = (actual), unit_e_ = (expected);                                                         \
    if (!(fabs(unit_a_ - unit_e_) <= 1e-9 * fmax(1.0, fabs(unit_e_))))                                       \
      UNIT_FAIL_AT("%s == %.17g, expected %.17g", #actual, unit_a_, unit_e_);                                \
  } while (0)

static lsc_pipeline_model build(const lsc_plan_params *pp, int64_t sync_iterations,
                                lsc_pipeline_costs costs) {
  lsc_pipeline_model model;
  memset(&model, 0, sizeof model);
  lsc_sched_error err;
  if (lsc_pipeline_model_init(&model, pp, sync_iterations, &costs, &err) != 0)
    UNIT_FAIL_AT("model refused: %s", err.message);
  return model;
}

static double total_at(const lsc_pipeline_model *model, int64_t h) {
  lsc_pipeline_time t = {0, 0, 0, 0};
  if (lsc_pipeline_predict(model, h, &t) != 0)
    UNIT_FAIL_AT("predict refused h = %lld", (long long)h);
  return t.total;
}

/* css(2) on 8 rows, 2 equal workers: rounds (2,2) (2,2), so p = 2 and the first-chunk sum is 4. At h = 3,
 * U_s = 12, c_d 1, c_c 1/2, c_p 1/4, c_sch 1/8:  t_c = 1 + 3/2 = 5/2,  T_tran = 2 (1 + 12/2) = 14,
 * T_comp = 3*8*(1/4)*2/2 + (1/4)(12-3)*4 = 15,  T_comm = 0 + 2 (5/2)(12/3 - 1) + 14 = 29,  T_wa = 5 + 1/8. */
static void test_hand_computed_equal_workers(void) {
  lsc_plan_params pp = plan_params("css(2)", 8, 2);
  lsc_pipeline_model model = build(&pp, 12, (lsc_pipeline_costs){1.0, 0.5, 0.25, 0.125, 1.0});
  CHECK_EQ_INT(model.chunks, 4);
  CHECK_EQ_INT(model.pipelines, 2);
  CHECK_NEAR(model.total_power, 2.0);
  CHECK_NEAR(model.first_chunks, 4.0);
  lsc_pipeline_time t;
  CHECK_EQ_INT(lsc_pipeline_predict(&model, 3, &t), 0);
  CHECK_NEAR(t.compute, 15.0);
  CHECK_NEAR(t.communicate, 29.0);
  CHECK_NEAR(t.assign, 5.125);
  CHECK_NEAR(t.total, 49.125);
  /* eq. (6): sqrt(U_s p A c_d / (A c_c (p (2m-5) + 2) + U_c c_p m - c_p A S)) = sqrt(48 / (0 + 4 - 2)) */
  CHECK_NEAR(lsc_pipeline_h_real(&model), sqrt(24.0));
}

/* static on 20 rows over powers 2, 1, 1 (A = 4): one round of 7, 7, 6 whose slowest stage is the 7 rows of a
 * power-1 worker. U_s = 10, h = 5, c_d 1/2, c_c 1/4, c_p 1, two units per iteration of h:
 * t_c = 1/2 + 2*5/4 = 3,  T_comp = 5*20*3/4 + (10-5)*7 = 110,  T_comm = 1*1*2*3 + 3*(10/5 - 1) + 0 = 9,
 * T_wa = 6. */
static void test_hand_computed_unequal_workers(void) {
  static const double power[] = {4.0, 2.0, 2.0}; /* relative: the slowest is normalised to 1 */
  lsc_plan_params pp = plan_params("static", 20, 3);
  pp.weights = power;
  lsc_pipeline_model model = build(&pp, 10, (lsc_pipeline_costs){0.5, 0.25, 1.0, 0.0, 2.0});
  CHECK_EQ_INT(model.pipelines, 1);
  CHECK_NEAR(model.total_power, 4.0);
  CHECK_NEAR(model.first_chunks, 7.0);
  lsc_pipeline_time t;
  CHECK_EQ_INT(lsc_pipeline_predict(&model, 5, &t), 0);
  CHECK_NEAR(t.compute, 110.0);
  CHECK_NEAR(t.communicate, 9.0);
  CHECK_NEAR(t.assign, 6.0);
  CHECK_NEAR(t.total, 125.0);
}

/* For a spread of schemes, machines and costs, the closed form lands on the exhaustive minimum. */
static void test_h_opt_matches_the_discrete_minimum(void) {
  static const char *const schemes[] = {"static", "css(40)", "gss", "fss", "tss", "dgss", "dfss", "dtss"};
  static const double mixed[] = {1.0, 2.0, 1.0, 3.0, 1.5, 1.0};
  static const lsc_pipeline_costs costs[] = {
      {8e-5, 6.55e-7, 1.12e-7, 3.4e-5, 1.0}, /* [ciorba-hopt] IV */
      {1e-4, 1e-8, 1e-6, 0.0, 8.0},          /* fast network, heavy iterations, bytes of one double row */
      {2e-3, 1e-6, 5e-9, 1e-5, 24.0},        /* slow start-up, light iterations */
      {1e-6, 1e-6, 1e-7, 0.0, 1.0},
  };
  int cases = 0;
  for (size_t s = 0; s < sizeof schemes / sizeof schemes[0]; s++)
    for (size_t c = 0; c < sizeof costs / sizeof costs[0]; c++)
      for (int heterogeneous = 0; heterogeneous < 2; heterogeneous++) {
        lsc_plan_params pp = plan_params(schemes[s], 3000, 6);
        pp.weights = heterogeneous ? mixed : NULL;
        lsc_pipeline_model model = build(&pp, 4000, costs[c]);
        int64_t searched = lsc_pipeline_h_search(&model, 1, 4000, 1);
        int64_t chosen = lsc_pipeline_h_opt(&model);
        if (llabs(chosen - searched) > 1 ||
            total_at(&model, chosen) > total_at(&model, searched) * (1 + 1e-12))
          UNIT_FAIL_AT("%s costs %zu power %d: h_opt %lld, search %lld", schemes[s], c, heterogeneous,
                       (long long)chosen, (long long)searched);
        double real = lsc_pipeline_h_real(&model);
        if (real < 4000 && fabs(real - (double)searched) > 1.0)
          UNIT_FAIL_AT("%s costs %zu: eq. (6) gives %g, search %lld", schemes[s], c, real,
                       (long long)searched);
        cases++;
      }
  CHECK_EQ_INT(cases, 64);
}

/* [ciorba-hopt] IV: 16 workers, half of them loaded to half speed (A = 24), c_d = 8e-5 s, c_c = 6.55e-7 s,
 * c_p = 2 x 5.6e-8 s on the slow workers, a 50K x 150K frame swept over h = 20..1000 (Fig. 4): the optimum
 * lies inside the sweep and T rises towards both of its ends. */
static lsc_plan_params seed_001_plan(const char *scheme) {
  static double power[16];
  for (int k = 0; k < 16; k++)
    power[k] = k < 8 ? 2.0 : 1.0;
  lsc_plan_params pp = plan_params(scheme, 50000, 16);
  pp.weights = power;
  return pp;
}

static void test_seed_001_parameters(void) {
  static const struct {
    const char *scheme;
    double scheduling; /* c_sch the seed measured */
    int64_t expected;  /* this model's h_opt, pinned (docs/pipeline.md lists them) */
  } rows[] = {{"dcss", 3.2e-5, 101}, {"dgss", 8.5e-5, 175}, {"dfss", 7e-5, 204}, {"dtss", 3.4e-5, 117}};
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    lsc_plan_params pp = seed_001_plan(rows[i].scheme);
    lsc_pipeline_model model =
        build(&pp, 150000, (lsc_pipeline_costs){8e-5, 6.55e-7, 1.12e-7, rows[i].scheduling, 1});
    CHECK_NEAR(model.total_power, 24.0);
    int64_t h = lsc_pipeline_h_opt(&model);
    CHECK_EQ_INT(h, rows[i].expected);
    CHECK_EQ_INT(lsc_pipeline_h_search(&model, 20, 1000, 1), h);
    CHECK(h > 20 && h < 1000);
    CHECK(total_at(&model, 20) > total_at(&model, h));
    CHECK(total_at(&model, 1000) > total_at(&model, h));
    /* Fig. 4's sweep step 20 finds the optimum to within one step */
    CHECK(llabs(lsc_pipeline_h_search(&model, 20, 1000, 20) - h) <= 20);
  }
  /* DTSS over A = 24 virtual processors: F = floor(50000/48) = 1041, 4 pipelines as ceil(N/A) = ceil(96/24)
   */
  lsc_plan_params pp = seed_001_plan("dtss");
  lsc_pipeline_model model = build(&pp, 150000, (lsc_pipeline_costs){8e-5, 6.55e-7, 1.12e-7, 3.4e-5, 1});
  CHECK_EQ_INT(model.pipelines, 4);
}

/* Frequent synchronization costs start-ups, rare synchronization costs parallelism: T falls from h = 1 up
 * to h_opt and rises from there to U_s; beyond U_s nothing changes. */
static void test_shape_at_the_extremes(void) {
  lsc_plan_params pp = plan_params("tss", 2000, 4);
  lsc_pipeline_model model = build(&pp, 3000, (lsc_pipeline_costs){1e-4, 1e-7, 1e-7, 0, 1});
  int64_t h = lsc_pipeline_h_opt(&model);
  CHECK(h > 3 && h < 2997);
  CHECK(total_at(&model, 1) > total_at(&model, 2));
  CHECK(total_at(&model, 2) > total_at(&model, 3));
  CHECK(total_at(&model, h - 1) >= total_at(&model, h));
  CHECK(total_at(&model, h + 1) >= total_at(&model, h));
  CHECK(total_at(&model, 2998) < total_at(&model, 2999));
  CHECK(total_at(&model, 2999) < total_at(&model, 3000));
  CHECK_NEAR(total_at(&model, 3001), total_at(&model, 3000));
  CHECK_NEAR(total_at(&model, INT64_MAX), total_at(&model, 3000));
}

/* Free start-ups: synchronize every iteration. A slow worker that gets as much as a fast one (static, no
 * weights in the plan, A = 101): its chunk dominates every step, T only falls with h, one SP at the end. */
static void test_degenerate_optima(void) {
  lsc_plan_params pp = plan_params("tss", 500, 4);
  lsc_pipeline_model model = build(&pp, 800, (lsc_pipeline_costs){0.0, 1e-6, 1e-7, 0, 1});
  CHECK_NEAR(lsc_pipeline_h_real(&model), 0.0);
  CHECK_EQ_INT(lsc_pipeline_h_opt(&model), 1);
  CHECK_EQ_INT(lsc_pipeline_h_search(&model, 1, 800, 1), 1);

  static const double lopsided[] = {1.0, 100.0};
  lsc_plan_params unweighted = plan_params("static", 1000, 2);
  unweighted.weights = lopsided;
  lsc_pipeline_model flat = build(&unweighted, 600, (lsc_pipeline_costs){1e-4, 1e-7, 1e-7, 0, 1});
  CHECK(isinf(lsc_pipeline_h_real(&flat)));
  CHECK_EQ_INT(lsc_pipeline_h_opt(&flat), 600);
  CHECK_EQ_INT(lsc_pipeline_h_search(&flat, 1, 600, 1), 600);
  CHECK(total_at(&flat, 599) > total_at(&flat, 600));

  /* one synchronization column: h = 1 is the only choice */
  lsc_pipeline_model thin = build(&pp, 1, (lsc_pipeline_costs){1e-4, 1e-7, 1e-7, 0, 1});
  CHECK_EQ_INT(lsc_pipeline_h_opt(&thin), 1);
}

static void expect_refusal(const lsc_plan_params *pp, int64_t sync_iterations,
                           const lsc_pipeline_costs *costs, const char *expected) {
  lsc_pipeline_model model;
  lsc_sched_error err = {"untouched", ""};
  if (lsc_pipeline_model_init(&model, pp, sync_iterations, costs, &err) != -1)
    UNIT_FAIL_AT("accepted, expected '%s'", expected);
  else if (!strstr(err.message, expected))
    UNIT_FAIL_AT("message '%s', expected '%s'", err.message, expected);
}

static void test_bad_parameters_refused(void) {
  lsc_plan_params pp = plan_params("gss", 100, 4);
  const lsc_pipeline_costs good = {1e-4, 1e-7, 1e-7, 0, 1};
  expect_refusal(NULL, 10, &good, "no planner parameters");
  expect_refusal(&pp, 10, NULL, "no pipeline costs");
  lsc_sched_error err;
  CHECK_EQ_INT(lsc_pipeline_model_init(NULL, &pp, 10, &good, &err), -1);
  CHECK_EQ_STR(err.message, "no model to fill");
  expect_refusal(&pp, 0, &good, "synchronization dimension of 0 iterations; expected 1..2^62");
  expect_refusal(&pp, (INT64_C(1) << 62) + 1, &good, "synchronization dimension of");

  lsc_plan_params shaped = pp;
  shaped.iterations = 0;
  expect_refusal(&shaped, 10, &good, "scheduling dimension of 0 iterations; expected 1..2^62");
  shaped = pp;
  shaped.workers = 1;
  expect_refusal(&shaped, 10, &good, "a pipeline needs at least 2 workers");
  shaped.workers = 0;
  expect_refusal(&shaped, 10, &good, "workers 0 out of range");
  shaped = pp;
  shaped.schedule.scheme = LSC_SCHEME_RUNTIME;
  expect_refusal(&shaped, 10, &good, "schedule(runtime) must be resolved");
  static const double bad_weights[] = {1.0, -1.0, 1.0, 1.0};
  shaped = pp;
  shaped.weights = bad_weights;
  expect_refusal(&shaped, 10, &good, "weight -1 of worker 1 invalid");

  lsc_pipeline_costs c = good;
  c.startup = -1e-4;
  expect_refusal(&pp, 10, &c, "startup cost c_d -0.0001 out of range; expected a number in [0, 1e6]");
  c = good;
  c.per_unit = NAN;
  expect_refusal(&pp, 10, &c, "transfer cost c_c nan out of range");
  c = good;
  c.per_iteration = 0.0;
  expect_refusal(&pp, 10, &c, "iteration cost c_p 0 out of range; expected a number in (0, 1e6]");
  c = good;
  c.scheduling = INFINITY;
  expect_refusal(&pp, 10, &c, "scheduling cost c_sch inf out of range");
  c = good;
  c.units_per_sync = -2;
  expect_refusal(&pp, 10, &c, "units per synchronization -2 out of range; expected a number in [0, 1e12]");

  /* a plan the model would have to walk chunk by chunk for too long */
  lsc_plan_params huge = plan_params("pss", 20000000, 2);
  expect_refusal(&huge, 10, &good, "the plan has more than 10^7 chunks");
}

static void test_bad_queries_refused(void) {
  lsc_plan_params pp = plan_params("gss", 100, 4);
  lsc_pipeline_model model = build(&pp, 50, (lsc_pipeline_costs){1e-4, 1e-7, 1e-7, 0, 1});
  lsc_pipeline_time t;
  CHECK_EQ_INT(lsc_pipeline_predict(&model, 0, &t), -1);
  CHECK_EQ_INT(lsc_pipeline_predict(&model, -5, &t), -1);
  CHECK_EQ_INT(lsc_pipeline_predict(&model, 1, NULL), -1);
  CHECK_EQ_INT(lsc_pipeline_predict(NULL, 1, &t), -1);
  CHECK(isnan(lsc_pipeline_h_real(NULL)));
  CHECK_EQ_INT(lsc_pipeline_h_opt(NULL), -1);
  CHECK_EQ_INT(lsc_pipeline_h_search(NULL, 1, 10, 1), -1);
  CHECK_EQ_INT(lsc_pipeline_h_search(&model, 0, 10, 1), -1);
  CHECK_EQ_INT(lsc_pipeline_h_search(&model, 10, 9, 1), -1);
  CHECK_EQ_INT(lsc_pipeline_h_search(&model, 1, 10, 0), -1);
  /* a step that overshoots hi evaluates lo only, and never overflows near INT64_MAX */
  CHECK_EQ_INT(lsc_pipeline_h_search(&model, 7, 10, 100), 7);
  CHECK(lsc_pipeline_h_search(&model, INT64_MAX - 3, INT64_MAX, 2) >= INT64_MAX - 3);
}

int main(void) {
  RUN(test_hand_computed_equal_workers);
  RUN(test_hand_computed_unequal_workers);
  RUN(test_h_opt_matches_the_discrete_minimum);
  RUN(test_seed_001_parameters);
  RUN(test_shape_at_the_extremes);
  RUN(test_degenerate_optima);
  RUN(test_bad_parameters_refused);
  RUN(test_bad_queries_refused);
  return unit_result();
}
