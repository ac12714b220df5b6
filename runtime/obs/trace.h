/* trace.h - LSC_TRACE=file.json: a Chrome / Perfetto trace-event file written by rank 0 when the program
 * ends. One complete ("X") event per chunk per rank (name "chunk"), plus master events (the loop,
 * calibration); one track per rank. Timestamps are microseconds since liblsc started on rank 0. */
#ifndef LSC_OBS_TRACE_H
#define LSC_OBS_TRACE_H

#include <stddef.h>

/* Starts collecting events (origin = clock value of time zero). */
void lsc_trace_start(const char *path, double origin, int ranks);
int lsc_trace_on(void);
/* A slice on rank's track from t0 to t1 (clock values); args is a JSON object body ("\"lo\":0") or NULL. */
void lsc_trace_slice(int rank, const char *name, double t0, double t1, const char *args);
/* Copies text into out as the inside of a JSON string (quotes, backslashes and control characters escaped),
 * truncated to fit; out is always terminated. */
void lsc_trace_escape(const char *text, char *out, size_t len);
/* Writes the file; reports a failure on stderr (the program's own result is not affected). */
void lsc_trace_finish(void);

#endif
