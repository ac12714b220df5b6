/* clock.h - monotonic seconds, and the offsets that put other hosts' clock values on rank 0's clock.
 *
 * CLOCK_MONOTONIC is shared by every process of a host, so times taken on different ranks of one machine line
 * up without any synchronisation. Across hosts each machine's monotonic clock has its own zero (its boot),
 * so rank 0 estimates each rank's offset at start-up (exec/clock_sync.c: ping-pongs, the sample with the
 * smallest round trip kept, Cristian's method) and the trace turns a rank's clock values into rank 0's with
 * lsc_clock_to_master. The error of such an estimate is at most half that sample's round trip. */
#ifndef LSC_OBS_CLOCK_H
#define LSC_OBS_CLOCK_H

double lsc_now(void);
/* The calling thread's CPU seconds (CLOCK_THREAD_CPUTIME_ID), which do not grow while the thread waits for a
 * core, as the monotonic clock does on a loaded machine; -1 where the clock is missing. */
double lsc_cpu_now(void);
/* Sleeps without using the CPU; returns at once for seconds <= 0. */
void lsc_sleep(double seconds);

/* One ping-pong: rank 0 sent at `sent`, the other rank read its clock at `remote`, rank 0 had the answer at
 * `received` (sent and received on rank 0's clock). */
typedef struct {
  double sent, remote, received;
} lsc_clock_sample;

/* The other clock minus rank 0's from the sample with the smallest round trip, which is stored in *rtt;
 * 0 (and *rtt = 0) without samples. The remote reading is taken as the middle of its round trip. */
double lsc_clock_offset_estimate(const lsc_clock_sample *samples, int count, double *rtt);

/* Rank 0's table of offsets (rank r's clock minus rank 0's) and the round trips they rest on; ranks not set
 * have offset 0. Copies the arrays; a second call replaces the table. Returns -1 when out of memory. */
int lsc_clock_set_offsets(const double *offsets, const double *rtts, int ranks);
/* Rank's clock value t on rank 0's clock (t itself for rank 0, for ranks outside the table, and without a
 * table). */
double lsc_clock_to_master(int rank, double t);
/* The offset and round trip stored for rank (0 and 0 when none). */
double lsc_clock_offset(int rank, double *rtt);

#endif
