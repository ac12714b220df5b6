/* emulate.h - what the hand-written MPI baselines share: the heterogeneous-cluster emulation of liblsc's
 * LSC_SLOWDOWN (so both sides run on the same emulated machines), the loop timer line the benchmark harness
 * parses, and the load-imbalance figure computed the way LSC_STATS computes it. */
#ifndef BENCH_SUITE_EMULATE_H
#define BENCH_SUITE_EMULATE_H

/* Factor f >= 1 of `rank` from LSC_SLOWDOWN=f0,f1,... (1 when unset or too short). Exits on a bad value:
 * a silently ignored typo would turn a heterogeneous run into a homogeneous one. */
double emulate_factor(int rank);

/* Seconds since an arbitrary origin (MPI_Wtime). */
double emulate_now(void);

/* Sleeps (factor - 1) * busy seconds, as a rank `factor` times slower would have computed longer; returns
 * the seconds slept. */
double emulate_idle(double factor, double busy);

/* Collective: rank 0 prints on stderr `bench-loop 0 SECONDS`, `bench-imbalance PERCENT`, PERCENT being
 * (max / mean - 1) * 100 of each rank's busy + idle seconds, and `bench-busy SECONDS`, the ranks' compute
 * seconds added up (against the sequential time, it shows how much sharing the cores cost). */
void emulate_report(double seconds, double busy, double idle);

#endif
