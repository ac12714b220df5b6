/* pmpi_intercept.c - a program that calls MPI_Init / MPI_Finalize itself, linked with liblsc.
 *
 * liblsc initialised MPI before main (exec/capture.c), so the program's MPI_Init must not initialise again
 * and its MPI_Finalize must first release the workers. These definitions take the place of the MPI
 * library's through the standard profiling interface: liblsc comes before libmpi on the link line, and the
 * real work is done by the PMPI_ entry points. When liblsc did not initialise MPI (no launcher), the calls go
 * straight to MPI. A program that communicates over MPI itself is not supported: only rank 0 runs main.
 * It belongs to exec/, not transport/: MPI_Finalize ends the run (lsc_finalize, exec/capture.c). */
#include "state.h"

#include <mpi.h>

int MPI_Init(int *argc, char ***argv) {
  if (lsc_rt.mpi)
    return MPI_SUCCESS;
  return PMPI_Init(argc, argv);
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
  if (lsc_rt.mpi) {
    *provided = lsc_rt.thread_level;
    return MPI_SUCCESS;
  }
  return PMPI_Init_thread(argc, argv, required, provided);
}

int MPI_Finalize(void) {
  if (lsc_rt.mpi) {
    lsc_finalize();
    return MPI_SUCCESS;
  }
  return PMPI_Finalize();
}
