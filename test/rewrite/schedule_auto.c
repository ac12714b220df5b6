// clang-format off
// schedule(auto): the first instance of a site picks on the static weights (the clock's, or LSC_WEIGHTS's
// list) before measuring anything, as if the iteration costs scattered, and times its chunks; the second
// instance chooses on those chunks -- each rank's speed told from its rows' costs, and the costs along the
// loop as a profile the candidates are simulated on -- and later instances reuse the pick unless they drift.
// With LSC_WEIGHTS=measured there is no prior: the first instance calibrates with sample pieces first. The
// results match the sequential program at np 1 and 3, with an uneven loop, a reduction and several instances
// of the site; LSC_STATS names each pick and the ranking it came from. LSC_SCHEDULE=auto does the same for a
// loop without the clause, and a perturbed rank (time-varying LSC_SLOWDOWN) changes no result; nor does a
// rank 40x slower, whose sample is usually still out when a calibration's choice is made (its result and the
// pieces the others took meanwhile still land once).
// The repetition loop gets an inferred data region (docs/pragma.md, "Inferred regions"), so the line may
// carry the region's bytes, and rank 0 runs no leading piece (the weights' speeds are then relative). Which
// technique wins depends on the measured speeds, so only the line's form is checked, not the name -- except
// that on this increasing loop the profile rules out a static split; whether a calibration's choice came
// before every sample was in depends on timing too (both forms pass).
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: env LSC_STATS=1 %mpirun -np 3 %t > %t.np3 2> %t.err && diff %t.expected %t.np3
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// RUN: env LSC_STATS=1 LSC_WEIGHTS=measured %mpirun -np 3 %t > %t.measured 2> %t.measured.err && diff %t.expected %t.measured
// RUN: FileCheck %s --check-prefix=MEASURED < %t.measured.err
// RUN: env LSC_SCHEDULE=auto LSC_SLOWDOWN=1,1,1:3@0.05 %mpirun -np 3 %t > %t.env && diff %t.expected %t.env
// RUN: env LSC_SLOWDOWN=1,1,40 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
// RUN: env LSC_SLOWDOWN=1,1,40 LSC_WEIGHTS=measured %mpirun -np 3 %t > %t.slowm && diff %t.expected %t.slowm
// STATS: lsc: auto {{.*}}schedule_auto.c:{{[0-9]+}}: picked {{[a-z_]+(\([0-9.,]+\))?}} (first instance, from the static weights before any measurement; its chunks calibrate the next instance's choice; the static weights, {{(on the time scale of rank 0's leading piece|not timed: relative)}} units per second per computing rank {{[0-9.e+,]+}}, service {{[0-9.e+-]+}} s, {{[0-9.e+-]+}} bytes moved per unit{{(; in a data region: [0-9.e+-]+ per unit its rank does not hold, [0-9.e+-]+ per unit it holds, [0-9]+% of units held by a computing rank)?}}; iteration costs scatter (log sd 1): mean over 8 cost profiles of {{[0-9]+}} bands, ranks as fast as their weights say: no rate-learning candidate); predicted {{(seconds|relative times)}}: {{[a-z_]+}} {{[0-9.e+-]+}}, {{.*}}
// STATS-NEXT: lsc: auto {{.*}}schedule_auto.c:{{[0-9]+}}: picked {{(gss|fss|tss|tfss|fiss|mfsc|wf|awf_b|awf_c|af|static_steal)}} (calibrated on the first instance's {{[0-9]+}} chunks (that one ran the static weights' pick); measured units per second per computing rank {{[0-9.e+,]+}}, service 2e-05 s, {{[0-9.e+-]+}} bytes moved per unit{{(; in a data region: [0-9.e+-]+ per unit its rank does not hold, [0-9.e+-]+ per unit it holds, [0-9]+% of units held by a computing rank)?}}{{(; timing noise per piece \(log sd\) [0-9.e+-]+)?}}; iteration costs as the last instance's chunks measured them, in {{[0-9]+}} bands); predicted seconds: {{[a-z_]+}} {{[0-9.e+-]+}}, {{.*}}
// MEASURED: lsc: auto {{.*}}schedule_auto.c:{{[0-9]+}}: picked {{[a-z_]+(\([0-9.,]+\))?}} (first instance, calibrated{{( on [0-9] of 3 samples: [0-9] still out, bounded by their time so far)?}}; measured units per second per computing rank {{[0-9.e+,]+}}, service 2e-05 s, {{[0-9.e+-]+}} bytes moved per unit{{(; in a data region: [0-9.e+-]+ per unit its rank does not hold, [0-9.e+-]+ per unit it holds, [0-9]+% of units held by a computing rank)?}}{{(; timing noise per piece \(log sd\) [0-9.e+-]+)?}}{{(; iteration costs scatter \(log sd [0-9.e+-]+\): mean over 8 cost profiles of [0-9]+ bands(, ranks as fast as their weights say: no rate-learning candidate)?)?}}); predicted seconds: {{[a-z_]+}} {{[0-9.e+-]+}}, {{.*}}
// clang-format on
#include <math.h>
#include <stdio.h>

#define N 3000

static double a[N];

int main(void) {
  double total = 0.0;
  for (int rep = 0; rep < 4; rep++) {
#pragma lsc parallel for schedule(auto) reduction(+ : total)
    for (int i = 0; i < N; i++) {
      /* iteration i costs about i: an increasing loop, where the techniques differ */
      double v = 0.0;
      for (int k = 0; k < i; k++)
        v += sin((double)(k + rep)) * 1e-3;
      a[i] = v;
      total += v;
    }
  }
  double check = 0.0;
  for (int i = 0; i < N; i++)
    check += a[i] * (double)(i % 7);
  printf("total %.6f check %.6f\n", total, check);
  return 0;
}
