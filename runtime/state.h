/* state.h - what liblsc knows about this process: set up once before main by the capture code. */
#ifndef LSC_STATE_H
#define LSC_STATE_H

#include "config/env.h"
#include "config/machine.h"
#include "lsc.h"

#include <mpi.h>

typedef struct lsc_state {
  int mpi;               /* the ranks talk over MPI (the program was started by an MPI launcher) */
  int owns_mpi;          /* liblsc called MPI_Init, so it also calls MPI_Finalize                */
  int thread_level;      /* what MPI_Init_thread provided                                        */
  int rank, size;        /* in MPI_COMM_WORLD; 0 and 1 without MPI                               */
  MPI_Comm comm;         /* liblsc's private duplicate of MPI_COMM_WORLD                         */
  int finished;          /* workers released and MPI finalised                                   */
  int loop_depth;        /* > 0 while a parallel loop runs here: a nested loop then runs locally */
  lsc_env_config config; /* rank 0: the LSC_* variables                                      */
  lsc_machine *machines; /* rank 0: one per rank, gathered at start                          */
  int ranks_on_node;     /* ranks sharing this rank's node (1 without MPI)                    */
  long rank0_pid_here;   /* rank 0's process id when it shares this rank's node, else 0        */
  double origin;         /* rank 0's clock at start: time zero of the trace                  */
  int tracing;           /* LSC_TRACE is set on rank 0 (known on every rank: sub-masters send their
                            group chunks' pieces up for the trace, exec/submaster.c)                */
} lsc_state;

extern lsc_state lsc_rt;

#endif
