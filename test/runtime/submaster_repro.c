// Reproducible reductions across sub-masters (docs/runtime.md, "Hierarchical masters"): a group computes its
// chunk's blocks, each block's partials go from the member that ran it through its sub-master to rank 0,
// filed by block as in the flat protocol, so a floating-point sum is bit-identical to the flat run and to
// every other rank count, schedule and slowdown. The sums mix magnitudes so that another association would
// show in the last bits (printed with %a); the flat np 1 run is the reference.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c %lsc-libs
// RUN: %mpirun -np 1 %t > %t.flat
// RUN: env LSC_SUBMASTERS=off %mpirun -np 4 %t | diff %t.flat -
// RUN: env LSC_SUBMASTERS=2 LSC_STATS=each %mpirun -np 4 %t 2> %t.err4 | diff %t.flat -
// RUN: FileCheck %s --check-prefix=GROUPED < %t.err4
// RUN: env LSC_SUBMASTERS=2 LSC_SCHEDULE=fss %mpirun -np 5 %t | diff %t.flat -
// RUN: env LSC_SUBMASTERS=2 LSC_SCHEDULE=tss LSC_SLOWDOWN=1,1,1,4 %mpirun -np 4 %t | diff %t.flat -
// RUN: env LSC_SUBMASTERS=2 LSC_SCHEDULE=gss LSC_ALPHA=75 LSC_MASTER=serve %mpirun -np 5 %t | diff %t.flat -
// RUN: env LSC_SUBMASTERS=2 LSC_SCHEDULE=awf LSC_WEIGHTS=measured %mpirun -np 5 %t | diff %t.flat -
// RUN: env LSC_SUBMASTERS=3 LSC_SCHEDULE=af LSC_THREADS=2 %mpirun -np 6 %t | diff %t.flat -
// RUN: env LSC_SUBMASTERS=2 LSC_SCHEDULE='css(3)' LSC_REPRODUCIBLE=7 %mpirun -np 4 %t > %t.small7
// RUN: env LSC_REPRODUCIBLE=7 %mpirun -np 1 %t | diff %t.small7 -
// GROUPED: sub-masters: rank 2 serves 2 ranks
// GROUPED-NOT: only master
#include <stdio.h>

#define N 20000
static double y[N];

int main(void) {
  for (int step = 0; step < 3; step++) {
    double sum = 0.0, tiny = 0.0;
    float fsum = 0.0f;
#pragma lsc parallel for schedule(gss) reproducible(on) reduction(+ : sum, tiny, fsum)
    for (int k = 0; k < N; k++) {
      double v = (k % 7 == 0 ? 1e8 : 1e-3) / (double)(k + 1 + step);
      y[k] = v * 0.5;
      sum += v;
      tiny += 1e-17 * (double)(k % 13) - 3e-18;
      fsum += (float)v;
    }
    double check = 0.0;
    for (int k = 0; k < N; k++)
      check += y[k];
    printf("step %d: sum %a tiny %a fsum %a y %a\n", step, sum, tiny, (double)fsum, check);
  }
  return 0;
}
