/* The imbalance figure of the LSC_STATS table, the table itself, the per-site summary of LSC_STATS=1, and
 * the LSC_TRACE file. */
#include "obs/stats.h"
#include "obs/summary.h"
#include "obs/terminal.h"
#include "obs/trace.h"
#include "unit.h"

#include <math.h>
#include <stdlib.h>
#include <unistd.h>

static void test_imbalance(void) {
  lsc_rank_stats even[3] = {
      {0, 0, 0, 0, 0, 5, 0, 0, 0, 0}, {1, 2, 10, 1.0, 0, 0, 0, 0, 0, 0}, {1, 2, 10, 0.5, 0.5, 0, 0, 0, 0, 0}};
  CHECK(fabs(lsc_stats_imbalance(even, 3)) < 1e-9);
  lsc_rank_stats skewed[2] = {{1, 1, 1, 3.0, 0, 0, 0, 0, 0, 0}, {1, 1, 1, 1.0, 0, 0, 0, 0, 0, 0}};
  CHECK(fabs(lsc_stats_imbalance(skewed, 2) - 50.0) < 1e-9); /* max 3 over mean 2 */
  lsc_rank_stats idle[2] = {{0}, {1, 0, 0, 0, 0, 0, 0, 0, 0, 0}};
  CHECK(lsc_stats_imbalance(idle, 2) == 0.0);
}

static void test_table(void) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  lsc_rank_stats rows[2] = {{0, 0, 0, 0, 0, 0.25, 0, 0, 0, 0}, {1, 3, 100, 0.5, 1.0, 0.125, 0, 0, 0, 0}};
  double weights[2] = {0, 1};
  lsc_loop_report rep = {"m.c", 7,    100, "gss", 75,   "clock", weights, -1, 2, "dynamic", 0, 1.5,
                         NULL,  NULL, 0,   0,     NULL, 0,       0,       0,  0, 0,         0};
  lsc_stats_print(f, &rep, rows, 2);
  fclose(f);
  CHECK(strstr(text, "lsc: loop m.c:7 n=100 ranks=2 schedule=gss alpha=75 threads=2:dynamic master=serves "
                     "wall=1.500000s\n") != NULL);
  CHECK(strstr(text, "lsc: weights=clock (0,1)\n") != NULL);
  CHECK(strstr(text, "lsc:     1        3          100   0.500000   1.000000   0.125000\n") != NULL);
  CHECK(strstr(text, "lsc: imbalance 0.0%\n") != NULL);
  CHECK(strstr(text, "reproducible") == NULL); /* the mode's line only when it is on */
  free(text);
  /* Reproducible mode: its own line, between the weights and the table. */
  f = open_memstream(&text, &len);
  rep.reproducible = "block=245 blocks=4082 (reproducible(on))";
  lsc_stats_print(f, &rep, rows, 2);
  fclose(f);
  CHECK(strstr(text,
               "lsc: weights=clock (0,1)\nlsc: reproducible block=245 blocks=4082 (reproducible(on))\nlsc:  "
               "rank") != NULL);
  free(text);
}

/* The bytes line of a loop over held arrays: rank 0's traffic both ways and its orders between workers, and
 * when the loop grouped under sub-masters, the bytes that moved inside the groups; nothing else says bytes.
 */
static void test_region_bytes(void) {
  lsc_rank_stats rows[1] = {{1, 1, 10, 0.5, 0, 0, 0, 0, 0, 0}};
  lsc_loop_report rep = {.file = "r.c",
                         .line = 3,
                         .n = 10,
                         .schedule = "static",
                         .weights_source = "equal",
                         .swr = -1,
                         .threads = 1,
                         .inner = "static",
                         .bytes_counted = 1,
                         .bytes_out = 632,
                         .bytes_back = 496,
                         .in_region = 1,
                         .bytes_peer = 992};
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  lsc_stats_print(f, &rep, rows, 1);
  fclose(f);
  CHECK(strstr(text, "lsc: bytes rank0->workers=632 workers->rank0=496 worker->worker=992 (data region)\n") !=
        NULL);
  free(text);
  rep.grouped = 1;
  rep.bytes_group = 1488;
  f = open_memstream(&text, &len);
  lsc_stats_print(f, &rep, rows, 1);
  fclose(f);
  CHECK(strstr(text, "lsc: bytes rank0->workers=632 workers->rank0=496 worker->worker=992 inside groups=1488 "
                     "(data region)\n") != NULL);
  free(text);
  rep.in_region = 0; /* outside a region: no peer or group bytes, whatever the fields hold */
  f = open_memstream(&text, &len);
  lsc_stats_print(f, &rep, rows, 1);
  fclose(f);
  CHECK(strstr(text, "lsc: bytes rank0->workers=632 workers->rank0=496\n") != NULL);
  free(text);
}

