/* schedule(...), alpha(...) and workload(...) text: every accepted form, and each refusal's exact message. */
#include "sched_check.h"

/* the accepted forms, spelled out once: every refusal of a schedule lists them */
#define SCHEDULE_FORMS                                                                                       \
  "static[,k], cyclic, block_cyclic[(k)], pss, css[(k)], gss[(min)], fss[(x)], tss[(F,L)], fiss[(B)], "      \
  "tfss[(F,L)], dcss[(k)], dgss[(min)], dfss[(x)], dtss[(F,L)], fsc[(h,sigma)], mfsc, fac[(mu,sigma)], "     \
  "fac2, wf, tap[(mu,sigma,a)], viss[(k)], pls[(swr)], rnd[(min,max)], static_steal[(k)], "                  \
  "bold[(mu,sigma,h)], awf, awf_b, awf_c, awf_d, awf_e, af (each [(min)]), dynamic[,k], guided[,k], "        \
  "runtime, auto"

static lsc_schedule parsed;
static lsc_sched_error err;

static int parse(const char *text) {
  memset(&parsed, 0, sizeof parsed);
  err.message[0] = '\0';
  return lsc_schedule_parse(text, &parsed, &err);
}

static void test_every_scheme_name(void) {
  for (int id = 0; id < LSC_SCHEME_COUNT; id++) {
    const char *name = lsc_scheme_name((lsc_scheme_id)id);
    CHECK_EQ_INT(parse(name), 0);
    CHECK_EQ_INT(parsed.scheme, id);
  }
  CHECK_EQ_STR(lsc_scheme_name(LSC_SCHEME_BLOCK_CYCLIC), "block_cyclic");
  CHECK_EQ_STR(lsc_scheme_name(LSC_SCHEME_COUNT), "unknown");
}

static void test_arguments(void) {
  CHECK_EQ_INT(parse("css(125)"), 0);
  CHECK_EQ_INT(parsed.chunk, 125);
  CHECK_EQ_INT(parse("  GSS ( 4 ) "), 0);
  CHECK_EQ_INT(parsed.scheme, LSC_SCHEME_GSS);
  CHECK_EQ_INT(parsed.chunk, 4);
  CHECK_EQ_INT(parse("fss(1.5)"), 0);
  CHECK(parsed.factor == 1.5);
  CHECK_EQ_INT(parse("tss(125,1)"), 0);
  CHECK_EQ_INT(parsed.first, 125);
  CHECK_EQ_INT(parsed.last, 1);
  CHECK_EQ_INT(parse("dtss(40)"), 0);
  CHECK_EQ_INT(parsed.first, 40);
  CHECK_EQ_INT(parsed.last, 1);
  CHECK_EQ_INT(parse("fiss(4)"), 0);
  CHECK_EQ_INT(parsed.stages, 4);
  CHECK_EQ_INT(parse("block_cyclic(4611686018427387904)"), 0); /* 2^62 */
  CHECK_EQ_INT(parsed.chunk, INT64_C(1) << 62);
}

