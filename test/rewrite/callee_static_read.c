// Static storage the body reaches through calls and only reads: a static local table of a called function
// (never written, so every process holds its initial value), a global set before the loop (sent to the
// workers), and a static array viewed through a pointer to const. The loop is accepted and matches the
// sequential program.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
#include <stdio.h>

static int scale = 1;
static double weights[4];

static int digit_cost(int d) {
  static int cost[10] = {6, 2, 5, 5, 4, 5, 6, 3, 7, 6};
  return cost[d % 10];
}
static double weighted(int i) {
  const double *w = weights;
  return w[i % 4] * digit_cost(i) * scale;
}
static double twice(int i) { return 2 * weighted(i); }

int main(void) {
  double out[1000];
  scale = 3;
  for (int k = 0; k < 4; k++)
    weights[k] = 0.5 * k + 1;
#pragma lsc parallel for schedule(gss)
  for (int i = 0; i < 1000; i++)
    out[i] = twice(i) + i;
  double s = 0;
  for (int i = 0; i < 1000; i++)
    s += out[i] * (i % 7);
  printf("%.3f\n", s);
  return 0;
}