/* A late rank (re-issue ended the loop without its FINAL): its row says so after the results that counted
 * (none here: zeros alone would read as a rank that did nothing), and the imbalance is over the others. */
static void test_late_row(void) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  lsc_rank_stats rows[3] = {
      {1, 4, 60, 1.0, 0, 0, 0, 0, 0, 0}, {1, 4, 40, 1.0, 0, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0, 1, 0, 0, 0}};
  lsc_loop_report rep = {"m.c", 7,    100, "gss", 0,    "clock", NULL, -1, 1, "static", 1, 0.5,
                         NULL,  NULL, 0,   0,     NULL, 0,       0,    0,  0, 0,        0};
  lsc_stats_print(f, &rep, rows, 3);
  fclose(f);
  CHECK(strstr(text,
               "lsc:     2        0            0   0.000000   0.000000   0.000000  late: a re-issued copy "
               "finished its last chunk; its results that counted\n") != NULL);
  CHECK(strstr(text, "lsc: imbalance 0.0%\n") != NULL);
  free(text);
}

static char *summary_text(int nranks) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  lsc_summary_print(f, nranks);
  fclose(f);
  return text;
}

/* Two sites: one distributed twice (imbalance 50% for 1 s, 0% for 3 s: 12.5% weighted by time) with a
 * schedule change, then run once on rank 0 alone; one only ever local. */
static void test_summary(void) {
  lsc_summary_reset();
  char *text = summary_text(3);
  CHECK_EQ_STR(text, "lsc: summary: no parallel loop ran\n");
  free(text);
  lsc_rank_stats skewed[2] = {{1, 2, 10, 3.0, 0, 0, 0, 0, 0, 0}, {1, 3, 10, 1.0, 0, 0, 0, 0, 0, 0}};
  lsc_rank_stats even[2] = {{1, 4, 10, 1.0, 0, 0, 0, 0, 0, 0}, {1, 4, 10, 1.0, 0, 0, 0, 0, 0, 0}};
  lsc_rank_stats alone[1] = {{1, 1, 20, 0.5, 0, 0, 0, 0, 0, 0}};
  lsc_loop_report a = {"heat.c", 42,   20, "gss", 0,    "clock", NULL, -1, 1, "static", 1, 1.0,
                       NULL,     NULL, 0,  0,     NULL, 0,       0,    0,  0, 0,        0};
  lsc_summary_add(&a, skewed, 2);
  a.wall = 3.0;
  a.schedule = "fss";
  lsc_summary_add(&a, even, 2);
  a.wall = 0.5;
  a.schedule = "local";
  a.local_why = "none (arrays overlap: 'p' and 'q')";
  lsc_summary_add(&a, alone, 1);
  lsc_loop_report b = {"a_much_longer_name.c", 7, 20, "local", 0, "x", NULL, -1, 1, "static", 1, 2.0, NULL,
                       "none (one rank)",      0, 0,  NULL,    0, 0,   0,    0,  0, 0};
  lsc_summary_add(&b, alone, 1);
  text = summary_text(2);
  CHECK(strstr(text, "lsc: summary of 2 loop sites on 2 ranks (LSC_STATS=each: a table per instance)\n") ==
        text);
  CHECK(strstr(text, "lsc: site                   instances      total_s       mean_s imbalance    chunks "
                     "schedule              rank0  moved_bytes\n") != NULL);
  CHECK(strstr(text, "lsc: heat.c:42                      3     4.500000     1.500000     12.5%        14 "
                     "gss (varied)              1            -\n") != NULL);
  CHECK(strstr(text, "lsc: a_much_longer_name.c:7         1     2.000000     2.000000         -         1 "
                     "local                     1            -\n") != NULL);
  CHECK(strstr(text,
               "lsc: heat.c:42: 1 of 3 instances ran on rank 0 alone: 1: arrays overlap: 'p' and 'q'\n") !=
        NULL);
  CHECK(strstr(text, "lsc: a_much_longer_name.c:7: 1 of 1 instance ran on rank 0 alone: 1: one rank\n") !=
        NULL);
  free(text);
  /* Bytes: a number only when every distributed instance counted them. */
  lsc_summary_reset();
  a.local_why = NULL;
  a.schedule = "gss";
  a.bytes_counted = 1;
  a.bytes_moved = 1000;
  lsc_summary_add(&a, even, 2);
  lsc_summary_add(&a, even, 2);
  text = summary_text(2);
  CHECK(strstr(text, " gss                       0         2000\n") != NULL);
  free(text);
  a.bytes_counted = 0;
  lsc_summary_add(&a, even, 2);
  text = summary_text(2);
  CHECK(strstr(text, " gss                       0            -\n") != NULL);
  free(text);
  /* More distinct reasons than the row keeps: the rest are counted, never dropped. */
  lsc_summary_reset();
  char why[5][32];
  for (int i = 0; i < 5; i++) {
    snprintf(why[i], sizeof why[i], "none (reason %d)", i);
    a.local_why = why[i];
    lsc_summary_add(&a, alone, 1);
  }
  text = summary_text(2);
  CHECK(strstr(text, "5 of 5 instances ran on rank 0 alone: 1: reason 0; 1: reason 1; 1: reason 2; 1: reason "
                     "3; 1: other reasons\n") != NULL);
  free(text);
  lsc_summary_reset();
}

