/* worker.h - what ranks other than 0 do: wait for loops, run the chunks they are given, until released. */
#ifndef LSC_EXEC_WORKER_H
#define LSC_EXEC_WORKER_H

/* The serve loop of a captured worker; leaves the process (exit status 0) when rank 0 releases it. */
_Noreturn void lsc_worker_serve(void);

#endif
