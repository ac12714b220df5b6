/* Properties every planner keeps, over many (N, p, scheme, alpha, weights, cores, request order): sizes
 * positive, chunks disjoint and inside [0, N), their sum exactly N; static schemes give each worker its
 * share. */
#include <math.h>
#include <string.h>

#include "sched_check.h"

static const char *const dynamic_schemes[] = {"pss",          "css",
                                              "css(7)",       "gss",
                                              "gss(3)",       "fss",
                                              "fss(3)",       "fss(1.5)",
                                              "tss",          "tss(9,2)",
                                              "fiss",         "fiss(5)",
                                              "tfss",         "tfss(20,4)",
                                              "dcss",         "dcss(5)",
                                              "dgss",         "dgss(2)",
                                              "dfss",         "dfss(2.5)",
                                              "dtss",         "dtss(30,3)",
                                              "fsc",          "fsc(0.01,0.1)",
                                              "mfsc",         "fac",
                                              "fac(1,3)",     "wf",
                                              "tap",          "tap(1,2,1.5)",
                                              "viss",         "viss(2)",
                                              "pls",          "pls(0.9)",
                                              "rnd",          "rnd(3,17)",
                                              "static_steal", "static_steal(3)",
                                              "awf",          "awf_b",
                                              "awf_c(2)",     "awf_d",
                                              "awf_e",        "af",
                                              "af(2)",        "bold",
                                              "bold(2,1,0.5)"};
static const char *const static_schemes[] = {"static", "cyclic", "block_cyclic", "block_cyclic(3)"};
#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* A small deterministic generator, so failures reproduce. */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t rng_next(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static unsigned char covered[1 << 16];
static int64_t waiting[1000000];

typedef enum order { ORDER_ROUND_ROBIN, ORDER_RANDOM, ORDER_SOME_NEVER_ASK } order;

/* Runs the planner to the end and checks the tiling; returns the number of chunks, -1 when refused. */
static int64_t run_and_check(const lsc_plan_params *pp, order how, const char *label) {
  lsc_sched_error err;
  lsc_planner *pl = lsc_planner_new(pp, &err);
  if (!pl) {
    UNIT_FAIL_AT("%s: planner refused: %s", label, err.message);
    return -1;
  }
  int64_t n = pp->iterations, p = pp->workers, sum = 0, chunks = 0, worker = 0;
  int track = n <= (int64_t)sizeof covered;
  if (track)
    memset(covered, 0, (size_t)n);
  int64_t askers = how == ORDER_SOME_NEVER_ASK && p > 1 ? p - p / 3 : p; /* the last p/3 never ask */
  int64_t active = askers; /* workers [0, active) of `waiting` still get work */
  for (int64_t k = 0; k < askers; k++)
    waiting[k] = k;
  lsc_chunk c;
  while (active > 0) {
    int64_t slot = how == ORDER_ROUND_ROBIN ? worker++ % active : (int64_t)(rng_next() % (uint64_t)active);
    if (!lsc_planner_next(pl, waiting[slot], &c)) {
      waiting[slot] = waiting[--active]; /* once told "no more", a worker stays done */
      continue;
    }
    chunks++;
    if (c.size <= 0 || c.start < 0 || c.start > n - c.size) {
      UNIT_FAIL_AT("%s: chunk [%lld, +%lld) outside [0, %lld)", label, (long long)c.start, (long long)c.size,
                   (long long)n);
      break;
    }
    sum += c.size;
    if (track)
      for (int64_t i = c.start; i < c.start + c.size; i++)
        if (covered[i]++) {
          UNIT_FAIL_AT("%s: iteration %lld handed out twice", label, (long long)i);
          i = c.start + c.size;
          sum = -1;
        }
    if (sum < 0 || sum > n)
      break;
    if (lsc_planner_remaining(pl) != n - sum)
      UNIT_FAIL_AT("%s: remaining %lld, expected %lld", label, (long long)lsc_planner_remaining(pl),
                   (long long)(n - sum));
  }
  int is_static = pp->schedule.scheme <= LSC_SCHEME_BLOCK_CYCLIC;
  if (sum != n && !(is_static && how == ORDER_SOME_NEVER_ASK))
    UNIT_FAIL_AT("%s: handed out %lld of %lld iterations", label, (long long)sum, (long long)n);
  lsc_planner_free(pl);
  return chunks;
}