/* LSC_PROGRESS's terminal rule: only a launched process with a piped stderr whose parent writes to this
 * process's controlling terminal. */
static void test_terminal_rule(void) {
  CHECK(lsc_terminal_allowed(1, 1, 0x8800, 1, 0x8800));
  CHECK(!lsc_terminal_allowed(0, 1, 0x8800, 1, 0x8800)); /* no launcher: the pipe is the user's own   */
  CHECK(!lsc_terminal_allowed(1, 0, 0x8800, 1, 0x8800)); /* stderr a file: the user redirected rank 0 */
  CHECK(!lsc_terminal_allowed(1, 1, 0, 1, 0x8800));      /* no controlling terminal (another node)    */
  CHECK(!lsc_terminal_allowed(1, 1, 0x8800, 0, 0));      /* mpirun 2>file or 2>&1 | tee               */
  CHECK(!lsc_terminal_allowed(1, 1, 0x8800, 1, 0x8801)); /* mpirun writes to another terminal         */
}

static void test_escape(void) {
  char out[32];
  lsc_trace_escape("a\"b\\c\nd", out, sizeof out);
  CHECK_EQ_STR(out, "a\\\"b\\\\c\\u000ad");
  lsc_trace_escape(NULL, out, sizeof out);
  CHECK_EQ_STR(out, "");
  char tiny[8];
  lsc_trace_escape("abcdefghijkl", tiny, sizeof tiny);
  CHECK(strlen(tiny) < sizeof tiny);
}

static void test_trace_file(void) {
  char path[] = "/tmp/lsc-trace-XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd < 0)
    return;
  close(fd);
  lsc_trace_start(path, 10.0, 2);
  CHECK(lsc_trace_on());
  lsc_trace_slice(1, "chunk", 10.5, 10.75, "\"start\":0,\"size\":4");
  lsc_trace_slice(LSC_TRACE_INSTANCES, "loop", 10.0, 11.0, NULL);
  lsc_trace_request(1, 10.25, 10.5);
  lsc_trace_finish();
  CHECK(!lsc_trace_on());
  FILE *f = fopen(path, "r");
  char text[2048] = "";
  size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
  text[n] = '\0';
  if (f)
    fclose(f);
  remove(path);
  CHECK(strncmp(text, "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[", 38) == 0);
  CHECK(strstr(text,
               "{\"name\":\"chunk\",\"ph\":\"X\",\"pid\":0,\"tid\":1,\"ts\":500000.000,\"dur\":250000.000,"
               "\"args\":{\"start\":0,\"size\":4}},\n") != NULL);
  CHECK(strstr(text, "\"name\":\"rank 1\"") != NULL);
  /* The instances' track comes after the ranks' and sorts first. */
  CHECK(strstr(text, "{\"name\":\"loop\",\"ph\":\"X\",\"pid\":0,\"tid\":2,\"ts\":0.000,") != NULL);
  CHECK(strstr(text, "\"tid\":2,\"args\":{\"name\":\"loop instances\"}") != NULL);
  CHECK(strstr(text, "\"tid\":2,\"args\":{\"sort_index\":-1}") != NULL);
  /* A request: its marker, then an arrow from it to the chunk's start, one id at both ends. */
  CHECK(strstr(text,
               "{\"name\":\"request\",\"ph\":\"X\",\"pid\":0,\"tid\":1,\"ts\":250000.000,\"dur\":1.000,") !=
        NULL);
  CHECK(strstr(text, "{\"name\":\"request\",\"cat\":\"request\",\"ph\":\"s\",\"id\":1,\"pid\":0,\"tid\":1,"
                     "\"ts\":250000.000}") != NULL);
  CHECK(strstr(text, "{\"name\":\"request\",\"cat\":\"request\",\"ph\":\"f\",\"bp\":\"e\",\"id\":1,\"pid\":0,"
                     "\"tid\":1,\"ts\":500000.000}") != NULL);
  CHECK(strstr(text, "\n]}\n") != NULL);
}

int main(void) {
  RUN(test_imbalance);
  RUN(test_table);
  RUN(test_late_row);
  RUN(test_region_bytes);
  RUN(test_summary);
  RUN(test_terminal_rule);
  RUN(test_escape);
  RUN(test_trace_file);
  return unit_result();
}
