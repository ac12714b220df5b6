/* fatal.c - liblsc's fatal error: the whole line is formatted first and written with one write(2), so that
 * another process's output (another rank's error) can never land inside it; then every rank goes down,
 * without Open MPI's abort banner where it can be avoided. */
#include "fatal.h"

#include <dlfcn.h>
#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Open MPI's MPI_Abort first sends mpirun a banner ("MPI_ABORT was invoked on rank 0 ... NOTE: invoking
 * MPI_ABORT causes Open MPI to kill all MPI processes") that buries the one line that says what went wrong;
 * the binding prints it, then calls ompi_mpi_abort, which libmpi exports and which ends the job the same way
 * without it. It is looked up at run time, so with another MPI (or an Open MPI without it) MPI_Abort stays.
 */
static void abort_all(int size, int status) {
  int (*quiet)(MPI_Comm, int) = NULL;
  void *symbol = dlsym(RTLD_DEFAULT, "ompi_mpi_abort");
  memcpy(&quiet, &symbol, sizeof quiet < sizeof symbol ? sizeof quiet : sizeof symbol);
  /* Even on one rank: mpirun's banners about an exit code of 1 are as noisy as the abort's. */
  if (quiet)
    quiet(MPI_COMM_WORLD, status);
  if (size > 1)
    MPI_Abort(MPI_COMM_WORLD, status);
}

_Noreturn void lsc_end_job(int status) {
  fflush(NULL);
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  abort_all(size, status);
  _exit(status);
}

_Noreturn void lsc_fatal(const char *fmt, ...) {
  char line[4096];
  int prefix = snprintf(line, sizeof line, "lsc: error: ");
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(line + prefix, sizeof line - (size_t)prefix - 1, fmt, ap);
  va_end(ap);
  size_t length = (size_t)prefix + (n < 0 ? 0 : (size_t)n);
  if (length > sizeof line - 2)
    length = sizeof line - 2; /* truncated: still one line */
  line[length++] = '\n';
  fflush(NULL); /* the program's own buffered output comes first, as it would have */
  const char *p = line;
  while (length > 0) {
    ssize_t written = write(STDERR_FILENO, p, length);
    if (written <= 0)
      break;
    p += written;
    length -= (size_t)written;
  }
  int initialized = 0, finalized = 0, size = 1;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized) {
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    abort_all(size, 1);
  }
  exit(1);
}
