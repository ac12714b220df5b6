/* The master-computes baseline for fine chunks, in plain MPI after DLS4LB's design: rank 0 hands out chunks
 * of one iteration of an empty loop and, between two looks for requests (MPI_Iprobe), takes a chunk itself
 * without a message; each worker sends a request and waits for its chunk (MPI_Recv), then asks again.
 * Prints the seconds of one loop of CHUNKS chunks and the share rank 0 computed. */
#include <mpi.h>
#include <stdio.h>

#define CHUNKS 200000
#define TAG_REQUEST 1
#define TAG_CHUNK 2

static volatile long sink;
static void body(long lo, long hi) {
  for (long k = lo; k < hi; k++)
    sink = k;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  if (rank == 0) {
    long next = 0, own = 0;
    int ended = 0;
    while (ended < size - 1) {
      int found = 1;
      while (found) {
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_REQUEST, MPI_COMM_WORLD, &found, &st);
        if (!found)
          break;
        MPI_Recv(NULL, 0, MPI_BYTE, st.MPI_SOURCE, TAG_REQUEST, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        long chunk = next < CHUNKS ? next++ : -1;
        ended += chunk < 0;
        MPI_Send(&chunk, 1, MPI_LONG, st.MPI_SOURCE, TAG_CHUNK, MPI_COMM_WORLD);
      }
      if (next < CHUNKS) {
        body(next, next + 1);
        next++;
        own++;
      }
    }
    double secs = MPI_Wtime() - t0;
    printf("baseline_seconds=%.4f\nbaseline_master_share=%.3f\n", secs, (double)own / CHUNKS);
  } else {
    for (;;) {
      long chunk;
      MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_REQUEST, MPI_COMM_WORLD);
      MPI_Recv(&chunk, 1, MPI_LONG, 0, TAG_CHUNK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      if (chunk < 0)
        break;
      body(chunk, chunk + 1);
    }
  }
  MPI_Finalize();
  return 0;
}
