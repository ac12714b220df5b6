/* trace.c - the LSC_TRACE file (trace.h): events are formatted as they come into one growing buffer on rank
 * 0, and the file (metadata naming the tracks, then the events) is written once at the end, so tracing costs
 * no I/O while loops run. */
#include "obs/trace.h"

#include "data/buffer.h"
#include "obs/clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A request marker's length: long enough for a viewer to bind the arrow's start to it. */
#define REQUEST_MARKER_SECONDS 1e-6

static struct {
  char *path;
  double origin;
  int ranks;
  lsc_buffer events;
  unsigned long long flows; /* ids given to flow arrows */
} trace;

static void put(const char *line, int n, size_t size) {
  if (n > 0 && (size_t)n < size)
    lsc_buffer_put(&trace.events, line, (size_t)n);
}

static int track(int rank) {
  return rank == LSC_TRACE_INSTANCES ? trace.ranks : rank;
}

void lsc_trace_start(const char *path, double origin, int ranks) {
  trace.path = strdup(path);
  trace.origin = origin;
  trace.ranks = ranks;
}

int lsc_trace_on(void) {
  return trace.path != NULL;
}

void lsc_trace_slice(int rank, const char *name, double t0, double t1, const char *args) {
  if (!trace.path)
    return;
  /* A rank's times are on its host's clock: rank 0's estimate of the offset puts them on rank 0's. */
  t0 = lsc_clock_to_master(rank, t0);
  t1 = lsc_clock_to_master(rank, t1);
  char line[512];
  int n =
      snprintf(line, sizeof line,
               "%s{\"name\":\"%s\",\"ph\":\"X\",\"pid\":0,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f,\"args\":{%s}}",
               trace.events.len ? ",\n" : "", name, track(rank), (t0 - trace.origin) * 1e6, (t1 - t0) * 1e6,
               args ? args : "");
  put(line, n, sizeof line);
}

void lsc_trace_request(int rank, double requested, double chunk_begin) {
  if (!trace.path)
    return;
  lsc_trace_slice(rank, "request", requested, requested + REQUEST_MARKER_SECONDS, NULL);
  requested = lsc_clock_to_master(rank, requested);
  chunk_begin = lsc_clock_to_master(rank, chunk_begin);
  unsigned long long id = ++trace.flows;
  char line[256];
  /* "s" binds to the request marker around it; "f" with binding point "e" to the chunk slice it opens. */
  int n =
      snprintf(line, sizeof line,
               ",\n{\"name\":\"request\",\"cat\":\"request\",\"ph\":\"s\",\"id\":%llu,\"pid\":0,\"tid\":%d,"
               "\"ts\":%.3f}",
               id, rank, (requested - trace.origin) * 1e6);
  put(line, n, sizeof line);
  n = snprintf(line, sizeof line,
               ",\n{\"name\":\"request\",\"cat\":\"request\",\"ph\":\"f\",\"bp\":\"e\",\"id\":%llu,\"pid\":0,"
               "\"tid\":%d,\"ts\":%.3f}",
               id, rank, (chunk_begin - trace.origin) * 1e6);
  put(line, n, sizeof line);
}

void lsc_trace_escape(const char *text, char *out, size_t len) {
  size_t at = 0;
  for (const unsigned char *p = (const unsigned char *)(text ? text : ""); *p && at + 7 < len; p++) {
    if (*p == '"' || *p == '\\')
      at += (size_t)snprintf(out + at, len - at, "\\%c", *p);
    else if (*p < 0x20)
      at += (size_t)snprintf(out + at, len - at, "\\u%04x", *p);
    else
      out[at++] = (char)*p;
  }
  if (len)
    out[at < len ? at : len - 1] = '\0';
}

void lsc_trace_finish(void) {
  if (!trace.path)
    return;
  FILE *f = fopen(trace.path, "w");
  if (!f) {
    fprintf(stderr, "lsc: warning: cannot write LSC_TRACE file '%s'\n", trace.path);
  } else {
    fputs("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n", f);
    for (int r = 0; r < trace.ranks; r++)
      fprintf(
          f,
          "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":%d,\"args\":{\"name\":\"rank %d%s\"}},\n",
          r, r, r == 0 ? " (master)" : "");
    /* The instances first, above the ranks. */
    fprintf(f,
            "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":%d,\"args\":{\"name\":\"loop "
            "instances\"}},\n{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":0,\"tid\":%d,\"args\":{"
            "\"sort_index\":-1}},\n",
            trace.ranks, trace.ranks);
    fprintf(f, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"tid\":0,\"args\":{\"name\":\"lsc\"}}%s",
            trace.events.len ? ",\n" : "\n");
    if (trace.events.len)
      fwrite(trace.events.data, 1, trace.events.len, f);
    fputs("\n]}\n", f);
    if (fclose(f) != 0)
      fprintf(stderr, "lsc: warning: error writing LSC_TRACE file '%s'\n", trace.path);
  }
  free(trace.path);
  trace.path = NULL;
  trace.flows = 0;
  lsc_buffer_free(&trace.events);
}
