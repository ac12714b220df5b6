// The schedule names of issue 16 in the clause: OpenMP's spellings (dynamic, 4 / guided / static, k),
// LB4OMP's names (fac2, ss) and the new techniques, each accepted by the rewriter and run by the runtime;
// output matches the sequential program at np 1 and 3. The reductions are over integers: af and awf_c cut
// chunks from measured times, and an integer sum is exact in any order.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_STATS=1 %mpirun -np 3 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// STATS-DAG: {{.*}} css{{[(]}}4{{[)]}} 
// STATS-DAG: {{.*}} gss 
// STATS-DAG: {{.*}} block_cyclic{{[(]}}8{{[)]}} 
// STATS-DAG: {{.*}} fss{{[(]}}2{{[)]}} 
// STATS-DAG: {{.*}} af 
// STATS-DAG: {{.*}} static_steal{{[(]}}16{{[)]}} 
// STATS-DAG: {{.*}} fac{{[(]}}1,0.5{{[)]}} 
// STATS-DAG: {{.*}} awf_c 
#include <math.h>
#include <stdio.h>

#define N 500
static double a[N];

static double cost(int i) {
  double v = 0.0;
  for (int k = 0; k < 5 + i % 13; k++)
    v += sqrt((double)(i + k));
  return v;
}

int main(void) {
  long s = 0;
#pragma lsc parallel for schedule(dynamic, 4)
  for (int i = 0; i < N; i++)
    a[i] = cost(i);
#pragma lsc parallel for schedule(guided) reduction(+ : s)
  for (int i = 0; i < N; i++)
    s += (long)(a[i] * 100.0);
#pragma lsc parallel for schedule(static, 8)
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 0.5;
#pragma lsc parallel for schedule(fac2) reduction(+ : s)
  for (int i = 0; i < N; i++)
    s += (long)(a[i] * 100.0);
#pragma lsc parallel for schedule(af) reduction(+ : s)
  for (int i = 0; i < N; i++)
    s += (long)(cost(i) * 100.0);
#pragma lsc parallel for schedule(static_steal(16))
  for (int i = 0; i < N; i++)
    a[i] = a[i] + cost(N - 1 - i);
#pragma lsc parallel for schedule(fac(1, 0.5)) reduction(+ : s)
  for (int i = 0; i < N; i++)
    s += (long)(a[i] * 100.0);
#pragma lsc parallel for schedule(awf_c) reduction(+ : s)
  for (int i = 0; i < N; i++)
    s += (long)(a[i] * 200.0);
  printf("%ld %.6f %.6f\n", s, a[0], a[N - 1]);
  return 0;
}
