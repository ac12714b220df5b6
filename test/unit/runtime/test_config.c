/* LSC_* parsing (values, exact error lines), sync text, clause/env precedence, /proc parsing and static
 * weights. Sites are designated initializers, so a clause field added to lsc_site needs no edit here. */
#include "config/env.h"
#include "config/machine.h"
#include "config/settings.h"
#include "config/sync.h"
#include "unit.h"

#include <math.h>
#include <unistd.h>

/* A fake environment: name=value pairs. */
static const char *const *fake_env;
static const char *fake_get(const char *name) {
  size_t len = strlen(name);
  for (const char *const *p = fake_env; p && *p; p++)
    if (strncmp(*p, name, len) == 0 && (*p)[len] == '=')
      return *p + len + 1;
  return NULL;
}

static int starts_with(const char *text, const char *prefix) {
  return strncmp(text, prefix, strlen(prefix)) == 0;
}

static int read_env(lsc_env_config *cfg, char *err, size_t len, const char *const *vars) {
  fake_env = vars;
  return lsc_env_config_read(cfg, fake_get, err, len);
}

static void test_defaults(void) {
  lsc_env_config cfg;
  char err[512];
  const char *const none[] = {NULL};
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, none), 0);
  CHECK(!cfg.has_schedule && !cfg.has_alpha && !cfg.has_weights && !cfg.has_threads);
  CHECK_EQ_INT(cfg.slowdown_count, 0);
  CHECK_EQ_INT(cfg.stats, 0);
  CHECK(cfg.trace_path == NULL);
  CHECK_EQ_INT(cfg.progress, LSC_PROGRESS_OFF);
  CHECK(!cfg.has_sync && cfg.sync_text == NULL);
  CHECK(!cfg.has_reproducible);
  lsc_env_config_free(&cfg);
}

