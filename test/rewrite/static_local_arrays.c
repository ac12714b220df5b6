// Static locals of the enclosing function reach the outlined body through the env, as automatics do: a
// static array written by the loop, a static array and a static scalar it reads, a static reduction.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
#include <stdio.h>

static double smooth(int calls) {
  static double weights[600];
  static double scale = 0.5;
  static double total;
  for (int i = 0; i < 600; i++)
    weights[i] = (i % 17) * 0.25 + calls;
#pragma lsc parallel for reduction(+: total)
  for (int i = 0; i < 600; i++)
    total += weights[i] * scale;
  return total;
}

int main(void) {
  static double r[600];
  static int offset = 3;
#pragma lsc parallel for
  for (int i = 0; i < 600; i++)
    r[i] = (i + offset) * 0.5;
  double s = 0;
  for (int i = 0; i < 600; i++)
    s += r[i] * (i % 5);
  printf("%.3f %.3f %.3f\n", s, smooth(1), smooth(2));
  return 0;
}

// The static array is reached through the env, not by its name at file scope.
// CHECK: struct lsc_env_29 {
// CHECK: double (*r)
// CHECK: lsc_e->r