static const int64_t small_n[] = {0, 1, 2, 3, 5, 7, 10, 17, 64, 100, 999, 1000, 2048, 4097, 65536};
static const int64_t small_p[] = {1, 2, 3, 4, 5, 8, 13, 100};
static const int alphas[] = {0, 1, 50, 80, 100};

static void fill_params(lsc_plan_params *pp, const char *scheme, int64_t n, int64_t p, int alpha,
                        double *weights, int64_t *cores, int variant) {
  *pp = plan_params(scheme, n, p);
  pp->alpha = alpha;
  for (int64_t k = 0; k < p; k++) {
    weights[k] = 1.0 + (double)((k * 7 + variant) % 5) * 0.75;
    cores[k] = 1 + (k + variant) % 4;
  }
  pp->weights = variant & 1 ? weights : NULL;
  pp->cores = variant & 2 ? cores : NULL;
  if (variant & 4)
    pp->workload = (lsc_workload){LSC_WORKLOAD_INCREASING, 2.0, 0.5};
  else if (variant & 8)
    pp->workload = (lsc_workload){LSC_WORKLOAD_DECREASING, 1.0, 3.0};
}

static void test_dynamic_schemes_tile_the_loop(void) {
  double weights[100];
  int64_t cores[100];
  char label[160];
  for (int s = 0; s < COUNT(dynamic_schemes); s++)
    for (int ni = 0; ni < COUNT(small_n); ni++)
      for (int pi = 0; pi < COUNT(small_p); pi++)
        for (int ai = 0; ai < COUNT(alphas); ai++) {
          int variant = (int)(rng_next() % 16);
          lsc_plan_params pp;
          fill_params(&pp, dynamic_schemes[s], small_n[ni], small_p[pi], alphas[ai], weights, cores, variant);
          order how = (order)(rng_next() % 3);
          snprintf(label, sizeof label, "%s N=%lld p=%lld alpha=%d variant=%d order=%d", dynamic_schemes[s],
                   (long long)small_n[ni], (long long)small_p[pi], alphas[ai], variant, (int)how);
          run_and_check(&pp, how, label);
        }
}

static void test_static_schemes_tile_the_loop(void) {
  double weights[100];
  int64_t cores[100];
  char label[160];
  for (int s = 0; s < COUNT(static_schemes); s++)
    for (int ni = 0; ni < COUNT(small_n); ni++)
      for (int pi = 0; pi < COUNT(small_p); pi++)
        for (int variant = 0; variant < 4; variant++) {
          lsc_plan_params pp;
          fill_params(&pp, static_schemes[s], small_n[ni], small_p[pi], variant == 3 ? 60 : 0, weights, cores,
                      variant);
          snprintf(label, sizeof label, "%s N=%lld p=%lld variant=%d", static_schemes[s],
                   (long long)small_n[ni], (long long)small_p[pi], variant);
          run_and_check(&pp, ORDER_RANDOM, label);
        }
}

/* Block: worker k owns [k*q + min(k, r), ...); cyclic: i mod p == k; block_cyclic(b): (i / b) mod p == k. */
static void test_static_schemes_give_each_worker_its_share(void) {
  for (int s = 0; s < COUNT(static_schemes); s++)
    for (int ni = 0; ni < COUNT(small_n); ni++)
      for (int pi = 0; pi < COUNT(small_p); pi++) {
        int64_t n = small_n[ni], p = small_p[pi];
        lsc_plan_params pp = plan_params(static_schemes[s], n, p);
        lsc_sched_error err;
        lsc_planner *pl = lsc_planner_new(&pp, &err);
        CHECK(pl != NULL);
        if (!pl)
          continue;
        int64_t block = s == 1 ? 1 : s == 3 ? 3 : (n / (2 * p) > 0 ? n / (2 * p) : 1);
        int64_t total = 0;
        for (int64_t k = p - 1; k >= 0; k--) {
          lsc_chunk c;
          int64_t mine = 0;
          while (lsc_planner_next(pl, k, &c)) {
            mine += c.size;
            for (int64_t i = c.start; i < c.start + c.size; i++) {
              int64_t owner = s == 0 ? -1 : (i / block) % p;
              if (s == 0) {
                int64_t q = n / p, r = n % p;
                owner = i < r * (q + 1) ? i / (q + 1) : r + (i - r * (q + 1)) / q;
              }
              if (owner != k) {
                UNIT_FAIL_AT("%s N=%lld p=%lld: iteration %lld went to %lld, owner %lld", static_schemes[s],
                             (long long)n, (long long)p, (long long)i, (long long)k, (long long)owner);
                i = c.start + c.size;
              }
            }
          }
          if (s == 0)
            CHECK_EQ_INT(mine, n / p + (k < n % p));
          total += mine;
        }
        CHECK_EQ_INT(total, n);
        lsc_planner_free(pl);
      }
}

