// A var a chunk both reads and writes goes to the chunk's rank once (runtime/exec/region_footprint.c): ex is
// read from column 1 (ex[i][j], j >= 1) and written there too, its written range widened to the whole row
// (the body may leave column 0 unwritten, so the row's old values must be there first). Walked apart, the
// read ranges (a row each, packed, since the gaps between them may be written) and the written rows (whole,
// in place) both went: the worker's block of ex twice. Static schedule, np 2 with rank 0 computing: the
// worker's block is rows 32-63 of ex and hz, 16384 bytes each; LSC_STATS's counts are deterministic then.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: env LSC_SCHEDULE=static LSC_MASTER=compute LSC_STATS=each %mpirun -np 2 %t > %t.np2 2> %t.stats
// RUN: diff %t.expected %t.np2
// RUN: grep 'lsc: bytes' %t.stats | FileCheck %s
#include <stdio.h>

#define N 64
static double ex_[N][N], hz_[N][N];

/* Bounds and arrays are parameters, as in fdtd_2d: a written range ending at `ny` is widened to the row. */
static void steps(int nx, int ny, double (*ex)[N], double (*hz)[N]) {
  // clang-format off
#pragma lsc data copy(ex[0:nx], hz[0:nx])
  // clang-format on
  for (int t = 0; t < 3; t++) {
#pragma lsc parallel for
    for (int i = 0; i < nx; i++)
      for (int j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      ex_[i][j] = (i * 7 + j * 3) % 11;
      hz_[i][j] = (i * 5 + j) % 13;
    }
  steps(N, N, ex_, hz_);
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += ex_[i][j] * (i + 1) + j;
  printf("%.17g\n", s);
  return 0;
}

// The region's start: the worker's block of each array once, as one run each (32768 bytes and the ASSIGN's
// two range headers, 88 bytes); 50264 when ex went twice (its 32 rows as per-row ranges, 17408 bytes with
// their headers, and whole). Then nothing but the ASSIGN's empty range list: the worker holds its rows.
// CHECK: lsc: bytes rank0->workers=32856 workers->rank0=0 worker->worker=0 (data region)
// CHECK-NEXT: lsc: bytes rank0->workers=8 workers->rank0=0 worker->worker=0 (data region)
// CHECK-NEXT: lsc: bytes rank0->workers=8 workers->rank0=0 worker->worker=0 (data region)
