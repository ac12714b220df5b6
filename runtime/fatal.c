#include "fatal.h"

#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

_Noreturn void lsc_fatal(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("lsc: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  fflush(NULL);
  int initialized = 0, finalized = 0, size = 1;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized) {
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size > 1)
      MPI_Abort(MPI_COMM_WORLD, 1);
  }
  exit(1);
}
