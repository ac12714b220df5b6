/* The data path's floor: the round trip of bandwidth.c's loop written with plain MPI. Rank 0 sends MIB MiB of
 * doubles to rank 1 (MPI_Send), rank 1 computes y = 2x + 1 on them, as the lsc loop's body does, and sends y
 * back (MPI_Recv on rank 0). Prints the median seconds of REPEATS round trips. No liblsc. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define MIB 64
#define REPEATS 7

static int by_value(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = MIB * (1 << 20) / (int)sizeof(double);
  double *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
  if (!x || !y || size < 2)
    MPI_Abort(MPI_COMM_WORLD, 1);
  for (int i = 0; i < n; i++)
    x[i] = i % 1000, y[i] = 0; /* every page touched before the clock starts, as in the lsc program */
  double secs[REPEATS];
  for (int r = 0; r < REPEATS; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (rank == 0) {
      MPI_Send(x, n, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(y, n, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
      MPI_Recv(x, n, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      for (int i = 0; i < n; i++)
        y[i] = 2 * x[i] + 1;
      MPI_Send(y, n, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
    }
    secs[r] = MPI_Wtime() - t0;
  }
  qsort(secs, REPEATS, sizeof secs[0], by_value);
  if (rank == 0)
    printf("raw_seconds=%.5f\nraw_mib=%d\n", secs[REPEATS / 2], MIB);
  free(x);
  free(y);
  MPI_Finalize();
  return 0;
}
