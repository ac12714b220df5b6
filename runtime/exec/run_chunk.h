/* run_chunk.h - runs iterations [lo, hi) of a loop on this rank: with OpenMP threads in hierarchical mode,
 * in timed pieces when the master must answer requests in between or LSC_SLOWDOWN emulates a slower
 * machine (idling after each piece, run_chunk.c). */
#ifndef LSC_EXEC_RUN_CHUNK_H
#define LSC_EXEC_RUN_CHUNK_H

#include "exec/loop.h"

typedef struct lsc_chunk_timing {
  double begin, end;     /* clock at start and end, idling included           */
  double busy;           /* seconds in the body                                */
  double idle;           /* seconds idled by LSC_SLOWDOWN                      */
  double it_min, it_max; /* per_iteration: fastest and slowest iteration      */
} lsc_chunk_timing;

/* Called between pieces of a chunk (the master answers requests there). */
typedef void (*lsc_between_fn)(void *ctx);

/* per_iteration: run and time each iteration alone (calibration samples). between: NULL runs the chunk in
 * one piece; otherwise pieces of about `piece_seconds` with between() after each. */
/* LSC_SLOWDOWN: after `busy` seconds of body time that began at `start` (lsc_now), sleeps as long as the
 * emulated slower rank would still have worked (config/slowdown.h) and adds it to t->idle. Returns whether
 * it slept. */
int lsc_idle_for_slowdown(const lsc_loop *loop, double start, double busy, lsc_chunk_timing *t);

void lsc_run_chunk(lsc_loop *loop, int64_t lo, int64_t hi, int per_iteration, lsc_between_fn between,
                   void *ctx, lsc_chunk_timing *t);

#endif
