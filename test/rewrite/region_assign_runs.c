// clang-format off
// Rank 0's bytes of an ASSIGN go as runs (exec/region_master.c, gap_fills): a chunk that reads each row but
// its column 0 leaves a range per row, and the ranges rank 0 sends join across the gaps between them -- the
// gaps then travel too, so a gap may join only where rank 0 holds it current and no iteration of the loop
// writes it:
// - `wide_rows` is read but for column 0 by the second loop, in rows of 16 KiB: the worker's rows come in
//   runs of several rows, in place, at the region's start and after every `update workers`;
// - `marks` has its column 0 written by the first loop on the ranks that hold its rows, then the rest of
//   each row read by the second: a run across those columns would overwrite a worker's newest column-0 values
//   with rank 0's old ones, which the third loop reads back;
// - `own` is read but for column 0 and written in column 0 by the same loop: its gaps are the loop's outputs,
//   which rank 0 may be writing while the run leaves it;
// - `lag`: iteration i reads row i - 2 but its column 0 and writes column 0 of row i, so the gaps of a
//   worker's next chunk lie in the rows of the chunk it computes now, whose outputs rank 0 has not recorded
//   yet: a run across them would overwrite them on the worker when it arrives (the next loop reads them).
// The output must match the sequential build bit for bit at np 1 to 4, with several schemes and a slow rank;
// checked to fail without either condition of gap_fills (fss at np 2 and gss at np 4 catch the second).
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: env LSC_MASTER=compute %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: env LSC_MASTER=compute LSC_SCHEDULE=fss %mpirun -np 2 %t > %t.fss && diff %t.expected %t.fss
// RUN: env LSC_MASTER=compute LSC_SCHEDULE=static %mpirun -np 3 %t > %t.static && diff %t.expected %t.static
// RUN: env LSC_MASTER=serve LSC_SCHEDULE=gss %mpirun -np 4 %t > %t.gss && diff %t.expected %t.gss
// RUN: env LSC_MASTER=compute LSC_SCHEDULE=fss LSC_SLOWDOWN=1,4,1 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
// RUN: env LSC_MASTER=compute LSC_SUBMASTERS=2 %mpirun -np 4 %t > %t.group && diff %t.expected %t.group
// clang-format on
#include <stdio.h>
#include <stdlib.h>

#define ROWS 600
#define COLS 2048
#define NARROW 40
#define STEPS 3

int main(void) {
  double(*wide_rows)[COLS] = malloc(sizeof(double[ROWS][COLS]));
  double(*marks)[NARROW] = malloc(sizeof(double[ROWS][NARROW]));
  double(*own)[NARROW] = malloc(sizeof(double[ROWS][NARROW]));
  double(*lag)[NARROW] = malloc(sizeof(double[ROWS][NARROW]));
  double *sums = malloc(sizeof(double[ROWS])), *back = malloc(sizeof(double[ROWS]));
  if (!wide_rows || !marks || !own || !lag || !sums || !back)
    return 1;
  for (int i = 0; i < ROWS; i++) {
    for (int j = 0; j < COLS; j++)
      wide_rows[i][j] = (double)(i % 31) + j * 0.125;
    for (int j = 0; j < NARROW; j++) {
      marks[i][j] = -1.0 - i - j * 0.5;
      own[i][j] = (double)((i * 7 + j) % 11);
      lag[i][j] = (double)((i * 5 + j) % 13);
    }
    sums[i] = back[i] = 0;
  }
  int rows = ROWS;
  double check = 0;
  // clang-format off
#pragma lsc data copy(wide_rows[0:rows], marks[0:rows], own[0:rows], lag[0:rows], sums[0:rows], back[0:rows])
  // clang-format on
  {
    for (int t = 0; t < STEPS; t++) {
#pragma lsc parallel for
      for (int i = 0; i < rows; i++)
        marks[i][0] = i * 3.0 + t;
#pragma lsc parallel for
      for (int i = 0; i < rows; i++) {
        double s = 0;
        for (int j = 1; j < COLS; j++)
          s += wide_rows[i][j] * (1 + j % 5);
        for (int j = 1; j < NARROW; j++)
          s += marks[i][j];
        sums[i] += s;
      }
#pragma lsc parallel for
      for (int i = 0; i < rows; i++) {
        double s = 0;
        for (int j = 1; j < NARROW; j++)
          s += own[i][j];
        own[i][0] = s * 0.5 + t;
        back[i] += marks[i][0];
      }
#pragma lsc parallel for
      for (int i = 2; i < rows; i++) {
        double s = 0;
        for (int j = 1; j < NARROW; j++)
          s += lag[i - 2][j];
        lag[i][0] = s * 0.25 + t;
      }
#pragma lsc parallel for
      for (int i = 0; i < rows; i++) {
        back[i] += lag[i][0] * 0.5;
      }
      /* Rank 0 changes `wide_rows` between the steps: the workers' copies are stale again. */
      // clang-format off
#pragma lsc update host(wide_rows[0:rows])
      // clang-format on
      for (int i = 0; i < rows; i++) {
        wide_rows[i][(i + t) % COLS] += 1.0;
      }
      // clang-format off
#pragma lsc update workers(wide_rows[0:rows])
      // clang-format on
    }
  }
  for (int i = 0; i < ROWS; i++) {
    check += sums[i] * (1 + i % 7) + back[i] * (1 + i % 3);
    for (int j = 0; j < NARROW; j++)
      check += own[i][j] * (1 + (i + j) % 5) + marks[i][j] + lag[i][j] * (1 + i % 4);
  }
  printf("check %.17g\n", check);
  free(wide_rows);
  free(marks);
  free(own);
  free(lag);
  free(sums);
  free(back);
  return 0;
}
