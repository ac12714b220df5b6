/* The imbalance figure of the LSC_STATS table, the table itself, and the LSC_TRACE file. */
#include "obs/stats.h"
#include "obs/trace.h"
#include "unit.h"

#include <math.h>
#include <stdlib.h>
#include <unistd.h>

static void test_imbalance(void) {
  lsc_rank_stats even[3] = {{0, 0, 0, 0, 0, 5}, {1, 2, 10, 1.0, 0, 0}, {1, 2, 10, 0.5, 0.5, 0}};
  CHECK(fabs(lsc_stats_imbalance(even, 3)) < 1e-9);
  lsc_rank_stats skewed[2] = {{1, 1, 1, 3.0, 0, 0}, {1, 1, 1, 1.0, 0, 0}};
  CHECK(fabs(lsc_stats_imbalance(skewed, 2) - 50.0) < 1e-9); /* max 3 over mean 2 */
  lsc_rank_stats idle[2] = {{0}, {1, 0, 0, 0, 0, 0}};
  CHECK(lsc_stats_imbalance(idle, 2) == 0.0);
}

static void test_table(void) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  lsc_rank_stats rows[2] = {{0, 0, 0, 0, 0, 0.25}, {1, 3, 100, 0.5, 1.0, 0.125}};
  double weights[2] = {0, 1};
  lsc_loop_report rep = {"m.c", 7, 100, "gss", 75, "clock", weights, -1, 2, "dynamic", 0, 1.5, NULL};
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
  lsc_trace_slice(0, "loop", 10.0, 11.0, NULL);
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
  CHECK(strstr(text, "\n]}\n") != NULL);
}

int main(void) {
  RUN(test_imbalance);
  RUN(test_table);
  RUN(test_escape);
  RUN(test_trace_file);
  return unit_result();
}
