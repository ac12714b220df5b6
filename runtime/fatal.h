/* fatal.h - the one way liblsc stops on an error it cannot recover from: one line on stderr, then every rank
 * goes down (MPI_Abort when ranks are running), so no rank is left waiting for a message that never comes. */
#ifndef LSC_FATAL_H
#define LSC_FATAL_H

_Noreturn void lsc_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Ends every rank of the job with `status`, without MPI_Finalize: for a job in which a rank died (mpirun
 * --enable-recovery kept it alive), where MPI_Finalize may wait for the dead rank forever. */
_Noreturn void lsc_end_job(int status);

#endif
