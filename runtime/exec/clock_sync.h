/* clock_sync.h - rank 0 estimates every rank's clock offset at start-up, for the trace (clock_sync.c). */
#ifndef LSC_EXEC_CLOCK_SYNC_H
#define LSC_EXEC_CLOCK_SYNC_H

/* Every rank calls it, in the same place; `tracing` counts on rank 0 only. When rank 0 traces, it ping-pongs
 * with each rank in turn and files the offsets in obs/clock's table; otherwise it costs one broadcast. */
void lsc_clock_sync(int tracing);
/* Rank 0, once the trace has started: a "clock sync" slice on each rank's track, its kept sample's round
 * trip, with the offset and the round trip as arguments. */
void lsc_clock_sync_trace(void);

#endif
