/* nanosleep is POSIX, not C11. */
#define _POSIX_C_SOURCE 200809L

#include "emulate.h"

#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

double emulate_factor(int rank) {
  const char *text = getenv("LSC_SLOWDOWN");
  if (!text || !*text)
    return 1.0;
  const char *p = text;
  for (int r = 0;; r++) {
    char *end;
    double f = strtod(p, &end);
    if (end == p || f < 1.0 || (*end != ',' && *end != '\0')) {
      fprintf(stderr, "LSC_SLOWDOWN='%s' is not valid; expected numbers >= 1 separated by commas\n", text);
      exit(2);
    }
    if (r == rank)
      return f;
    if (*end == '\0')
      return 1.0; /* fewer factors than ranks: the others run at full speed, as in liblsc */
    p = end + 1;
  }
}

double emulate_now(void) {
  return MPI_Wtime();
}

double emulate_idle(double factor, double busy) {
  double idle = (factor - 1.0) * busy;
  if (idle <= 0.0)
    return 0.0;
  struct timespec ts = {(time_t)idle, (long)((idle - (double)(time_t)idle) * 1e9)};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
    ;
  return idle;
}

void emulate_report(double seconds, double busy, double idle) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double mine[2] = {busy, busy + idle};
  double *loads = rank == 0 ? malloc(sizeof *loads * 2 * (size_t)size) : NULL;
  if (rank == 0 && !loads) {
    fprintf(stderr, "out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Gather(mine, 2, MPI_DOUBLE, loads, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (rank != 0)
    return;
  double max = 0.0, sum = 0.0, busy_sum = 0.0;
  for (int r = 0; r < size; r++) {
    busy_sum += loads[2 * r];
    max = loads[2 * r + 1] > max ? loads[2 * r + 1] : max;
    sum += loads[2 * r + 1];
  }
  fprintf(stderr, "bench-loop 0 %.6f\n", seconds);
  fprintf(stderr, "bench-imbalance %.1f\n", sum > 0.0 ? (max / (sum / size) - 1.0) * 100.0 : 0.0);
  fprintf(stderr, "bench-busy %.6f\n", busy_sum);
  free(loads);
}
