// private(t) with t read after the loop: t holds the last iteration's value there, as after the sequential
// loop (lastprivate semantics; OpenMP would leave it undefined). The clause may name a variable lsc would find
// private anyway. Output matches the sequential program at np 1 and 3, also with a slow worker and in
// reproducible mode (which runs blocks of iterations).
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 2> %t.np3.err && diff %t.expected %t.np3
// The loop is distributed: the last value's slot never sends it to rank 0 alone.
// RUN: not grep "rank 0 alone" %t.np3.err
// RUN: env LSC_SLOWDOWN=1,3,1 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
// RUN: env LSC_REPRODUCIBLE=7 %mpirun -np 3 %t > %t.repro && diff %t.expected %t.repro
#include <stdio.h>

int main(void) {
  int a[100], t = 0;
  long w = 5;
#pragma lsc parallel for private(t, w)
  for (int i = 0; i < 100; i++) {
    t = 2 * i;
    w = t + 1;
    a[i] = t + (int)w;
  }
  printf("t=%d w=%ld a[99]=%d\n", t, w, a[99]);
  return 0;
}