static void test_refusals(void) {
  CHECK_EQ_INT(parse("gsss"), -1);
  CHECK_EQ_STR(err.message, "unknown schedule 'gsss'; did you mean 'gss'? expected one of: " SCHEDULE_FORMS);
  CHECK_EQ_STR(err.suggestion, "gss");
  CHECK_EQ_INT(parse(""), -1);
  CHECK_EQ_STR(err.message, "empty or malformed schedule ''; expected one of: " SCHEDULE_FORMS);
  CHECK_EQ_INT(parse("css(0)"), -1);
  CHECK_EQ_STR(err.message, "bad argument '0' in css(k); expected an integer 1..2^62");
  CHECK_EQ_INT(parse("css(4611686018427387905)"), -1);
  CHECK_EQ_STR(err.message, "bad argument '4611686018427387905' in css(k); expected an integer 1..2^62");
  CHECK_EQ_INT(parse("css(-3)"), -1);
  CHECK_EQ_STR(err.message, "bad argument '-3' in css(k); expected an integer 1..2^62");
  CHECK_EQ_INT(parse("css(1,2)"), -1);
  CHECK_EQ_STR(err.message, "css takes one argument, got 2; write css(k)");
  CHECK_EQ_INT(parse("tss(1,5)"), -1);
  CHECK_EQ_STR(err.message, "tss(F,L) needs F >= L, got F=1 L=5");
  CHECK_EQ_INT(parse("tss(9,x)"), -1);
  CHECK_EQ_STR(err.message, "bad last chunk 'x' in tss(F,L); expected an integer 1..2^62");
  CHECK_EQ_INT(parse("tss(1,1,1)"), -1);
  CHECK_EQ_STR(err.message, "tss takes (F,L) or (F), got 3 arguments");
  CHECK_EQ_INT(parse("fss(0.5)"), -1);
  CHECK_EQ_STR(err.message, "bad factor '0.5' in fss(x); expected a number 1..1e6");
  CHECK_EQ_INT(parse("fss(nan)"), -1);
  CHECK_EQ_STR(err.message, "bad factor 'nan' in fss(x); expected a number 1..1e6");
  CHECK_EQ_INT(parse("fiss(1)"), -1);
  CHECK_EQ_STR(err.message, "bad stage count '1' in fiss(B); expected an integer 2..1000000");
  CHECK_EQ_INT(parse("cyclic(4)"), -1);
  CHECK_EQ_STR(err.message, "cyclic takes no arguments; write 'cyclic'");
  CHECK_EQ_INT(parse("gss(2"), -1);
  CHECK_EQ_STR(err.message, "missing ')' in schedule 'gss(2'; expected one of: " SCHEDULE_FORMS);
  CHECK_EQ_INT(parse("gss(2) x"), -1);
  CHECK_EQ_STR(err.message, "unexpected 'x' after schedule 'gss'; expected one of: " SCHEDULE_FORMS);
  CHECK_EQ_INT(parse("gss()"), -1);
  CHECK_EQ_STR(err.message, "bad argument '' in gss(min); expected an integer 1..2^62");
  CHECK_EQ_INT(parse("tss(1,2,3,4)"), -1);
  CHECK_EQ_STR(err.message,
               "too many or too long arguments in schedule 'tss(1,2,3,4)'; expected one of: " SCHEDULE_FORMS);
  /* however long the text, the message keeps the accepted forms whole */
  char longest[400];
  memset(longest, 'x', sizeof longest - 1);
  longest[sizeof longest - 1] = '\0';
  memcpy(longest, "gss(1", 5);
  CHECK_EQ_INT(parse(longest), -1);
  CHECK(strstr(err.message, SCHEDULE_FORMS) != NULL);
  longest[3] = '_';
  CHECK_EQ_INT(parse(longest), -1);
  CHECK(strstr(err.message, SCHEDULE_FORMS) != NULL);
  memcpy(longest, "gss(1) ", 7);
  CHECK_EQ_INT(parse(longest), -1);
  CHECK(strstr(err.message, SCHEDULE_FORMS) != NULL);
  memcpy(longest, "tss(1,1,1,", 10);
  CHECK_EQ_INT(parse(longest), -1);
  CHECK(strstr(err.message, SCHEDULE_FORMS) != NULL);
  CHECK_EQ_INT(lsc_schedule_parse(NULL, &parsed, &err), -1);
  /* a refusal leaves the output untouched */
  lsc_schedule kept = {.scheme = LSC_SCHEME_TSS, .first = 9, .last = 3};
  CHECK_EQ_INT(lsc_schedule_parse("css(x)", &kept, &err), -1);
  CHECK_EQ_INT(kept.scheme, LSC_SCHEME_TSS);
  CHECK_EQ_INT(kept.first, 9);
}

static void test_format_round_trips(void) {
  static const char *const forms[] = {"static",
                                      "cyclic",
                                      "block_cyclic(8)",
                                      "pss",
                                      "css(125)",
                                      "gss",
                                      "gss(3)",
                                      "fss",
                                      "fss(1.5)",
                                      "tss",
                                      "tss(125,1)",
                                      "fiss(4)",
                                      "tfss(30,2)",
                                      "dcss(6)",
                                      "dgss",
                                      "dfss(3)",
                                      "dtss(40,1)",
                                      "runtime",
                                      "fsc(0.002,0.5)",
                                      "mfsc",
                                      "fac(2,0.5)",
                                      "fac",
                                      "wf",
                                      "tap(1,0.25,1.5)",
                                      "tap(1,0.5)",
                                      "viss(3)",
                                      "viss",
                                      "pls(0.75)",
                                      "pls",
                                      "rnd(2,9)",
                                      "rnd",
                                      "static_steal(16)",
                                      "static_steal",
                                      "awf",
                                      "awf_b(4)",
                                      "awf_c",
                                      "awf_d",
                                      "awf_e(2)",
                                      "af",
                                      "af(3)"};
  char buf[64];
  for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
    CHECK_EQ_INT(parse(forms[i]), 0);
    lsc_schedule_format(&parsed, buf, sizeof buf);
    CHECK_EQ_STR(buf, forms[i]);
  }
  lsc_schedule odd = {.scheme = LSC_SCHEME_DFSS, .factor = 1.0 + 1e-15};
  lsc_schedule_format(&odd, buf, sizeof buf);
  CHECK_EQ_INT(parse(buf), 0);
  CHECK(parsed.factor == odd.factor);
}

