/* The baseline a user would write for samples/matmul.c without lsc: plain MPI, rows split in equal
 * consecutive blocks, one per rank (rank 0 included), B broadcast, A scattered, C gathered. Same input
 * matrices and same checksum line as the sample, so the harness compares the outputs byte for byte.
 * LSC_SLOWDOWN emulates unequal machines exactly as liblsc does: a rank idles (f - 1) x its compute time. */
#include "emulate.h"

#include <mpi.h>
#include <stdio.h>

#ifndef N
#define N 640
#endif

static double a[N][N], b[N][N], c[N][N];

/* First row of rank r's block: blocks differ by at most one row. */
static int block_start(int r, int size) {
  return (int)((long long)N * r / size);
}

static void fill_inputs(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = (double)((i * 7 + j * 3) % 17) / 16.0;
      b[i][j] = (double)((i * 5 + j * 11) % 13) / 12.0;
    }
}

static void multiply_rows(int lo, int hi) {
  for (int i = lo; i < hi; i++)
    for (int j = 0; j < N; j++) {
      double sum = 0.0;
      for (int k = 0; k < N; k++)
        sum += a[i][k] * b[k][j];
      c[i][j] = sum;
    }
}

static double weighted_checksum(void) {
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += c[i][j] * (double)((i + j) % 7 + 1);
  return sum;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int counts[size], displs[size];
  for (int r = 0; r < size; r++) {
    displs[r] = block_start(r, size) * N;
    counts[r] = block_start(r + 1, size) * N - displs[r];
  }
  if (rank == 0)
    fill_inputs();

  double start = emulate_now();
  MPI_Bcast(b, N * N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  void *mine = rank == 0 ? MPI_IN_PLACE : (void *)&a[block_start(rank, size)][0];
  MPI_Scatterv(a, counts, displs, MPI_DOUBLE, mine, counts[rank], MPI_DOUBLE, 0, MPI_COMM_WORLD);
  double t0 = emulate_now();
  multiply_rows(block_start(rank, size), block_start(rank + 1, size));
  double busy = emulate_now() - t0;
  double idle = emulate_idle(emulate_factor(rank), busy);
  void *out = rank == 0 ? MPI_IN_PLACE : (void *)&c[block_start(rank, size)][0];
  MPI_Gatherv(out, counts[rank], MPI_DOUBLE, c, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  emulate_report(emulate_now() - start, busy, idle);

  if (rank == 0)
    printf("matmul %dx%d checksum %.6f\n", N, N, weighted_checksum());
  MPI_Finalize();
  return 0;
}
