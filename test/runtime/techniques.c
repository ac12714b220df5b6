// clang-format off
// The DLS techniques of issue 16 under LSC_SCHEDULE (schedule(runtime)) at np 3: output identical to the
// sequential program. The loop runs four times, so the adaptive techniques (awf*, af) and static_steal start
// later instances from what the earlier ones measured; iteration costs vary, so their chunks differ. Their
// chunks depend on measured times, so the reduction is over integers: exact in any order.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: for s in 'fsc' 'fsc(0.001,0.01)' 'mfsc' 'fac' 'fac(2,1)' 'fac2' 'wf' 'tap' 'tap(1,0.5,2)' 'viss' 'viss(2)' 'pls' 'pls(0.3)' 'rnd' 'rnd(2,9)' 'static_steal' 'static_steal(5)' 'bold' 'bold(1,0.5,2)' 'awf' 'awf_b' 'awf_c' 'awf_d' 'awf_e' 'af' 'af(3)' 'dynamic' 'dynamic,7' 'guided' 'guided,3' 'static,4' 'ss' 'trapezoidal'; do env LSC_SCHEDULE="$s" LSC_RND_SEED=7 %mpirun -np 3 %t > %t.out 2>&1 || cat %t.out; diff -q %t.expected %t.out > /dev/null && echo "$s: equal" || echo "$s: differ"; done > %t.summary
// RUN: FileCheck %s < %t.summary
// With weights, WF and static_steal cut by them; LSC_SLOWDOWN makes rank 2 slower, so AWF and AF learn it.
// RUN: for s in wf static_steal awf_c af; do env LSC_SCHEDULE=$s LSC_WEIGHTS=1,3,1 LSC_SLOWDOWN=1,1,3 %mpirun -np 3 %t > %t.out 2>&1; diff -q %t.expected %t.out > /dev/null && echo "$s: equal" || echo "$s: differ"; done > %t.weighted
// RUN: FileCheck %s --check-prefix=WEIGHTED < %t.weighted
// CHECK: fsc: equal
// CHECK: fsc(0.001,0.01): equal
// CHECK: mfsc: equal
// CHECK: fac: equal
// CHECK: fac(2,1): equal
// CHECK: fac2: equal
// CHECK: wf: equal
// CHECK: tap: equal
// CHECK: tap(1,0.5,2): equal
// CHECK: viss: equal
// CHECK: viss(2): equal
// CHECK: pls: equal
// CHECK: pls(0.3): equal
// CHECK: rnd: equal
// CHECK: rnd(2,9): equal
// CHECK: static_steal: equal
// CHECK: static_steal(5): equal
// CHECK: bold: equal
// CHECK: bold(1,0.5,2): equal
// CHECK: awf: equal
// CHECK: awf_b: equal
// CHECK: awf_c: equal
// CHECK: awf_d: equal
// CHECK: awf_e: equal
// CHECK: af: equal
// CHECK: af(3): equal
// CHECK: dynamic: equal
// CHECK: dynamic,7: equal
// CHECK: guided: equal
// CHECK: guided,3: equal
// CHECK: static,4: equal
// CHECK: ss: equal
// CHECK: trapezoidal: equal
// CHECK-NOT: differ
// WEIGHTED: wf: equal
// WEIGHTED: static_steal: equal
// WEIGHTED: awf_c: equal
// WEIGHTED: af: equal
// WEIGHTED-NOT: differ
// clang-format on
#include <math.h>
#include <stdio.h>

#define N 2000

static double out[N];

int main(void) {
  long total = 0;
  for (int round = 0; round < 4; round++) {
    long sum = 0;
#pragma lsc parallel for schedule(runtime) reduction(+ : sum)
    for (int i = 0; i < N; i++) {
      /* iterations cost more towards the end, and some much more */
      double v = 0.0;
      int work = 10 + i / 20 + (i % 97 == 0 ? 400 : 0);
      for (int k = 0; k < work; k++)
        v += sin(0.001 * (double)(i + k + round));
      out[i] = v;
      sum += (long)(v * 1000.0);
    }
    total += sum;
  }
  printf("%ld\n", total);
  for (int i = 0; i < N; i += 97)
    printf("%d %.6f\n", i, out[i]);
  return 0;
}