static void test_valid_values(void) {
  lsc_env_config cfg;
  char err[512];
  const char *const vars[] = {"LSC_SCHEDULE=css(64)",  "LSC_ALPHA=auto",
                              "LSC_WEIGHTS=1,2.5,0.5", "LSC_THREADS=4:dynamic",
                              "LSC_SLOWDOWN=1,3.5",    "LSC_STATS=1",
                              "LSC_TRACE=out.json",    "LSC_PROGRESS=always",
                              "LSC_MASTER=serve",      "LSC_SYNC=0042",
                              "LSC_REPRODUCIBLE=on",   "LSC_CHECK_BOUNDS=1",
                              "LSC_PREFAULT=off",      NULL};
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, vars), 0);
  CHECK_EQ_INT(cfg.schedule.scheme, LSC_SCHEME_CSS);
  CHECK_EQ_INT(cfg.schedule.chunk, 64);
  CHECK_EQ_INT(cfg.alpha, LSC_ALPHA_AUTO);
  CHECK_EQ_INT(cfg.weights.source, LSC_WEIGHTS_LIST);
  CHECK_EQ_INT(cfg.weights.count, 3);
  CHECK(cfg.weights.values[1] == 2.5);
  CHECK_EQ_INT(cfg.threads.count, 4);
  CHECK_EQ_INT(cfg.threads.inner, LSC_INNER_DYNAMIC);
  CHECK_EQ_INT(cfg.slowdown_count, 2);
  CHECK(cfg.slowdown[1].steps == 1 && cfg.slowdown[1].factor[0] == 3.5 && cfg.slowdown[1].at[0] == 0.0);
  CHECK_EQ_INT(cfg.stats, 1);
  CHECK_EQ_STR(cfg.trace_path, "out.json");
  CHECK_EQ_INT(cfg.progress, LSC_PROGRESS_ALWAYS);
  CHECK_EQ_INT(cfg.master, LSC_MASTER_SERVE);
  CHECK_EQ_INT(cfg.has_sync, 1);
  CHECK_EQ_INT(cfg.sync, 42);
  CHECK_EQ_STR(cfg.sync_text, "0042");
  CHECK(cfg.has_reproducible && cfg.reproducible.on && cfg.reproducible.block == 0);
  CHECK_EQ_STR(cfg.reproducible_text, "on");
  CHECK_EQ_INT(cfg.check_bounds, 1);
  CHECK_EQ_INT(cfg.no_prefault, 1);
  lsc_env_config_free(&cfg);
  /* Hierarchical masters: host, a group size, or off */
  const char *const sub_host[] = {"LSC_SUBMASTERS=host", NULL},
                    *const sub_four[] = {"LSC_SUBMASTERS=4", NULL},
                    *const sub_off[] = {"LSC_SUBMASTERS=off", NULL};
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, sub_host), 0);
  CHECK_EQ_INT(cfg.submasters, LSC_SUBMASTERS_HOST);
  lsc_env_config_free(&cfg);
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, sub_four), 0);
  CHECK_EQ_INT(cfg.submasters, 4);
  lsc_env_config_free(&cfg);
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, sub_off), 0);
  CHECK_EQ_INT(cfg.submasters, 0);
  CHECK_EQ_INT(cfg.submaster_regions_flat, 0); /* a data region's loops group unless asked to run flat */
  lsc_env_config_free(&cfg);
  const char *const regions_group[] = {"LSC_SUBMASTER_REGIONS=group", NULL}, *const regions_flat[] = {
                                                                                 "LSC_SUBMASTER_REGIONS=flat",
                                                                                 NULL};
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, regions_group), 0);
  CHECK_EQ_INT(cfg.submaster_regions_flat, 0);
  lsc_env_config_free(&cfg);
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, regions_flat), 0);
  CHECK_EQ_INT(cfg.submaster_regions_flat, 1);
  lsc_env_config_free(&cfg);
  /* auto is 0; an empty LSC_SYNC is no LSC_SYNC, so the loops keep their own sync(...) */
  const char *const sync_auto[] = {"LSC_SYNC=auto", NULL}, *const sync_empty[] = {"LSC_SYNC=", NULL};
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, sync_auto), 0);
  CHECK(cfg.has_sync && cfg.sync == 0);
  lsc_env_config_free(&cfg);
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, sync_empty), 0);
  CHECK(!cfg.has_sync);
  lsc_env_config_free(&cfg);
  /* LSC_REPRODUCIBLE: off is set (it overrides a clause's on), a number is the block size, up to 2^62. */
  const char *const repro_off[] = {"LSC_REPRODUCIBLE=off", NULL},
                    *const repro_block[] = {"LSC_REPRODUCIBLE=0256", NULL},
                    *const repro_max[] = {"LSC_REPRODUCIBLE=4611686018427387904", NULL};
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, repro_off), 0);
  CHECK(cfg.has_reproducible && !cfg.reproducible.on);
  lsc_env_config_free(&cfg);
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, repro_block), 0);
  CHECK(cfg.has_reproducible && cfg.reproducible.on && cfg.reproducible.block == 256);
  lsc_env_config_free(&cfg);
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, repro_max), 0);
  CHECK(cfg.reproducible.on && cfg.reproducible.block == (INT64_C(1) << 62));
  lsc_env_config_free(&cfg);
}

/* Every switch takes the same booleans in any case; LSC_STATS adds each, LSC_PROGRESS always, and
 * LSC_REPRODUCIBLE block sizes from 2 (1 and 0 are the booleans there too). */