/* Sizes near the limits: 2^62 iterations, 10^6 workers, no overflow and no quadratic time. */
static void test_huge_loops(void) {
  static const char *const schemes[] = {"css",  "gss",  "fss",  "fss(1.7)", "tss",    "fiss",        "tfss",
                                        "dcss", "dgss", "dfss", "dtss",     "static", "block_cyclic"};
  const int64_t n = INT64_C(1) << 62;
  static const int64_t workers[] = {1, 7, 1000};
  char label[160];
  for (int s = 0; s < COUNT(schemes); s++)
    for (int w = 0; w < COUNT(workers); w++)
      for (int alpha = 0; alpha <= 75; alpha += 75) {
        lsc_plan_params pp = plan_params(schemes[s], n, workers[w]);
        pp.alpha = alpha;
        snprintf(label, sizeof label, "%s N=2^62 p=%lld alpha=%d", schemes[s], (long long)workers[w], alpha);
        int64_t chunks = run_and_check(&pp, ORDER_ROUND_ROBIN, label);
        CHECK(chunks > 0 && chunks < 100000000);
      }
}

static void test_a_million_workers(void) {
  static const char *const schemes[] = {"gss", "fss", "tss", "dtss", "static", "css"};
  int64_t *cores = malloc(1000000 * sizeof *cores);
  double *weights = malloc(1000000 * sizeof *weights);
  if (!cores || !weights) {
    UNIT_FAIL_AT("out of memory");
    free(cores);
    free(weights);
    return;
  }
  for (int64_t k = 0; k < 1000000; k++) {
    cores[k] = 1 + k % 3;
    weights[k] = 1.0 + (double)(k % 11);
  }
  char label[160];
  for (int s = 0; s < COUNT(schemes); s++) {
    lsc_plan_params pp = plan_params(schemes[s], INT64_C(1) << 40, 1000000);
    pp.alpha = s % 2 ? 0 : 50;
    pp.weights = weights;
    pp.cores = s >= 3 ? cores : NULL;
    snprintf(label, sizeof label, "%s N=2^40 p=10^6", schemes[s]);
    run_and_check(&pp, ORDER_ROUND_ROBIN, label);
  }
  free(cores);
  free(weights);
}

/* [chang-alpha] Assertions 2-3 measure the work of the first x iterations as the area under the cost line,
 * b x + h x^2 / 2, against W = a% of T, T = (2b + (I-1)h) I / 2: m is the smallest integer reaching W
 * (increasing), or the smallest m whose tail of I - m iterations stays within T - W (decreasing). */
static long double cost_area(long double b, long double h, long double x) {
  return b * x + h * x * x / 2;
}

static void test_split_point_holds_alpha_of_the_work(void) {
  static const double bs[] = {0.0, 1.0, 3.0, 250.0};
  static const double hs[] = {0.5, 1.0, 2.0, 7.0};
  static const int64_t ns[] = {1, 2, 10, 333, 2048};
  for (int kind = 0; kind < 2; kind++)
    for (int bi = 0; bi < COUNT(bs); bi++)
      for (int hi = 0; hi < COUNT(hs); hi++)
        for (int ni = 0; ni < COUNT(ns); ni++)
          for (int alpha = 5; alpha < 100; alpha += 15) {
            int64_t n = ns[ni];
            long double b = bs[bi], h = hs[hi];
            lsc_plan_params pp = plan_params("gss", n, 1);
            pp.alpha = alpha;
            pp.workload =
                (lsc_workload){kind ? LSC_WORKLOAD_DECREASING : LSC_WORKLOAD_INCREASING, bs[bi], hs[hi]};
            long double total = (2 * b + (n - 1) * h) * n / 2, work = total * alpha / 100;
            int64_t expected = 0;
            if (kind == 0)
              while (expected < n && cost_area(b, h, expected) < work * (1 - 1e-12L))
                expected++;
            else
              while (expected < n && cost_area(b, h, n - expected) > (total - work) * (1 + 1e-12L))
                expected++;
            int64_t split = lsc_alpha_split_point(n, alpha, &pp.workload);
            if (split != expected)
              UNIT_FAIL_AT("%s b=%g h=%g N=%lld alpha=%d: m = %lld, expected %lld",
                           kind ? "decreasing" : "increasing", bs[bi], hs[hi], (long long)n, alpha,
                           (long long)split, (long long)expected);
            /* and the planner splits there: with one worker its first chunk is the alpha phase */
            lsc_sched_error err;
            lsc_planner *pl = lsc_planner_new(&pp, &err);
            lsc_chunk c;
            CHECK(pl && lsc_planner_next(pl, 0, &c) && c.start == 0);
            if (pl && split > 0)
              CHECK_EQ_INT(c.size, split);
            lsc_planner_free(pl);
          }
}