static void test_alpha(void) {
  int alpha = -5;
  CHECK_EQ_INT(lsc_alpha_parse("0", &alpha, &err), 0);
  CHECK_EQ_INT(alpha, 0);
  CHECK_EQ_INT(lsc_alpha_parse(" 75 ", &alpha, &err), 0);
  CHECK_EQ_INT(alpha, 75);
  CHECK_EQ_INT(lsc_alpha_parse("100", &alpha, &err), 0);
  CHECK_EQ_INT(alpha, 100);
  CHECK_EQ_INT(lsc_alpha_parse("auto", &alpha, &err), 0);
  CHECK_EQ_INT(alpha, LSC_ALPHA_AUTO);
  CHECK_EQ_INT(lsc_alpha_parse("101", &alpha, &err), -1);
  CHECK_EQ_STR(err.message, "bad alpha '101'; expected an integer 0..100 or auto");
  CHECK_EQ_INT(lsc_alpha_parse("7.5", &alpha, &err), -1);
  CHECK_EQ_STR(err.message, "bad alpha '7.5'; expected an integer 0..100 or auto");
  CHECK_EQ_INT(lsc_alpha_parse("", &alpha, &err), -1);
  CHECK_EQ_STR(err.message, "bad alpha ''; expected an integer 0..100 or auto");
  CHECK_EQ_INT(lsc_alpha_parse(NULL, &alpha, &err), -1);
  CHECK_EQ_INT(alpha, LSC_ALPHA_AUTO);
}

static void test_workload(void) {
  lsc_workload w;
  CHECK_EQ_INT(lsc_workload_parse("uniform", &w, &err), 0);
  CHECK_EQ_INT(w.kind, LSC_WORKLOAD_UNIFORM);
  CHECK_EQ_INT(lsc_workload_parse("increasing(10, 2.5)", &w, &err), 0);
  CHECK_EQ_INT(w.kind, LSC_WORKLOAD_INCREASING);
  CHECK(w.b == 10.0 && w.h == 2.5);
  CHECK_EQ_INT(lsc_workload_parse("decreasing", &w, &err), 0);
  CHECK_EQ_INT(w.kind, LSC_WORKLOAD_DECREASING);
  CHECK(w.b == 1.0 && w.h == 1.0);
  CHECK_EQ_INT(lsc_workload_parse("irregular", &w, &err), 0);
  CHECK_EQ_INT(w.kind, LSC_WORKLOAD_IRREGULAR);
  CHECK_EQ_INT(lsc_workload_parse("increasing(1)", &w, &err), -1);
  CHECK_EQ_STR(err.message,
               "bad arguments in workload increasing(b,h); expected two numbers >= 0, not both 0");
  CHECK_EQ_INT(lsc_workload_parse("decreasing(-1,2)", &w, &err), -1);
  CHECK_EQ_STR(err.message,
               "bad arguments in workload decreasing(b,h); expected two numbers >= 0, not both 0");
  CHECK_EQ_INT(lsc_workload_parse("wavy", &w, &err), -1);
  CHECK_EQ_STR(
      err.message,
      "unknown workload 'wavy'; expected one of: uniform, increasing(b,h), decreasing(b,h), irregular");
}

