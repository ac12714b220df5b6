// Data regions with ranges large enough to leave rank 0 in place (docs/runtime.md, "The data directory":
// a range of rank 0 of at least 64 KB goes as a PEER message straight from the array after its ASSIGN, not
// packed into it). Rows of 256 doubles are 2 KB, so a chunk's first instance moves 32+ rows as one range
// in place, while steady-state halo rows stay inside the ASSIGN. A global array and heap arrays swapped by
// pointer, rank-0 code between the loops behind `update host`, loops of little work run on rank 0 alone
// between heavy ones; bit-identical to the sequential build at np 1 to 4, with several schemes, with a slow
// rank (rows move between ranks) and with LSC_THREADS.
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
// RUN: env LSC_SCHEDULE=fac2 LSC_MASTER=serve %mpirun -np 3 %t > %t.fac && diff %t.expected %t.fac
// RUN: env LSC_MASTER=compute LSC_SLOWDOWN=1,4,1 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
// RUN: env LSC_MASTER=compute LSC_SLOWDOWN=1,3 LSC_SCHEDULE=static %mpirun -np 2 %t > %t.slows && diff %t.expected %t.slows
// RUN: env LSC_MASTER=compute LSC_THREADS=2 %mpirun -np 2 %t > %t.threads && diff %t.expected %t.threads
#include <stdio.h>
#include <stdlib.h>

#define N 256
static double G[N][N];

static double sum_of(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n * n; i++)
    s += a[i] * (i % 5 + 1);
  return s;
}

static void heap(int n, int steps) {
  double *u = malloc(sizeof(double) * n * n), *v = malloc(sizeof(double) * n * n);
  if (!u || !v)
    exit(1);
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
      if (t == steps / 2) {
#pragma lsc update host(u[0:n * n], v[0:n * n])
        printf("heap step %d: %.17g\n", t, sum_of(p, n));
      }
    }
  }
  printf("heap: %.17g\n", sum_of(p, n));
  free(u);
  free(v);
}

static void global(int n, int steps) {
#pragma lsc data copy(G)
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        G[i][j] = G[i][j] * 0.5 + (double)(i ^ j) / (t + 1);
  }
  printf("global: %.17g\n", sum_of(&G[0][0], n));
}

/* Loops of little work between heavy ones: in LSC_MASTER=auto they run on rank 0 alone and bring home only
 * their footprints, the rows they write (one a worker held) becoming rank 0's only copy for the next loop. */
static double F[N][N], H[N][N];
static void mixed(int n, int steps) {
#pragma lsc data copy(F, H)
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int j = 0; j < n; j++) {
      F[0][j] = t + j * 0.5;
      F[n - 1][j] = t - j * 0.25;
    }
#pragma lsc parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 0; j < n; j++) {
        double x = F[i][j];
        for (int r = 0; r < 60; r++)
          x = x * 0.999 + 0.001 * (F[i - 1][j] + F[i + 1][j]);
        H[i][j] = x;
      }
#pragma lsc parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 0; j < n; j++)
        F[i][j] = H[i][j];
  }
  printf("mixed: %.17g %.17g\n", sum_of(&F[0][0], n), sum_of(&H[0][0], n));
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      G[i][j] = (i * 7 + j * 3) % 11;
  heap(N, 10);
  global(N, 6);
  mixed(N, 6);
  return 0;
}
