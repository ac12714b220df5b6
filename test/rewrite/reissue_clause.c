// clang-format off
// reissue(...) as the user writes it: on for a body with per-process state (srand and rand, accepted by
// hidden_state; lsc-rewrite leaves re-issue off by default there, since a chunk that runs twice would run its
// effects twice, but each iteration seeds before it draws, so running it twice is harmless), off for one it
// proved free of other effects, and a number of copies for a reduction (partials then go by block). Output
// matches the sequential program at np 1 and 3, with the defaults and with LSC_REISSUE forcing it on or off
// for every loop.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_REISSUE=on LSC_SLOWDOWN=1,1,8 %mpirun -np 3 %t > %t.on && diff %t.expected %t.on
// RUN: env LSC_REISSUE=off %mpirun -np 3 %t > %t.off && diff %t.expected %t.off
// RUN: FileCheck %s --check-prefix=SITE < %t.lsc.c
// SITE: {{^ +}}.reissue_unsafe = "'srand' keeps per-process state",
// SITE-NEXT: {{^ +}}.schedule = "css(7)"{{.*}}, .reissue = "on"};
// SITE: {{^ +}}.schedule = "css(7)"{{.*}}, .reissue = "off"};
// SITE: {{^ +}}.schedule = "gss"{{.*}}, .reissue = "3"};
// clang-format on
#include <stdio.h>
#include <stdlib.h>

#define N 300

int main(void) {
  double a[N], b[N], sum = 0;
#pragma lsc parallel for schedule(css(7)) hidden_state(srand, rand) reissue(on)
  for (int i = 0; i < N; i++) {
    srand((unsigned)i + 1);
    a[i] = rand() % 1000 * 0.5;
  }
#pragma lsc parallel for schedule(css(7)) reissue(off)
  for (int i = 0; i < N; i++)
    b[i] = 2 * a[i] + 1;
#pragma lsc parallel for schedule(gss) reduction(+ : sum) reissue(3)
  for (int i = 0; i < N; i++)
    sum += b[i] * 4;
  printf("b[N-1] %.1f sum %.1f\n", b[N - 1], sum);
  return 0;
}
