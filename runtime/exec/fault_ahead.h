/* fault_ahead.h - an idle worker's memory faulted in by a helper thread: the program's static arrays
 * (data/prefault.h), then the reserve for this rank's copies, following rank 0's growth (data/warm.h).
 *
 * Why a thread: one step faults a 2 MiB block, and on this project's VMs a block the host has not backed
 * yet takes 5-7 ms (0.2 ms once backed). Stepping in the worker's own loop, between its polls, the worker
 * noticed the region's first LOOP up to a step late: fdtd_2d's first instance waited 6.1 ms for the first
 * request of a worker that was 30 ms into faulting 43 MB. The helper calls no MPI (the process asked for
 * MPI_THREAD_FUNNELED); the worker's main thread keeps polling and, when the first message comes, tells the
 * helper to stop: a step of the reserve on small pages stops within 64 KiB (data/touch.h), one on huge pages
 * or of the static arrays at its end (a huge page faults whole). The helper shares the worker's core with the
 * main thread meanwhile, so a step it finished after the message delayed the worker's first chunk: fdtd_2d's
 * first instance waited 2.5 ms for the ASSIGN of a 300-store chunk. What the helper did not reach faults on
 * first use, as without it. */
#ifndef LSC_EXEC_FAULT_AHEAD_H
#define LSC_EXEC_FAULT_AHEAD_H

/* Starts the helper (LSC_PREFAULT=off: nothing). 1 when it runs, 0 when there is nothing to fault or the
 * thread could not start (the worker then simply waits). */
int lsc_fault_ahead_start(void);
/* Asks the helper to stop (within 64 KiB of a reserve step on small pages, else at the step's end); does not
 * wait for it. */
void lsc_fault_ahead_stop(void);
/* Stops the helper and waits for it (before the process ends). */
void lsc_fault_ahead_join(void);

#endif
