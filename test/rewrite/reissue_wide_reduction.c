// A wide array reduction under re-issue's default (on for this body): partials go by block, and with 3000
// reduced elements the blocks are sized so rank 0's table of partials stays within 1 MiB (42 blocks of 24
// iterations here, not 1000 blocks of one). Chunks are whole blocks, copies' partials are kept once per
// block, and the sums -- small integers, exact in any order -- match the sequential program at every rank
// count, with a slow rank and with re-issue off.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wall -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_SLOWDOWN=1,3,1 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
// RUN: env LSC_REISSUE=on LSC_STATS=each %mpirun -np 2 %t > %t.np2 2> %t.stats && diff %t.expected %t.np2
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: env LSC_REISSUE=off %mpirun -np 3 %t > %t.off && diff %t.expected %t.off
#include <stdio.h>

#define N 1000
#define M 3000

static double y[M];

int main(void) {
#pragma lsc parallel for reduction(+ : y)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[j] += (i + j) % 5;
  double s = 0;
  for (int j = 0; j < M; j++)
    s += y[j] * (j % 7 + 1);
  printf("%.1f %.1f %.1f\n", y[0], y[M - 1], s);
  return 0;
}

// STATS: lsc: re-issue: {{.*}}reductions by block