static void test_booleans(void) {
  static const char *const on[] = {"1", "yes", "true", "on", "YES", "True", "ON"}, *const off[] = {
                                                                                       "0",   "no", "false",
                                                                                       "off", "NO", "False",
                                                                                       "Off"};
  for (int b = 0; b < 2; b++)
    for (size_t i = 0; i < sizeof on / sizeof on[0]; i++) {
      const char *text = b ? on[i] : off[i];
      CHECK_EQ_INT(lsc_parse_boolean(text), b);
      char stats[32], progress[32], repro[40];
      snprintf(stats, sizeof stats, "LSC_STATS=%s", text);
      snprintf(progress, sizeof progress, "LSC_PROGRESS=%s", text);
      snprintf(repro, sizeof repro, "LSC_REPRODUCIBLE=%s", text);
      const char *const vars[] = {stats, progress, repro, NULL};
      lsc_env_config cfg;
      char err[512];
      CHECK_EQ_INT(read_env(&cfg, err, sizeof err, vars), 0);
      CHECK_EQ_INT(cfg.stats, b ? LSC_STATS_SUMMARY : LSC_STATS_OFF);
      CHECK_EQ_INT(cfg.progress, b ? LSC_PROGRESS_TERMINAL : LSC_PROGRESS_OFF);
      CHECK(cfg.has_reproducible && cfg.reproducible.on == b && cfg.reproducible.block == 0);
      lsc_env_config_free(&cfg);
    }
  CHECK_EQ_INT(lsc_parse_boolean("2"), -1);
  CHECK_EQ_INT(lsc_parse_boolean(""), -1);
  CHECK_EQ_INT(lsc_parse_boolean("yess"), -1);
  const char *const each[] = {"LSC_STATS=each", "LSC_PROGRESS=Always", "LSC_REPRODUCIBLE=2", NULL};
  lsc_env_config cfg;
  char err[512];
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, each), 0);
  CHECK_EQ_INT(cfg.stats, LSC_STATS_EACH);
  CHECK_EQ_INT(cfg.progress, LSC_PROGRESS_ALWAYS);
  CHECK(cfg.reproducible.on && cfg.reproducible.block == 2);
  lsc_env_config_free(&cfg);
  /* The bounds themselves are accepted. */
  const char *const bounds[] = {"LSC_WEIGHTS=1e6,1", "LSC_SLOWDOWN=1,1000", NULL};
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, bounds), 0);
  CHECK_EQ_INT(cfg.weights.count, 2);
  CHECK_EQ_INT(cfg.slowdown_count, 2);
  lsc_env_config_free(&cfg);
}

static void expect_error(const char *assignment, const char *message) {
  lsc_env_config cfg;
  char err[512] = "";
  const char *const vars[] = {assignment, NULL};
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, vars), -1);
  CHECK_EQ_STR(err, message);
  CHECK(cfg.slowdown == NULL && cfg.trace_path == NULL && cfg.weights.values == NULL &&
        cfg.sync_text == NULL);
}

/* LSC_SLOWDOWN's one message, with the value repeated. */
static void expect_slowdown_error(const char *value) {
  char assignment[128], message[512];
  snprintf(assignment, sizeof assignment, "LSC_SLOWDOWN=%s", value);
  snprintf(
      message, sizeof message,
      "LSC_SLOWDOWN='%s' is not valid; expected numbers from 1 to 1000 separated by commas, one per rank "
      "(e.g. 1,3); a rank that changes speed takes steps factor@seconds joined by ':', seconds since the "
      "program started, in increasing order (e.g. 1,4@0.5 or 1,1:4@0.5:1@2)",
      value);
  expect_error(assignment, message);
}

/* Time-varying LSC_SLOWDOWN: the steps, the factor at a time, the emulated span across a step, and every
 * malformed profile refused. */
