// hidden_state(f, ...) accepts per-process state for the functions it names. Here that state cannot change
// the result: each iteration seeds the generator before it draws (srand, rand), and a function of the file
// memoises values in static locals (slow), which every process fills on its own. Output matches the
// sequential program. A name the loop never calls gets a warning, as an unused clause item does.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN --match-full-lines < %t.err
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double slow(int k) {
  static double memo[64];
  static int known[64];
  if (!known[k]) {
    memo[k] = sqrt((double)k) * 3;
    known[k] = 1;
  }
  return memo[k];
}

int main(void) {
  int draws[500];
  double roots[500];
#pragma lsc parallel for schedule(fss) hidden_state(srand, rand, clock)
  for (int i = 0; i < 500; i++) {
    srand((unsigned)i);
    draws[i] = rand() % 1000;
  }
#pragma lsc parallel for hidden_state(slow)
  for (int i = 0; i < 500; i++)
    roots[i] = slow(i % 64) + i;
  long s = 0;
  double r = 0;
  for (int i = 0; i < 500; i++) {
    s += draws[i] * (i % 5);
    r += roots[i];
  }
  printf("%ld %.3f\n", s, r);
  return 0;
}

// WARN: {{.*}}hidden_state_opt_in.c:[[@LINE-18]]:66: warning: 'clock' in 'hidden_state' clause is not called in the loop; the clause item is ignored [-Wlsc-unused-clause-item]
// WARN-NEXT: #pragma lsc parallel for schedule(fss) hidden_state(srand, rand, clock)
// WARN-NEXT:                                                                  ^
// WARN-NEXT: 1 warning generated.
