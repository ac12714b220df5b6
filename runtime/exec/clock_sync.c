/* clock_sync.c - the clock offsets of the other ranks, measured by rank 0 at start-up (clock_sync.h).
 *
 * Ranks on other hosts read other monotonic clocks, so their chunk times would land anywhere in rank 0's
 * trace. Rank 0 sends each rank in turn an empty message ROUNDS times; the rank answers with its clock
 * reading, and rank 0 keeps the sample with the smallest round trip (obs/clock.c), whose midpoint is the
 * best guess of when the reading was taken. Only when tracing, so other runs pay one broadcast. One
 * exchange at start-up assumes the clocks do not drift apart over a run, which holds for runs of minutes;
 * a trace of hours would need a second exchange at the end. */
#include "exec/clock_sync.h"

#include "fatal.h"
#include "obs/clock.h"
#include "obs/trace.h"
#include "state.h"
#include "transport/transport.h"

#include <stdio.h>
#include <stdlib.h>

/* Enough samples that one of them usually caught both directions without a scheduling delay. */
#define ROUNDS 12

/* Rank 0: the midpoint of each rank's kept sample, on rank 0's clock, for the trace's slices. */
static double *midpoints;

static void measure(int rank, double *offset, double *rtt, double *midpoint) {
  lsc_clock_sample samples[ROUNDS];
  for (int i = 0; i < ROUNDS; i++) {
    samples[i].sent = lsc_now();
    lsc_tp_check(MPI_Send(NULL, 0, MPI_BYTE, rank, LSC_TAG_CLOCK, lsc_rt.comm), "MPI_Send", rank);
    lsc_tp_check(
        MPI_Recv(&samples[i].remote, 1, MPI_DOUBLE, rank, LSC_TAG_CLOCK, lsc_rt.comm, MPI_STATUS_IGNORE),
        "MPI_Recv", rank);
    samples[i].received = lsc_now();
  }
  *offset = lsc_clock_offset_estimate(samples, ROUNDS, rtt);
  *midpoint = 0;
  for (int i = 0; i < ROUNDS; i++)
    if (samples[i].received - samples[i].sent == *rtt)
      *midpoint = (samples[i].sent + samples[i].received) / 2;
}

static void answer(void) {
  for (int i = 0; i < ROUNDS; i++) {
    lsc_tp_check(MPI_Recv(NULL, 0, MPI_BYTE, 0, LSC_TAG_CLOCK, lsc_rt.comm, MPI_STATUS_IGNORE), "MPI_Recv",
                 0);
    double now = lsc_now();
    lsc_tp_check(MPI_Send(&now, 1, MPI_DOUBLE, 0, LSC_TAG_CLOCK, lsc_rt.comm), "MPI_Send", 0);
  }
}

void lsc_clock_sync(int tracing) {
  if (!lsc_rt.mpi || lsc_rt.size < 2)
    return;
  lsc_tp_check(MPI_Bcast(&tracing, 1, MPI_INT, 0, lsc_rt.comm), "MPI_Bcast", -1);
  if (!tracing)
    return;
  if (lsc_rt.rank != 0) {
    answer();
    return;
  }
  size_t n = (size_t)lsc_rt.size;
  double *offsets = calloc(n, sizeof *offsets), *rtts = calloc(n, sizeof *rtts);
  midpoints = calloc(n, sizeof *midpoints);
  if (!offsets || !rtts || !midpoints)
    lsc_fatal("out of memory at start-up");
  for (int r = 1; r < lsc_rt.size; r++)
    measure(r, &offsets[r], &rtts[r], &midpoints[r]);
  if (lsc_clock_set_offsets(offsets, rtts, lsc_rt.size) != 0)
    lsc_fatal("out of memory at start-up");
  free(offsets);
  free(rtts);
}

void lsc_clock_sync_trace(void) {
  if (!midpoints)
    return;
  for (int r = 1; r < lsc_rt.size; r++) {
    double rtt, offset = lsc_clock_offset(r, &rtt);
    char args[128];
    snprintf(args, sizeof args, "\"offset_s\":%.9f,\"rtt_us\":%.3f", offset, rtt * 1e6);
    /* On rank r's clock, as every slice of its track: the trace turns it back into rank 0's. */
    double mid = midpoints[r] + offset;
    lsc_trace_slice(r, "clock sync", mid - rtt / 2, mid + rtt / 2, args);
  }
  free(midpoints);
  midpoints = NULL;
}