static void test_planner_refusals(void) {
  lsc_plan_params pp = plan_params("gss", 100, 4);
  pp.schedule.scheme = LSC_SCHEME_RUNTIME;
  CHECK(lsc_planner_new(&pp, &err) == NULL);
  CHECK_EQ_STR(err.message, "schedule(runtime) must be resolved from LSC_SCHEDULE before planning");
  pp = plan_params("gss", 100, 4);
  pp.alpha = LSC_ALPHA_AUTO;
  CHECK(lsc_planner_new(&pp, &err) == NULL);
  CHECK_EQ_STR(err.message, "alpha(auto) must be resolved with lsc_alpha_auto before planning");
  pp.alpha = 101;
  CHECK(lsc_planner_new(&pp, &err) == NULL);
  CHECK_EQ_STR(err.message, "alpha 101 out of range; expected 0..100");
  pp = plan_params("gss", -1, 4);
  CHECK(lsc_planner_new(&pp, &err) == NULL);
  CHECK_EQ_STR(err.message, "iterations -1 out of range; expected 0..2^62");
  pp = plan_params("gss", 10, 0);
  CHECK(lsc_planner_new(&pp, &err) == NULL);
  CHECK_EQ_STR(err.message, "workers 0 out of range; expected 1..1000000");
  pp = plan_params("gss", 10, 2);
  static const double bad_weights[] = {1.0, -2.0};
  pp.weights = bad_weights;
  CHECK(lsc_planner_new(&pp, &err) == NULL);
  CHECK_EQ_STR(err.message, "weight -2 of worker 1 invalid; expected a number in (0, 1e12]");
  pp = plan_params("gss", 10, 2);
  static const int64_t bad_cores[] = {0, 2};
  pp.cores = bad_cores;
  CHECK(lsc_planner_new(&pp, &err) == NULL);
  CHECK_EQ_STR(err.message, "cores 0 of worker 0 invalid; expected 1..1048576");
  pp = plan_params("tss", 10, 2);
  pp.schedule.last = 20;
  pp.schedule.first = 5;
  CHECK(lsc_planner_new(&pp, &err) == NULL);
  CHECK_EQ_STR(err.message, "trapezoid (F,L) = (5,20) invalid; expected F >= L >= 1 or 0 for defaults");
  static const double far_apart[] = {1e-6, 1e7};
  pp = plan_params("dgss", 10, 2);
  pp.weights = far_apart;
  CHECK(lsc_planner_new(&pp, &err) == NULL);
  CHECK_EQ_STR(err.message,
               "dgss: a worker stands for 1e+13 virtual processors (power over the slowest worker's, "
               "times cores); expected at most 1e12");
  pp.schedule.scheme =
      LSC_SCHEME_GSS; /* the same weights are fine where only their ratios to the sum count */
  lsc_planner *fine = lsc_planner_new(&pp, &err);
  CHECK(fine != NULL);
  lsc_planner_free(fine);
  CHECK(lsc_planner_new(NULL, &err) == NULL);
  CHECK_EQ_STR(err.message, "no planner parameters given");
  /* asking with a bad worker or no planner is answered "no work", never a crash */
  lsc_chunk c;
  CHECK_EQ_INT(lsc_planner_next(NULL, 0, &c), 0);
  pp = plan_params("gss", 10, 2);
  lsc_planner *pl = lsc_planner_new(&pp, &err);
  CHECK_EQ_INT(lsc_planner_next(pl, 2, &c), 0);
  CHECK_EQ_INT(lsc_planner_next(pl, -1, &c), 0);
  CHECK_EQ_INT(lsc_planner_remaining(pl), 10);
  lsc_planner_free(pl);
  lsc_planner_free(NULL);
}

/* Did you mean: one slip in a short name, a third of a long one, swapped neighbours count once, case is
 * ignored, a prefix of 3+ letters abbreviates; far names get no guess. */
static void test_nearest_name(void) {
  static const char *const names[] = {"schedule", "alpha", "threads", "gss", "fss", "reproducible"};
  const size_t n = sizeof names / sizeof names[0];
  CHECK_EQ_STR(lsc_nearest_name("shcedule", names, n), "schedule");
  CHECK_EQ_STR(lsc_nearest_name("SCHEDULE", names, n), "schedule");
  CHECK_EQ_STR(lsc_nearest_name("gsss", names, n), "gss");
  CHECK_EQ_STR(lsc_nearest_name("thread", names, n), "threads");
  CHECK_EQ_STR(lsc_nearest_name("sched", names, n), "schedule");
  CHECK_EQ_STR(lsc_nearest_name("reproducable", names, n), "reproducible");
  CHECK(lsc_nearest_name("frobnicate", names, n) == NULL);
  CHECK(lsc_nearest_name("xyz", names, n) == NULL);
  CHECK(lsc_nearest_name("", names, n) == NULL);
  CHECK(lsc_nearest_name("s", names, n) == NULL);
  lsc_sched_error err;
  CHECK_EQ_INT(lsc_schedule_parse("static_chunk", &(lsc_schedule){0}, &err), -1);
  CHECK_EQ_STR(err.suggestion, "");
}

