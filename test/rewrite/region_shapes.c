// Data regions at run time over loop shapes other than a row stencil: a strided write that leaves holes
// (the holes keep rank 0's values, which the directory must send before the chunk), a column read of a
// matrix whose rows another loop wrote, a whole-array read (sent once per loop, from rank 0 after the newest
// bytes came home), a pointer into the middle of a held array, loops of other trip counts over the same
// array (so chunks and directory ranges do not line up), a loop inside a called function under `enter data`,
// nested regions over one array, and rank-0 writes published with `update workers`. Bit-identical to the
// sequential build at np 1 to 4, several schemes, with a slow rank.
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
// RUN: env LSC_MASTER=compute LSC_SCHEDULE=static %mpirun -np 4 %t > %t.static && diff %t.expected %t.static
// RUN: env LSC_MASTER=compute 'LSC_SCHEDULE=css(7)' %mpirun -np 3 %t > %t.css && diff %t.expected %t.css
// RUN: env LSC_MASTER=compute LSC_SCHEDULE=fss %mpirun -np 4 %t > %t.fss && diff %t.expected %t.fss
// RUN: env LSC_SCHEDULE=fac2 LSC_MASTER=serve %mpirun -np 3 %t > %t.fac && diff %t.expected %t.fac
// RUN: env LSC_MASTER=compute LSC_SLOWDOWN=1,4,1 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
// RUN: env LSC_MASTER=compute LSC_SLOWDOWN=1,1,3,1 LSC_SCHEDULE=gss %mpirun -np 4 %t > %t.slow4 && diff %t.expected %t.slow4
// RUN: env LSC_MASTER=compute LSC_REPRODUCIBLE=on %mpirun -np 3 %t > %t.repro && diff %t.expected %t.repro
#include <stdio.h>

#define N 90
static double M[N][N], v[3 * N], w[N];

static void scale_tail(int n, double *p, double f) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    p[i] = p[i] * f + i;
}

static double sum_all(void) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += M[i][j] * ((i + 2 * j) % 5 + 1);
  for (int i = 0; i < 3 * N; i++)
    s += v[i] * (i % 3 + 1);
  for (int i = 0; i < N; i++)
    s += w[i];
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      M[i][j] = (i * 5 + j * 11) % 13;
  for (int i = 0; i < 3 * N; i++)
    v[i] = i % 7;
#pragma lsc data copy(M, v) create(w)
  for (int t = 0; t < 5; t++) {
#pragma lsc parallel for
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        M[i][j] = M[i][j] * 0.5 + (i + t) % 3;
#pragma lsc parallel for
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int i = 0; i < N; i++)
        s += M[i][j];
      w[j] = s;
    }
#pragma lsc parallel for
    for (int k = 0; k < N; k++)
      v[3 * k] = w[k] + v[3 * k + 1];
#pragma lsc parallel for
    for (int i = 1; i < N - 1; i++)
      for (int j = 0; j < N; j++)
        M[i][j] += w[(j * 7 + t) % N] * 0.001;
#pragma lsc parallel for
    for (int i = 0; i < 2 * N; i++)
      v[i + N / 2] += 0.25;
    if (t == 2) {
#pragma lsc update host(v)
      v[5] += 100;
#pragma lsc update workers(v)
    }
#pragma lsc data copy(v)
    {
#pragma lsc parallel for
      for (int i = 0; i < N; i++)
        v[i + 3] = v[i + 3] * 0.5 + 1.0;
    }
  }
  printf("%.17g\n", sum_all());
#pragma lsc enter data copyin(w)
  scale_tail(N - 10, w + 10, 0.5);
  scale_tail(N, w, 2.0);
#pragma lsc exit data copyout(w)
  printf("%.17g\n", sum_all());
  return 0;
}
