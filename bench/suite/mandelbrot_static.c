/* The baseline a user would write for samples/mandelbrot.c without lsc: plain MPI, image rows split in
 * equal consecutive blocks, one per rank (rank 0 included), gathered on rank 0. Same image, same checksum
 * line as the sample. Equal blocks are the point: rows near the set cost far more than the others, and the
 * emulated machines (LSC_SLOWDOWN, as in liblsc) differ in speed, and a static split ignores both. */
#include "emulate.h"

#include <mpi.h>
#include <stdio.h>

#ifndef WIDTH
#define WIDTH 768
#endif
#ifndef HEIGHT
#define HEIGHT 512
#endif
#ifndef MAX_ITER
#define MAX_ITER 512
#endif

static int escape[HEIGHT][WIDTH];

static int block_start(int r, int size) {
  return (int)((long long)HEIGHT * r / size);
}

/* Escape counts of one row; the arithmetic is the sample's, so the image is identical bit for bit. */
static void render_row(int y) {
  const double x_min = -2.0, x_max = 0.6, y_min = -1.2, y_max = 1.2;
  double ci = y_min + (y_max - y_min) * y / HEIGHT;
  for (int x = 0; x < WIDTH; x++) {
    double cr = x_min + (x_max - x_min) * x / WIDTH;
    double zr = 0.0, zi = 0.0;
    int n = 0;
    for (; n < MAX_ITER && zr * zr + zi * zi <= 4.0; n++) {
      double next_zr = zr * zr - zi * zi + cr;
      zi = 2.0 * zr * zi + ci;
      zr = next_zr;
    }
    escape[y][x] = n;
  }
}

static void print_summary(void) {
  long long total = 0, inside = 0;
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++) {
      total += (long long)escape[y][x] * ((x + 3 * y) % 5 + 1);
      inside += escape[y][x] == MAX_ITER;
    }
  printf("mandelbrot %dx%d max_iter %d: checksum %lld, %lld points inside\n", WIDTH, HEIGHT, MAX_ITER, total,
         inside);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int counts[size], displs[size];
  for (int r = 0; r < size; r++) {
    displs[r] = block_start(r, size) * WIDTH;
    counts[r] = block_start(r + 1, size) * WIDTH - displs[r];
  }

  double start = emulate_now();
  for (int y = block_start(rank, size); y < block_start(rank + 1, size); y++)
    render_row(y);
  double busy = emulate_now() - start;
  double idle = emulate_idle(emulate_factor(rank), busy);
  void *mine = rank == 0 ? MPI_IN_PLACE : (void *)&escape[block_start(rank, size)][0];
  MPI_Gatherv(mine, counts[rank], MPI_INT, escape, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
  emulate_report(emulate_now() - start, busy, idle);

  if (rank == 0)
    print_summary();
  MPI_Finalize();
  return 0;
}
