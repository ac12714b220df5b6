// clang-format off
// The newest bytes come home at `update host` and at a region's end as runs (exec/region_master.c,
// bring_home): one message per run of a holder's bytes, cut at 1 MiB, received through a ring of four
// staging slots (exec/staged_recv.c). A run crosses the bytes between its holder's ranges that rank 0 holds
// too, and stops at bytes only rank 0 holds:
// - `grid` is written except its column 0, which the second loop reads: between a worker's rows the gaps
//   (each row's column 0) are held by rank 0 and that worker both, so its rows come home as one run of
//   several MiB, more than the four slots hold at once;
// - `even` has only its even rows written, and no loop reads its odd rows: those are rank 0's alone (the
//   workers' copies of them were never sent), and a run across them would bring a worker's unsent bytes home
//   over rank 0's values.
// The output must match the sequential build bit for bit at np 1 to 4, with several schemes and a slow rank
// (rows then move between ranks, so a rank's runs are broken by rows another rank holds).
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: env LSC_MASTER=compute %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: env LSC_MASTER=compute LSC_SCHEDULE=static %mpirun -np 3 %t > %t.static && diff %t.expected %t.static
// RUN: env LSC_MASTER=serve LSC_SCHEDULE=gss %mpirun -np 4 %t > %t.gss && diff %t.expected %t.gss
// RUN: env LSC_MASTER=compute LSC_SCHEDULE=fss LSC_SLOWDOWN=1,4,1 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
// RUN: env LSC_MASTER=compute LSC_SUBMASTERS=2 %mpirun -np 4 %t > %t.group && diff %t.expected %t.group
// clang-format on
#include <stdio.h>
#include <stdlib.h>

#define ROWS 2048
#define COLS 512
#define STEPS 3

/* Rank-0 code reads the arrays in place (a pointer passed to a function counts as a write). */
#define SUM_OF(s, a, rows)                                                                                   \
  for (int i_ = 0; i_ < (rows); i_++)                                                                        \
    for (int j_ = 0; j_ < COLS; j_++)                                                                        \
  (s) += (a)[i_][j_] * (1 + (i_ * 7 + j_) % 13)

int main(void) {
  double(*grid)[COLS] = malloc(sizeof(double[ROWS][COLS]));
  double(*even)[COLS] = malloc(sizeof(double[2 * ROWS][COLS]));
  if (!grid || !even)
    return 1;
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      grid[i][j] = (double)(i % 97) + j * 0.25;
  for (int i = 0; i < 2 * ROWS; i++)
    for (int j = 0; j < COLS; j++)
      even[i][j] = -1.0 - i - j * 0.5;
  int rows = ROWS;
  // clang-format off
#pragma lsc data copy(grid[0:rows], even[0:2 * rows])
  // clang-format on
  {
    for (int t = 0; t < STEPS; t++) {
#pragma lsc parallel for
      for (int i = 0; i < rows; i++)
        for (int j = 1; j < COLS; j++)
          grid[i][j] = 0.5 * grid[i][j] + 0.25 * grid[i][j - 1] + t;
#pragma lsc parallel for
      for (int i = 0; i < rows; i++)
        for (int j = 0; j < COLS; j++)
          even[2 * i][j] = grid[i][j] + grid[i][0] * 0.125;
      if (t == 1) {
        // clang-format off
#pragma lsc update host(grid[0:rows], even[0:2 * rows])
        // clang-format on
        double g = 0, e = 0;
        SUM_OF(g, grid, rows);
        SUM_OF(e, even, 2 * rows);
        printf("step %d: grid %.17g even %.17g\n", t, g, e);
      }
    }
  }
  double g = 0, e = 0;
  SUM_OF(g, grid, rows);
  SUM_OF(e, even, 2 * rows);
  printf("end: grid %.17g even %.17g\n", g, e);
  free(grid);
  free(even);
  return 0;
}
