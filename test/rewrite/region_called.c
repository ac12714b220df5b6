// A data region whose loop is in a called function (the shape of conv2d: passes back and forth between two
// images, the buffers swapped by the arguments, the region's loop body a call without braces). The arrays
// are passed whole to a function that uses them only in its parallel loop, so the call is no use by rank 0
// (docs/pragma.md, "Rank 0's code inside a data region"); the loop finds them in the region by address. The
// output must match the sequential build bit for bit at np 1 to 3, with the instances distributed
// (LSC_MASTER=compute) and with a slow rank, so rows move between ranks between passes.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: env LSC_MASTER=compute %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_MASTER=compute LSC_SCHEDULE=fss LSC_SLOWDOWN=1,4 %mpirun -np 2 %t > %t.slow && diff %t.expected %t.slow
// RUN: env LSC_MASTER=compute LSC_STATS=each %mpirun -np 2 %t 2> %t.stats > /dev/null
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// The loop in pass() runs inside the region: each instance's bytes line says so.
// STATS: lsc: loop {{.*}}region_called.c:32 n=62 ranks=2
// STATS: lsc: bytes rank0->workers={{[0-9]+}} workers->rank0={{[0-9]+}} worker->worker={{[0-9]+}} (data region)
// STATS: lsc: loop {{.*}}region_called.c:32 n=62 ranks=2
// STATS: lsc: bytes rank0->workers={{[0-9]+}} workers->rank0={{[0-9]+}} worker->worker={{[0-9]+}} (data region)
#include <stdio.h>
#include <stdlib.h>

#define H 64
#define W 48
#define PASSES 5

static void pass(int h, int w, double (*in)[W], double (*out)[W]) {
#pragma lsc parallel for
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      out[y][x] = (in[y - 1][x] + in[y + 1][x] + in[y][x - 1] + in[y][x + 1] + 4 * in[y][x]) / 8;
}

int main(void) {
  double(*a)[W] = malloc(sizeof(double[H][W])), (*b)[W] = malloc(sizeof(double[H][W]));
  if (!a || !b)
    return 1;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      a[y][x] = b[y][x] = (double)((x * 7 + y * 3) % 256);
#pragma lsc data copy(a[0:H], b[0:H])
  for (int p = 0; p < PASSES; p++)
    p % 2 ? pass(H, W, b, a) : pass(H, W, a, b);
  double s = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      s += (y * W + x + 1) * (PASSES % 2 ? b[y][x] : a[y][x]);
  printf("%a %a %a\n", s, a[H / 2][W / 2], b[H / 3][W / 3]);
  free(a);
  free(b);
  return 0;
}