static void test_slowdown_profiles(void) {
  lsc_env_config cfg;
  char err[512];
  const char *const vars[] = {"LSC_SLOWDOWN=1, 4@0.5 ,1:2@1:1@3", NULL};
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, vars), 0);
  CHECK_EQ_INT(cfg.slowdown_count, 3);
  const lsc_slowdown *one = &cfg.slowdown[1], *two = &cfg.slowdown[2];
  CHECK(one->steps == 1 && one->at[0] == 0.5 && one->factor[0] == 4.0);
  CHECK(lsc_slowdown_at(one, 0.0) == 1.0 && lsc_slowdown_at(one, 0.49) == 1.0 &&
        lsc_slowdown_at(one, 0.5) == 4.0);
  CHECK(two->steps == 3 && lsc_slowdown_at(two, 2.0) == 2.0 && lsc_slowdown_at(two, 5.0) == 1.0);
  CHECK(!lsc_slowdown_any(&cfg.slowdown[0]) && lsc_slowdown_any(one));
  /* 1 s of work from 0: 0.5 s at full speed, the other 0.5 s four times slower: 2.5 s in all. */
  CHECK(fabs(lsc_slowdown_span(one, 0.0, 1.0) - 2.5) < 1e-12);
  CHECK(fabs(lsc_slowdown_span(one, 1.0, 1.0) - 4.0) < 1e-12);
  CHECK(fabs(lsc_slowdown_span(one, 0.0, 0.25) - 0.25) < 1e-12);
  /* From 0.5: 0.5 s at 1 (to 1.0), then 2x until 3.0 takes 1 s of work: 0.5 + 1 = 1.5 s of work by 3.0. */
  CHECK(fabs(lsc_slowdown_span(two, 0.5, 2.0) - 3.0) < 1e-12);
  lsc_slowdown beyond = lsc_env_slowdown(&cfg, 7);
  CHECK(!lsc_slowdown_any(&beyond));
  lsc_env_config_free(&cfg);
  const char *const bad[] = {"4@",      "4@-1",  "@1",     "2@1:3@0.5",
                             "2@1:3@1", "2:",    "2@1,,1", "0.5@1",
                             "2@1x",    "2@inf", "-2",     "2@1:3@2:4@3:5@4:6@5:7@6:8@7:9@8:9@9",
                             "2 @ 1 :"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    expect_slowdown_error(bad[i]);
}

