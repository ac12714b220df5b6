// Data regions at run time (docs/runtime.md, "The data directory"): the arrays of a 2-D Jacobi time loop stay
// on the ranks that computed them. Three shapes: global arrays with a copy-back loop, `update host` before
// rank-0 code reads A and `update workers` after it writes A; heap arrays swapped by pointer each step; and a
// reduction over a held array. The output must match the sequential build bit for bit at np 1 to 4, with
// several schemes and with a slow rank (the schedule then moves rows between ranks, so halos and whole rows
// travel worker to worker).
// These loops are too small to gain from ranks: in LSC_MASTER=auto, once measured, they run on rank 0 alone
// (bringing home only their footprints), which the plain np 2 and np 3 runs test; the other runs set
// LSC_MASTER=compute, which keeps every instance distributed over the directory.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_MASTER=compute %mpirun -np 4 %t > %t.np4 && diff %t.expected %t.np4
// RUN: env LSC_MASTER=compute LSC_SCHEDULE=static %mpirun -np 3 %t > %t.static && diff %t.expected %t.static
// RUN: env LSC_MASTER=compute LSC_SCHEDULE=gss %mpirun -np 4 %t > %t.gss && diff %t.expected %t.gss
// RUN: env LSC_MASTER=compute LSC_SCHEDULE=fss %mpirun -np 3 %t > %t.fss && diff %t.expected %t.fss
// RUN: env LSC_MASTER=compute LSC_SCHEDULE=fac2 %mpirun -np 2 %t > %t.fac && diff %t.expected %t.fac
// RUN: env LSC_SCHEDULE=pss LSC_MASTER=serve %mpirun -np 3 %t > %t.pss && diff %t.expected %t.pss
// RUN: env LSC_MASTER=compute LSC_SLOWDOWN=1,4,1 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
// RUN: env LSC_MASTER=compute LSC_SLOWDOWN=1,4,1 LSC_SCHEDULE=static %mpirun -np 3 %t > %t.slows && diff %t.expected %t.slows
// RUN: env LSC_MASTER=compute LSC_SLOWDOWN=1,4,1 LSC_SCHEDULE=fss %mpirun -np 3 %t > %t.slowf && diff %t.expected %t.slowf
// RUN: env LSC_MASTER=compute LSC_THREADS=2 %mpirun -np 2 %t > %t.threads && diff %t.expected %t.threads
// A rank 8 times slower: from each loop's third instance the region lays its rows out by the ranks' measured
// speeds (one layout for all its loops), moving rows from the slow rank's blocks to the others'.
// RUN: env LSC_MASTER=compute LSC_SLOWDOWN=1,8 LSC_STATS=each %mpirun -np 2 %t > %t.layout 2> %t.layout.err && diff %t.expected %t.layout
// RUN: FileCheck %s --check-prefix=LAYOUT < %t.layout.err
// RUN: env LSC_MASTER=compute LSC_SLOWDOWN=1,1,8 LSC_SCHEDULE=fss %mpirun -np 3 %t > %t.layout3 && diff %t.expected %t.layout3
// RUN: env LSC_MASTER=serve LSC_SLOWDOWN=1,8,1 %mpirun -np 3 %t > %t.layouts && diff %t.expected %t.layouts
// LAYOUT: placement: {{[0-9]+}} iterations moved to other ranks, to the region's layout by speed
// schedule(auto) in the region: its choice is told who holds each unit (here rank 0 computes, so every unit
// is held by a computing rank) and the bytes per unit held and not held.
// RUN: env LSC_MASTER=compute LSC_SCHEDULE=auto LSC_STATS=1 %mpirun -np 3 %t > %t.auto 2> %t.auto.err && diff %t.expected %t.auto
// RUN: FileCheck %s --check-prefix=AUTO < %t.auto.err
// AUTO: lsc: auto {{.*}}region_jacobi.c:{{[0-9]+}}: picked {{.*}} bytes moved per unit; in a data region: {{[0-9.e+-]+}} per unit its rank does not hold, {{[0-9.e+-]+}} per unit it holds, 100% of units held by a computing rank{{(; timing noise per piece \(log sd\) [0-9.e+-]+)?}}{{(; iteration costs .*)?}}); predicted seconds: {{.*}}
// Hierarchical masters group a loop that holds arrays in a region (region_groups.test); LSC_SUBMASTER_REGIONS=flat
// leaves it flat, saying so once per site; the copy-back loop after the region groups.
// RUN: env LSC_MASTER=compute LSC_SUBMASTERS=2 LSC_SUBMASTER_REGIONS=flat %mpirun -np 5 %t > %t.sub 2> %t.sub.err && diff %t.expected %t.sub
// RUN: FileCheck %s --check-prefix=FLAT < %t.sub.err
// FLAT: LSC_SUBMASTERS: this loop runs with rank 0 as its only master: the loop holds arrays in a data region and LSC_SUBMASTER_REGIONS=flat
#include <stdio.h>
#include <stdlib.h>

#define N 64
static double A[N][N], B[N][N];

static double checksum(int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j] * (i + 1) + j;
  return s;
}

static void globals(int n, int steps) {
#pragma lsc data copy(A) create(B)
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
#pragma lsc parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = B[i][j];
    if (t % 5 == 4) {
#pragma lsc update host(A)
      {
        printf("step %d: %.17g\n", t, checksum(n));
        A[n / 2][n / 2] += 1.0;
      }
#pragma lsc update workers(A)
    }
  }
  printf("globals: %.17g\n", checksum(n));
}

static void swapped(int n, int steps) {
  double *u = malloc(sizeof(double) * n * n), *v = malloc(sizeof(double) * n * n);
  for (int i = 0; i < n * n; i++)
    u[i] = v[i] = (i * 13) % 17;
  double *p = u, *q = v;
#pragma lsc data copy(u[0:n * n], v[0:n * n])
  {
    for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          q[i * n + j] = 0.2 * (p[i * n + j] + p[(i - 1) * n + j] + p[(i + 1) * n + j] + p[i * n + j - 1] +
                                p[i * n + j + 1]);
      double *w = p;
      p = q;
      q = w;
    }
  }
  double s = 0;
  for (int i = 0; i < n * n; i++)
    s += p[i] * (i % 7 + 1);
  printf("swapped: %.17g\n", s);
  free(u);
  free(v);
}

static void reduced(int n, int steps) {
  double total = 0;
#pragma lsc data copy(A)
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        A[i][j] = A[i][j] * 0.5 + 1.0;
    double sum = 0;
#pragma lsc parallel for reduction(+ : sum)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        sum += A[i][j];
    total += sum;
  }
  printf("reduced: %.17g %.17g\n", total, checksum(n));
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 7 + j * 3) % 11;
  globals(N, 12);
  swapped(N, 9);
  reduced(N, 4);
  return 0;
}