/* OpenMP's and LB4OMP's names: what each means in lsc's schemes (docs/schedules.md) */
static void test_other_spellings(void) {
  static const struct {
    const char *text, *means;
  } cases[] = {
      {"dynamic", "css(1)"},
      {"dynamic,4", "css(4)"},
      {"dynamic, 4", "css(4)"},
      {"DYNAMIC(4)", "css(4)"},
      {"guided", "gss"},
      {"guided,8", "gss(8)"},
      {"static", "static"},
      {"static,50", "block_cyclic(50)"},
      {"static(3)", "block_cyclic(3)"},
      {"ss", "pss"},
      {"fac2", "fss(2)"},
      {"trapezoidal", "tss"},
      {"trapezoidal(9,2)", "tss(9,2)"},
      {"random(1,5)", "rnd(1,5)"},
  };
  char buf[64];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    if (parse(cases[i].text) != 0) {
      UNIT_FAIL_AT("'%s' refused: %s", cases[i].text, err.message);
      continue;
    }
    lsc_schedule_format(&parsed, buf, sizeof buf);
    CHECK_EQ_STR(buf, cases[i].means);
  }
  CHECK_EQ_INT(parse("auto"), 0);
  CHECK_EQ_INT(parsed.scheme, LSC_SCHEME_AUTO);
  CHECK_EQ_INT(parse("auto(4)"), -1);
  CHECK_EQ_INT(parse("bold(1,1)"), -1);
  CHECK_EQ_STR(err.message, "bold takes bold(mu,sigma,h); got 2 arguments");
  CHECK_EQ_INT(parse("bold(1,1,0)"), -1);
  CHECK_EQ_STR(err.message, "bold(mu,sigma,h) needs mu > 0 and h > 0");
  CHECK_EQ_INT(parse("dynamic,x"), -1);
  CHECK_EQ_STR(err.message, "bad argument 'x' in dynamic[,k]; expected an integer 1..2^62");
  CHECK_EQ_INT(parse("dynamc"), -1);
  CHECK_EQ_STR(err.suggestion, "dynamic");
  CHECK_EQ_INT(parse("awf_f"), -1);
  CHECK_EQ_STR(err.suggestion, "awf_b");
  CHECK_EQ_INT(parse("static_stael"), -1);
  CHECK_EQ_STR(err.suggestion, "static_steal");
}

/* The parameters of the new techniques and their refusals. */
static void test_technique_arguments(void) {
  CHECK_EQ_INT(parse("fac(2, 0.5)"), 0);
  CHECK(parsed.mu == 2.0 && parsed.sigma == 0.5);
  CHECK_EQ_INT(parse("fac(0,1)"), -1);
  CHECK_EQ_STR(err.message, "fac(mu,sigma) needs mu > 0");
  CHECK_EQ_INT(parse("fac(1)"), -1);
  CHECK_EQ_STR(err.message, "fac takes fac(mu,sigma); got 1 arguments");
  CHECK_EQ_INT(parse("tap(1,1,0)"), -1);
  CHECK_EQ_STR(err.message, "tap(mu,sigma,a) needs mu > 0 and a > 0");
  CHECK_EQ_INT(parse("fsc(0,1)"), -1);
  CHECK_EQ_STR(err.message, "fsc(h,sigma) needs h > 0 and sigma > 0");
  CHECK_EQ_INT(parse("fsc(1,x)"), -1);
  CHECK_EQ_STR(err.message, "bad number 'x' in fsc(h,sigma); expected a number 0..1e12");
  CHECK_EQ_INT(parse("pls(1.5)"), -1);
  CHECK_EQ_STR(err.message, "bad swr '1.5' in pls(swr); expected a number in (0, 1]");
  CHECK_EQ_INT(parse("rnd(5,2)"), -1);
  CHECK_EQ_STR(err.message, "bad arguments in rnd(min,max); expected two integers 1 <= min <= max");
  CHECK_EQ_INT(parse("rnd(5)"), -1);
  CHECK_EQ_INT(parse("mfsc(3)"), -1);
  CHECK_EQ_STR(err.message, "mfsc takes no arguments; write 'mfsc'");
  CHECK_EQ_INT(parse("viss(1)"), 0);
  CHECK_EQ_INT(parsed.stages, 1);
  CHECK_EQ_INT(parse("af(0)"), -1);
}

int main(void) {
  RUN(test_nearest_name);
  RUN(test_every_scheme_name);
  RUN(test_arguments);
  RUN(test_refusals);
  RUN(test_format_round_trips);
  RUN(test_other_spellings);
  RUN(test_technique_arguments);
  RUN(test_alpha);
  RUN(test_workload);
  RUN(test_planner_refusals);
  return unit_result();
}