static void test_errors(void) {
  expect_error("LSC_THREADS=0",
               "LSC_THREADS='0' is not valid; expected a positive integer or auto, optionally "
               "followed by :static, :dynamic or :guided (e.g. 4:dynamic)");
  expect_error("LSC_THREADS=auto:fast",
               "LSC_THREADS='auto:fast' is not valid; expected a positive integer or auto, "
               "optionally followed by :static, :dynamic or :guided (e.g. 4:dynamic)");
  expect_error("LSC_THREADS=99999999999",
               "LSC_THREADS='99999999999' is not valid; expected a positive integer or "
               "auto, optionally followed by :static, :dynamic or :guided (e.g. 4:dynamic)");
  expect_error("LSC_WEIGHTS=1,,2",
               "LSC_WEIGHTS='1,,2' is not valid; expected clock, load, measured, equal, or numbers in (0, "
               "1e6] one per rank, the largest at most 1e6 times the smallest (e.g. 1,2.5,1)");
  expect_error("LSC_WEIGHTS=1,-2",
               "LSC_WEIGHTS='1,-2' is not valid; expected clock, load, measured, equal, or numbers in (0, "
               "1e6] one per rank, the largest at most 1e6 times the smallest (e.g. 1,2.5,1)");
  expect_error("LSC_WEIGHTS=",
               "LSC_WEIGHTS='' is not valid; expected clock, load, measured, equal, or numbers in (0, 1e6] "
               "one per rank, the largest at most 1e6 times the smallest (e.g. 1,2.5,1)");
  expect_slowdown_error("0.5");
  expect_slowdown_error("2,inf");
  expect_slowdown_error("2,");
  expect_error("LSC_STATS=sometimes", "LSC_STATS='sometimes' is not valid; expected 0, 1, no, yes, false, "
                                      "true, off or on (a summary per loop "
                                      "site at exit), or each (a table after every loop)");
  expect_error("LSC_PROGRESS=2", "LSC_PROGRESS='2' is not valid; expected 0, 1, no, yes, false, true, off or "
                                 "on (on means: when a terminal can "
                                 "show it), or always");
  /* Out of range: numbers the planner's sums or the idle time cannot take (1e308 was accepted once). */
  expect_error("LSC_WEIGHTS=1e308,1",
               "LSC_WEIGHTS='1e308,1' is not valid; expected clock, load, measured, equal, or numbers in (0, "
               "1e6] one per rank, the largest at most 1e6 times the smallest (e.g. 1,2.5,1)");
  expect_error("LSC_WEIGHTS=1e-3,1e6",
               "LSC_WEIGHTS='1e-3,1e6' is not valid; expected clock, load, measured, equal, or numbers in "
               "(0, 1e6] one per rank, the largest at most 1e6 times the smallest (e.g. 1,2.5,1)");
  expect_slowdown_error("1,1e300");
  expect_error("LSC_CHECK_BOUNDS=maybe",
               "LSC_CHECK_BOUNDS='maybe' is not valid; expected 0, 1, no, yes, false, true, off or on");
  expect_error("LSC_PREFAULT=later",
               "LSC_PREFAULT='later' is not valid; expected 0, 1, no, yes, false, true, off or on");
  expect_error("LSC_MASTER=both", "LSC_MASTER='both' is not valid; expected auto, compute or serve");
  expect_error("LSC_SUBMASTER_REGIONS=grouped",
               "LSC_SUBMASTER_REGIONS='grouped' is not valid; expected flat or group");
  static const char *const sub_bad[] = {"1", "0x2", "-2", "+2", " 2", "2 ", "1048577", "hosts", ""};
  for (size_t i = 0; i < sizeof sub_bad / sizeof *sub_bad; i++) {
    char var[64], want[192];
    snprintf(var, sizeof var, "LSC_SUBMASTERS=%s", sub_bad[i]);
    snprintf(
        want, sizeof want,
        "LSC_SUBMASTERS='%s' is not valid; expected off (or 0, no, false), host, or a group size of 2 to "
        "1048576 ranks",
        sub_bad[i]);
    expect_error(var, want);
  }
  expect_error("LSC_TRACE=", "LSC_TRACE='' is not valid; expected the path of the JSON file to write");
  expect_error("LSC_SYNC=abc", "LSC_SYNC='abc': expected 'auto' or a number of iterations >= 1");
  expect_error("LSC_SYNC=0", "LSC_SYNC='0': expected 'auto' or a number of iterations >= 1");
  static const char *const repro_bad[] = {"",
                                          "sometimes",
                                          "2x",
                                          "-4",
                                          "+4",
                                          " 4",
                                          "4 ",
                                          "1e3",
                                          "256k",
                                          "0x10",
                                          "4611686018427387905",
                                          "99999999999999999999999"};
  for (size_t i = 0; i < sizeof repro_bad / sizeof repro_bad[0]; i++) {
    char assignment[64], message[256];
    snprintf(assignment, sizeof assignment, "LSC_REPRODUCIBLE=%s", repro_bad[i]);
    snprintf(message, sizeof message,
             "LSC_REPRODUCIBLE='%s' is not valid; expected 0, 1, no, yes, false, true, off or on, or a block "
             "size in iterations from 2 to 2^62 "
             "(e.g. 256)",
             repro_bad[i]);
    expect_error(assignment, message);
  }
  lsc_env_config cfg;
  char err[512] = "";
  const char *const bad_schedule[] = {"LSC_SCHEDULE=nope", NULL};
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, bad_schedule), -1);
  CHECK(starts_with(err, "LSC_SCHEDULE='nope' is not valid: "));
  CHECK(strstr(err, "expected") && strstr(err, "gss") && strstr(err, "tss"));
  const char *const bad_alpha[] = {"LSC_ALPHA=-1", NULL};
  CHECK_EQ_INT(read_env(&cfg, err, sizeof err, bad_alpha), -1);
  CHECK(starts_with(err, "LSC_ALPHA='-1' is not valid: ") && strstr(err, "expected"));
}

