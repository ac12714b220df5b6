// clang-format off
// schedule(auto): the runtime calibrates the first instance, simulates the candidate techniques on the
// measured speeds (lsc-plan's model) and runs the fastest predicted; later instances reuse the pick. The
// results match the sequential program at np 1 and 3, with an uneven loop, a reduction and several
// instances of the site; LSC_STATS names the pick and the ranking it came from. LSC_SCHEDULE=auto does the
// same for a loop without the clause, and a perturbed rank (time-varying LSC_SLOWDOWN) changes no result;
// nor does a rank 40x slower, whose sample is usually still out when the choice is made (its result and
// the pieces the others took meanwhile still land once).
// The repetition loop gets an inferred data region (docs/pragma.md, "Inferred regions"), so the line may
// carry the region's bytes. Which technique wins depends on the measured speeds, so only the line's form is
// checked, not the name;
// whether the choice came before every calibration sample was in depends on timing too (both forms pass).
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: env LSC_STATS=1 %mpirun -np 3 %t > %t.np3 2> %t.err && diff %t.expected %t.np3
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// RUN: env LSC_SCHEDULE=auto LSC_SLOWDOWN=1,1,1:3@0.05 %mpirun -np 3 %t > %t.env && diff %t.expected %t.env
// RUN: env LSC_SLOWDOWN=1,1,40 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
// STATS: lsc: auto {{.*}}schedule_auto.c:{{[0-9]+}}: picked {{[a-z_]+(\([0-9.,]+\))?}} (first instance, calibrated{{( on [0-9] of 3 samples: [0-9] still out, bounded by their time so far)?}}; measured units per second per computing rank {{[0-9.e+,]+}}, service 2e-05 s, {{[0-9.e+-]+}} bytes moved per unit{{(; in a data region: [0-9.e+-]+ per unit its rank does not hold, [0-9.e+-]+ per unit it holds, [0-9]+% of units held by a computing rank)?}}{{(; timing noise per piece \(log sd\) [0-9.e+-]+)?}}{{(; iteration costs scatter \(log sd [0-9.e+-]+\): mean over 8 cost profiles of [0-9]+ bands(, ranks as fast as their weights say: no rate-learning candidate)?)?}}); predicted seconds: {{[a-z_]+}} {{[0-9.e+-]+}}, {{.*}}
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
