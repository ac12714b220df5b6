/* capture.h - start and end of liblsc in a process (capture.c). */
#ifndef LSC_EXEC_CAPTURE_H
#define LSC_EXEC_CAPTURE_H

/* A worker's way out: finalises MPI and exits 0 without returning to the program. */
_Noreturn void lsc_worker_exit(void);

#endif