static void test_sync_text(void) {
  CHECK_EQ_INT(lsc_sync_parse("auto"), 0);
  CHECK_EQ_INT(lsc_sync_parse("1"), 1);
  CHECK_EQ_INT(lsc_sync_parse("0042"), 42);
  CHECK_EQ_INT(lsc_sync_parse("4611686018427387904"), LSC_SYNC_MAX);
  CHECK_EQ_INT(lsc_sync_parse("4611686018427387905"), -1);
  CHECK_EQ_INT(lsc_sync_parse("99999999999999999999999"), -1);
  CHECK_EQ_INT(lsc_sync_parse("0"), -1);
  CHECK_EQ_INT(lsc_sync_parse("-3"), -1);
  CHECK_EQ_INT(lsc_sync_parse("+3"), -1);
  CHECK_EQ_INT(lsc_sync_parse(" 3"), -1);
  CHECK_EQ_INT(lsc_sync_parse("3x"), -1);
  CHECK_EQ_INT(lsc_sync_parse("Auto"), -1);
  CHECK_EQ_INT(lsc_sync_parse(""), -1);
  CHECK_EQ_INT(lsc_sync_parse(NULL), -1);
}

static void test_settings_precedence(void) {
  lsc_env_config env = {0};
  lsc_loop_settings s;
  char err[512];
  lsc_site site = LSC_SITE_INIT("f.c", 3, NULL, NULL, double);
  site.schedule = "tss";
  site.alpha = "75";
  site.weights = "load";
  site.threads = "2";
  site.reproducible = "512";
  CHECK_EQ_INT(lsc_settings_resolve(&site, &env, &s, err, sizeof err), 0);
  CHECK_EQ_STR(s.schedule_text, "tss");
  CHECK_EQ_INT(s.alpha, 75);
  CHECK_EQ_INT(s.weights.source, LSC_WEIGHTS_LOAD);
  CHECK_EQ_INT(s.threads.count, 2);
  CHECK(s.reproducible.on && s.reproducible.block == 512);
  CHECK_EQ_STR(s.reproducible_source, "reproducible(512)");
  lsc_settings_free(&s);
  /* The environment overrides the clauses. */
  const char *const vars[] = {"LSC_SCHEDULE=fss", "LSC_ALPHA=0",          "LSC_WEIGHTS=equal",
                              "LSC_THREADS=auto", "LSC_REPRODUCIBLE=off", NULL};
  CHECK_EQ_INT(read_env(&env, err, sizeof err, vars), 0);
  CHECK_EQ_INT(lsc_settings_resolve(&site, &env, &s, err, sizeof err), 0);
  CHECK_EQ_INT(s.schedule.scheme, LSC_SCHEME_FSS);
  CHECK_EQ_INT(s.alpha, 0);
  CHECK_EQ_INT(s.weights.source, LSC_WEIGHTS_EQUAL);
  CHECK_EQ_INT(s.threads.count, 0);
  CHECK(!s.reproducible.on);
  CHECK_EQ_STR(s.reproducible_source, "LSC_REPRODUCIBLE=off");
  lsc_settings_free(&s);
  lsc_env_config_free(&env);
  /* Nothing given: gss; schedule(runtime) without LSC_SCHEDULE: gss too. */
  lsc_site bare = LSC_SITE_INIT("f.c", 4, NULL, NULL, double);
  CHECK_EQ_INT(lsc_settings_resolve(&bare, &env, &s, err, sizeof err), 0);
  CHECK_EQ_STR(s.schedule_text, "gss");
  CHECK_EQ_INT(s.weights.source, LSC_WEIGHTS_CLOCK);
  CHECK_EQ_INT(s.threads.count, 1);
  CHECK(!s.reproducible.on);
  /* The local run reads the mode alone, by the same rule: LSC_REPRODUCIBLE, else the clause, else off. */
  lsc_repro_spec repro;
  char source[48];
  bare.reproducible = "on";
  CHECK_EQ_INT(lsc_settings_reproducible(&bare, &env, &repro, source, sizeof source, err, sizeof err), 0);
  CHECK(repro.on && repro.block == 0);
  CHECK_EQ_STR(source, "reproducible(on)");
  const char *const repro_env[] = {"LSC_REPRODUCIBLE=64", NULL};
  CHECK_EQ_INT(read_env(&env, err, sizeof err, repro_env), 0);
  CHECK_EQ_INT(lsc_settings_reproducible(&bare, &env, &repro, source, sizeof source, err, sizeof err), 0);
  CHECK(repro.on && repro.block == 64);
  CHECK_EQ_STR(source, "LSC_REPRODUCIBLE=64");
  lsc_env_config_free(&env);
  bare.reproducible = "fast";
  CHECK_EQ_INT(lsc_settings_reproducible(&bare, &env, &repro, source, sizeof source, err, sizeof err), -1);
  CHECK_EQ_STR(err, "f.c:4: reproducible(fast) is not valid: expected 0, 1, no, yes, false, true, off or on, "
                    "or a block size in "
                    "iterations from 2 to 2^62 (e.g. 256)");
  bare.reproducible = NULL;
  bare.schedule = "runtime";
  CHECK_EQ_INT(lsc_settings_resolve(&bare, &env, &s, err, sizeof err), 0);
  CHECK_EQ_STR(s.schedule_text, "gss");
  const char *const rt[] = {"LSC_SCHEDULE=css(5)", NULL};
  CHECK_EQ_INT(read_env(&env, err, sizeof err, rt), 0);
  CHECK_EQ_INT(lsc_settings_resolve(&bare, &env, &s, err, sizeof err), 0);
  CHECK_EQ_STR(s.schedule_text, "css(5)");
  lsc_env_config_free(&env);
}

