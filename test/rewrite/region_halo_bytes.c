// Data regions move only halos in steady state (docs/runtime.md, "The data directory"): a 2-D Jacobi time
// loop of global 64 x 64 arrays, static schedule, 3 ranks with rank 0 computing (rows 1-21, 22-42 and 43-62
// of A and B, each time). LSC_STATS's byte counts are deterministic then. The first sweep of the region sends
// every rank its block (rank 0's copy is the only one); from the second step on, the sweep B <- A moves the
// two halo rows of each block's reads: rank 0's chunk reads row 22 from rank 1 (62 elements: cols 1-62, since
// cols 0 and 63 are never written and stay rank 0's), rank 1 reads row 21 from rank 0 (in its ASSIGN) and
// row 43 from rank 2 (worker to worker), rank 2 reads row 42 from rank 1 and row 63 from rank 0; the copy
// A <- B reads only its own rows and moves nothing but the ASSIGN's transfer counts.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: env LSC_SCHEDULE=static LSC_MASTER=compute LSC_STATS=each %mpirun -np 3 %t > %t.np3 2> %t.stats
// RUN: diff %t.expected %t.np3
// RUN: grep 'lsc: bytes' %t.stats | FileCheck %s
// Grouped under sub-masters (LSC_SUBMASTERS=2 at np 4: rank 2 serves ranks 2 and 3, rank 0 plans 3 workers
// of equal weight per core, the group's on 2 cores): rank 0's counts are the flat run's at np 3, since it
// sees the group as one holder, rank 2; inside the group the two members' blocks meet at one row, read by each
// side, so the steady state moves 2 rows of 62 doubles inside it (992 bytes) and nothing for the copy loop.
// RUN: env LSC_SCHEDULE=static LSC_MASTER=compute LSC_STATS=each LSC_SUBMASTERS=2 LSC_WEIGHTS=equal %mpirun -np 4 %t > %t.np4 2> %t.group
// RUN: diff %t.expected %t.np4
// RUN: grep 'lsc: bytes' %t.group | FileCheck %s --check-prefix=GROUP
#include <stdio.h>

#define N 64
static double A[N][N], B[N][N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 7 + j * 3) % 11;
#pragma lsc data copy(A, B)
  for (int t = 0; t < 4; t++) {
#pragma lsc parallel for
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
#pragma lsc parallel for
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = B[i][j];
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j] * (i + 1) + j;
  printf("%.17g\n", s);
  return 0;
}

// The region's start: each worker's block of A (and the hull's edges) in its ASSIGN, then nothing for B. Its
// ranges join into one across the edge columns between them, which no loop writes: fewer range headers,
// and the edges' bytes travel too (45120 bytes before ranges joined).
// CHECK: lsc: bytes rank0->workers=44144 workers->rank0=0 worker->worker=0 (data region)
// CHECK-NEXT: lsc: bytes rank0->workers=16 workers->rank0=0 worker->worker=0 (data region)
// Steady state, every step: 4 halo rows of 62 doubles (496 bytes): one from rank 0 to rank 1 (plus the
// ASSIGNs' transfer lists, 136 bytes), one from rank 1 to rank 0, two between the workers.
// CHECK-NEXT: lsc: bytes rank0->workers=632 workers->rank0=496 worker->worker=992 (data region)
// CHECK-NEXT: lsc: bytes rank0->workers=16 workers->rank0=0 worker->worker=0 (data region)
// CHECK-NEXT: lsc: bytes rank0->workers=632 workers->rank0=496 worker->worker=992 (data region)
// CHECK-NEXT: lsc: bytes rank0->workers=16 workers->rank0=0 worker->worker=0 (data region)
// CHECK-NEXT: lsc: bytes rank0->workers=632 workers->rank0=496 worker->worker=992 (data region)
// CHECK-NEXT: lsc: bytes rank0->workers=16 workers->rank0=0 worker->worker=0 (data region)

// The region's start: rank 0 sends the group its half of the rows (a group of 2 cores against 2 single
// ranks), and the sub-master sends its other member that member's rows of A and B from its copies.
// GROUP: lsc: bytes rank0->workers=49264 workers->rank0=0 worker->worker=0 inside groups=16128 (data region)
// GROUP-NEXT: lsc: bytes rank0->workers=16 workers->rank0=0 worker->worker=0 inside groups=0 (data region)
// GROUP-NEXT: lsc: bytes rank0->workers=632 workers->rank0=496 worker->worker=992 inside groups=992 (data region)
// GROUP-NEXT: lsc: bytes rank0->workers=16 workers->rank0=0 worker->worker=0 inside groups=0 (data region)
// GROUP-NEXT: lsc: bytes rank0->workers=632 workers->rank0=496 worker->worker=992 inside groups=992 (data region)
// GROUP-NEXT: lsc: bytes rank0->workers=16 workers->rank0=0 worker->worker=0 inside groups=0 (data region)
// GROUP-NEXT: lsc: bytes rank0->workers=632 workers->rank0=496 worker->worker=992 inside groups=992 (data region)
// GROUP-NEXT: lsc: bytes rank0->workers=16 workers->rank0=0 worker->worker=0 inside groups=0 (data region)