static void test_uniform_split_point_rounds_up(void) {
  lsc_workload uniform = {LSC_WORKLOAD_UNIFORM, 1.0, 0.0};
  CHECK_EQ_INT(lsc_alpha_split_point(2048, 80, &uniform), 1639); /* [chang-alpha] Table 3.2 */
  CHECK_EQ_INT(lsc_alpha_split_point(1000, 75, &uniform), 750);
  CHECK_EQ_INT(lsc_alpha_split_point(7, 0, &uniform), 0);
  CHECK_EQ_INT(lsc_alpha_split_point(7, 100, &uniform), 7);
  CHECK_EQ_INT(lsc_alpha_split_point(INT64_C(1) << 62, 99, NULL),
               (INT64_C(1) << 62) / 100 * 99 + 99 * 4 / 100 + 1);
}

static void test_alpha_auto(void) {
  static const double homogeneous[] = {1.0, 0.9, 0.95};
  static const double extreme[] = {200, 200, 233, 533, 1500}; /* [chang-alpha] Example 3.1 */
  static const double regular[] = {2.0, 2.0, 2.0, 2.0, 2.0};
  static const double irregular[] = {7, 7.5, 8, 8.5, 10}; /* [wu-hybrid]: SWR = 7/10 */
  CHECK_EQ_INT(lsc_alpha_auto(homogeneous, 3, regular, 5), 100);
  CHECK_EQ_INT(lsc_alpha_auto(extreme, 5, regular, 5), 75);
  CHECK_EQ_INT(lsc_alpha_auto(homogeneous, 3, irregular, 5), 70);
  CHECK_EQ_INT(lsc_alpha_auto(extreme, 5, irregular, 5), 52);
  CHECK_EQ_INT(lsc_alpha_auto(NULL, 0, NULL, 0), 100);
}

/* Whether a schedule text ("css(7)") names the scheme `name` ("css"). */
static int same_scheme(const char *text, const char *name) {
  size_t n = strlen(name);
  return strncmp(text, name, n) == 0 && (text[n] == '\0' || text[n] == '(');
}

/* Every scheme id the parser knows is in the lists above, so a scheme added without a row in the planner's
 * table (refused by lsc_planner_new) or without a property run fails here. */
static void test_every_scheme_is_implemented_and_listed(void) {
  for (int id = 0; id < LSC_SCHEME_COUNT; id++) {
    if (id == LSC_SCHEME_RUNTIME || id == LSC_SCHEME_AUTO)
      continue;
    const char *name = lsc_scheme_name((lsc_scheme_id)id);
    int listed = 0;
    for (int i = 0; i < COUNT(dynamic_schemes); i++)
      listed |= same_scheme(dynamic_schemes[i], name);
    for (int i = 0; i < COUNT(static_schemes); i++)
      listed |= same_scheme(static_schemes[i], name);
    CHECK(listed);
    lsc_plan_params pp = plan_params(name, 100, 3);
    lsc_sched_error err = {{0}, {0}};
    lsc_planner *pl = lsc_planner_new(&pp, &err);
    CHECK(pl != NULL);
    if (!pl)
      fprintf(stderr, "scheme %s: %s\n", name, err.message);
    lsc_planner_free(pl);
  }
}

int main(void) {
  RUN(test_every_scheme_is_implemented_and_listed);
  RUN(test_dynamic_schemes_tile_the_loop);
  RUN(test_static_schemes_tile_the_loop);
  RUN(test_static_schemes_give_each_worker_its_share);
  RUN(test_huge_loops);
  RUN(test_a_million_workers);
  RUN(test_split_point_holds_alpha_of_the_work);
  RUN(test_uniform_split_point_rounds_up);
  RUN(test_alpha_auto);
  return unit_result();
}