static void test_settings_errors(void) {
  lsc_env_config env = {0};
  lsc_loop_settings s;
  char err[512];
  lsc_site site = LSC_SITE_INIT("f.c", 9, NULL, NULL, double);
  site.schedule = "gss";
  site.threads = "many";
  CHECK_EQ_INT(lsc_settings_resolve(&site, &env, &s, err, sizeof err), -1);
  CHECK_EQ_STR(err,
               "f.c:9: threads(many) is not valid: expected a positive integer or auto, optionally followed "
               "by :static, :dynamic or :guided (e.g. 4:dynamic)");
  site.threads = 0;
  site.weights = "heavy";
  CHECK_EQ_INT(lsc_settings_resolve(&site, &env, &s, err, sizeof err), -1);
  CHECK(starts_with(err, "f.c:9: weights(heavy) is not valid: expected clock, load"));
  site.weights = 0;
  site.schedule = "gss(x";
  CHECK_EQ_INT(lsc_settings_resolve(&site, &env, &s, err, sizeof err), -1);
  CHECK(starts_with(err, "f.c:9: schedule(gss(x) is not valid: "));
  site.schedule = "gss";
  site.reproducible = "-1";
  CHECK_EQ_INT(lsc_settings_resolve(&site, &env, &s, err, sizeof err), -1);
  CHECK(starts_with(err, "f.c:9: reproducible(-1) is not valid: expected 0, 1, no, yes"));
}

/* Every clause field of lsc_site (LSC_SITE_CLAUSES, the same list the rewriter's clause table must name) is
 * read by the settings: a malformed value in any of them is an error naming that clause. A field added to the
 * site but not read by lsc_settings_resolve fails here. */
