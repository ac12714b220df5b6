/* The MPI round-trip floor: rank 0 and rank 1 bounce one byte; prints the median over REPEATS runs of the
 * mean round trip, in microseconds. Plain MPI, no liblsc: the reference the runtime's per-chunk overhead is
 * compared with. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int by_value(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

#define WARMUP 1000
#define ROUNDS 20000
#define REPEATS 7

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char byte = 0;
  double trip[REPEATS];
  for (int r = 0; r < REPEATS; r++) {
    double start = 0;
    for (int i = 0; i < WARMUP + ROUNDS && size >= 2 && rank < 2; i++) {
      if (i == WARMUP)
        start = MPI_Wtime();
      if (rank == 0) {
        MPI_Send(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else {
        MPI_Recv(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
      }
    }
    trip[r] = (MPI_Wtime() - start) / ROUNDS * 1e6;
  }
  qsort(trip, REPEATS, sizeof trip[0], by_value);
  if (rank == 0)
    printf("pingpong_us=%.3f\n", trip[REPEATS / 2]);
  MPI_Finalize();
  return 0;
}
