/* trace.h - LSC_TRACE=file.json: a Chrome / Perfetto trace-event file written by rank 0 when the program
 * ends. One track per rank, with a complete ("X") event per chunk ("chunk"), per wait for a message ("wait")
 * and per chunk request of a worker ("request", a 1 us marker where the request left), a flow arrow (a "s"
 * and a "f" event with one id) from each request to the chunk that answered it, and the master's
 * calibration; with sub-masters, a "piece" per piece of a group chunk on its member's track
 * (exec/submaster.c); and one more track, "loop instances", with a "loop" slice per instance of a parallel
 * loop. Timestamps are microseconds since liblsc started on rank 0. */
#ifndef LSC_OBS_TRACE_H
#define LSC_OBS_TRACE_H

#include <stddef.h>

/* Starts collecting events (origin = clock value of time zero). */
void lsc_trace_start(const char *path, double origin, int ranks);
int lsc_trace_on(void);
/* The track of the loop instances, for lsc_trace_slice's rank. */
#define LSC_TRACE_INSTANCES (-1)
/* A slice on rank's track from t0 to t1 (clock values); args is a JSON object body ("\"lo\":0") or NULL. */
void lsc_trace_slice(int rank, const char *name, double t0, double t1, const char *args);
/* A worker's request that left at `requested` and the chunk that answered it, starting at `chunk_begin`: a
 * "request" marker and a flow arrow from it to the chunk's slice (which the caller adds). */
void lsc_trace_request(int rank, double requested, double chunk_begin);
/* Copies text into out as the inside of a JSON string (quotes, backslashes and control characters escaped),
 * truncated to fit; out is always terminated. */
void lsc_trace_escape(const char *text, char *out, size_t len);
/* Writes the file; reports a failure on stderr (the program's own result is not affected). */
void lsc_trace_finish(void);

#endif