static void test_every_site_clause_is_read(void) {
  lsc_env_config env = {0};
  lsc_loop_settings s;
  char err[512], expected[64];
  static const char *const names[] = {
#define SITE_CLAUSE_NAME(field) #field,
      LSC_SITE_CLAUSES(SITE_CLAUSE_NAME)
#undef SITE_CLAUSE_NAME
  };
  for (int c = 0; c < LSC_SITE_CLAUSE_COUNT; c++) {
    lsc_site site = LSC_SITE_INIT("f.c", 3, NULL, NULL, int);
    const char *bad = "@@";
    int i = 0;
#define SITE_CLAUSE_SET(field) site.field = i++ == c ? bad : NULL;
    LSC_SITE_CLAUSES(SITE_CLAUSE_SET)
#undef SITE_CLAUSE_SET
    CHECK_EQ_INT(lsc_settings_resolve(&site, &env, &s, err, sizeof err), -1);
    snprintf(expected, sizeof expected, "f.c:3: %s(@@) is not valid", names[c]);
    CHECK(starts_with(err, expected));
  }
}

static void test_proc_parsing(void) {
  const char *cpuinfo = "processor\t: 0\ncpu MHz\t\t: 2000.000\ncache size\t: 1 KB\n"
                        "processor\t: 1\ncpu MHz\t\t: 3000.500\n";
  CHECK(fabs(lsc_cpuinfo_mean_mhz(cpuinfo) - 2500.25) < 1e-9);
  CHECK(lsc_cpuinfo_mean_mhz("processor : 0\nBogoMIPS : 50\n") == 0.0);
  CHECK(lsc_cpuinfo_mean_mhz("") == 0.0);
  CHECK(lsc_loadavg_one_minute("0.52 0.58 0.59 1/467 12345\n") == 0.52);
  CHECK(lsc_loadavg_one_minute("garbage") == -1.0);
  /* /proc/PID/statm: size resident shared ... in pages; anonymous = resident - shared (data/warm.h) */
  CHECK(lsc_statm_anon_bytes("1000 300 100 5 0 200 0\n", 4096) == 200LL * 4096);
  CHECK(lsc_statm_anon_bytes("garbage", 4096) == -1);
  CHECK(lsc_statm_anon_bytes("10 3 5 1 0 2 0", 4096) == -1); /* shared above resident */
  CHECK(lsc_machine_anon_bytes((long)getpid()) > 0);
  CHECK(lsc_machine_anon_bytes(-1) == -1);
}

static void test_static_weights(void) {
  lsc_machine machines[2] = {{2000, 0.0, 4, 1, 0, ""}, {1000, 4.0, 2, 1, 0, ""}};
  double w[2];
  lsc_weights_spec clock = {LSC_WEIGHTS_CLOCK, 0, NULL};
  CHECK_EQ_INT(lsc_static_weights(&clock, machines, 2, w), LSC_WEIGHTS_CLOCK);
  CHECK(w[0] == 2000 && w[1] == 1000);
  lsc_weights_spec load = {LSC_WEIGHTS_LOAD, 0, NULL};
  CHECK_EQ_INT(lsc_static_weights(&load, machines, 2, w), LSC_WEIGHTS_LOAD);
  CHECK(w[0] == 2000 && fabs(w[1] - 1000.0 / 3.0) < 1e-9); /* load 4 on 2 cores: CL = 1 + 2 */
  double listed[2] = {3, 1};
  lsc_weights_spec list = {LSC_WEIGHTS_LIST, 2, listed};
  CHECK_EQ_INT(lsc_static_weights(&list, machines, 2, w), LSC_WEIGHTS_LIST);
  CHECK(w[0] == 3 && w[1] == 1);
  machines[1].mhz = 0; /* clock unknown on one rank: equal weights, and the caller is told */
  CHECK_EQ_INT(lsc_static_weights(&clock, machines, 2, w), LSC_WEIGHTS_EQUAL);
  CHECK(w[0] == 1 && w[1] == 1);
}

int main(void) {
  RUN(test_defaults);
  RUN(test_valid_values);
  RUN(test_booleans);
  RUN(test_errors);
  RUN(test_slowdown_profiles);
  RUN(test_sync_text);
  RUN(test_settings_precedence);
  RUN(test_settings_errors);
  RUN(test_every_site_clause_is_read);
  RUN(test_proc_parsing);
  RUN(test_static_weights);
  return unit_result();
}
