// A pointer derived from an array in the enclosing function: p = a + 1 makes p[i] = a[i] + 1 a loop-carried
// dependence that the arrays' names hide. The run-time check sees p's written range overlap a's read range
// and runs the instance on rank 0 alone, exactly the sequential loop; LSC_STATS says why, and a note names
// the loop and both arrays once per loop. With disjoint targets the same kind of loop is distributed.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: env LSC_STATS=each %mpirun -np 3 %t > %t.np3 2> %t.err3 && diff %t.expected %t.np3
// RUN: FileCheck %s --check-prefix=NP3 < %t.err3
// RUN: env LSC_SCHEDULE=pss %mpirun -np 4 %t > %t.np4 && diff %t.expected %t.np4
// The summary (LSC_STATS=1) counts the instances that fell back and names the reason once.
// RUN: env LSC_STATS=1 %mpirun -np 3 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: lsc: summary of 2 loop sites on 3 ranks
// SUMMARY: {{^lsc: .*alias_run_time_check.c:[0-9]+ +2 +[0-9.]+ +[0-9.]+ +- +2 local +2 +-$}}
// SUMMARY-NEXT: {{^lsc: .*alias_run_time_check.c:[0-9]+ +1 +[0-9.]+ +[0-9.]+ +[0-9.]+% +[0-9]+ gss +0 +[0-9]+$}}
// SUMMARY-NEXT: {{^lsc: .*alias_run_time_check.c:[0-9]+: 2 of 2 instances ran on rank 0 alone: 2: arrays overlap: 'p' and 'a'$}}
#include <stdio.h>

int main(void) {
  int a[101] = {0};
  int *p = a + 1;
  for (int step = 0; step < 2; step++) {
#pragma lsc parallel for
    for (int i = 0; i < 100; i++)
      p[i] = a[i] + 1;
    // NP3: lsc: note: {{.*}}alias_run_time_check.c:[[@LINE-2]]: 'p' and 'a' overlap in memory and one of them is written; the loop runs on rank 0 alone
    // NP3: lsc: loop {{.*}}alias_run_time_check.c:[[@LINE-3]] n=100 ranks=1 schedule=local
    // NP3: lsc: weights=none (arrays overlap: 'p' and 'a')
    // The second step falls back too, without a second note.
    // NP3-NOT: lsc: note:
    // NP3: lsc: weights=none (arrays overlap: 'p' and 'a')
  }
  printf("a[100] = %d\n", a[100]);
  int b[100] = {0}, c[100];
  for (int i = 0; i < 100; i++)
    c[i] = i;
  int *q = b + 50;
#pragma lsc parallel for
  for (int i = 0; i < 50; i++)
    q[i] = c[i] * 2;
  // The disjoint instance (q over the upper half of b, c read) is distributed.
  // NP3-NOT: lsc: note:
  // NP3: lsc: loop {{.*}}alias_run_time_check.c:[[@LINE-4]] n=50 ranks=3
  printf("b[99] = %d\n", b[99]);
  return 0;
}
