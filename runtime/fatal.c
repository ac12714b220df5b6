/* fatal.c - liblsc's fatal error: the whole line is formatted first and written with one write(2), so that
 * another process's output (Open MPI's abort banner, another rank's error) can never land inside it; then
 * every rank goes down. */
#include "fatal.h"

#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
    if (size > 1)
      MPI_Abort(MPI_COMM_WORLD, 1);
  }
  exit(1);
}
