// A loop after a data region has ended runs as any loop outside a region. The region's loop placed its chunks
// by affinity (exec/region_affinity.c: queues built from the data directory); when the region ended, those
// queues stayed on, and the next loop -- here a column sum, with no region -- took its chunks from them: no
// iteration ran, so with LSC_REISSUE=off the program printed col[3] = 244 where the sequential build prints
// 366 (a silent wrong answer), and with re-issue on rank 0 waited for ever for results no chunk would bring.
// Found by a helper testing inferred regions. Every run below must match the sequential output: re-issue on
// and off, np 2 and 3 (rank 0 computing, or serving with LSC_MASTER=serve), and the plain loop's schedule
// both dynamic (gss) and placed by worker (static).
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: env LSC_REISSUE=off %mpirun -np 2 %t > %t.off2 && diff %t.expected %t.off2
// RUN: env LSC_REISSUE=on %mpirun -np 2 %t > %t.on2 && diff %t.expected %t.on2
// RUN: env LSC_REISSUE=off %mpirun -np 3 %t > %t.off3 && diff %t.expected %t.off3
// RUN: env LSC_REISSUE=on LSC_MASTER=serve %mpirun -np 3 %t > %t.serve3 && diff %t.expected %t.serve3
// RUN: env LSC_REISSUE=on LSC_SCHEDULE=static %mpirun -np 2 %t > %t.static2 && diff %t.expected %t.static2
#include <stdio.h>

#define N 500
static double f[N], m[40][40], col[40];

static void in_region(int steps) {
#pragma lsc data copy(f)
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < N; i++)
      f[i] = f[i] * 3;
  }
}

static void after_region(int steps) {
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < 40; i++)
      for (int j = 0; j < 40; j++)
        col[i] = col[i] + m[j][i];
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    f[i] = i % 17;
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 40; j++)
      m[i][j] = (i * 3 + j) % 7;
  in_region(3);
  after_region(3);
  double sum = 0;
  for (int i = 0; i < 40; i++)
    sum += col[i];
  printf("%g %g %g\n", f[7], col[3], sum);
  return 0;
}
