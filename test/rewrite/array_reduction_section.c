// Array reductions as third-party kernels write them: the update spelled out ('y[j] = y[j] + v', 'v + y[j]',
// 'y[j] - v', 'p[j] = p[j] * v', 'b[j] = b[j] ^ v'), and a section of run-time length, reduction(+: y[0:n]),
// of an array declared with a constant size: lsc reduces the declared elements and moves the first n, so
// the elements past the section keep their values (here -0.0 and 7.0: the sum's identity is -0.0, which
// leaves -0.0 as it is). A section longer than the declared size stops the program with a clear error.
// REQUIRES: mpi
// RUN: %lsc-rewrite --remarks %s -o %t.lsc.c 2> %t.err
// RUN: FileCheck %s --check-prefix=REM < %t.err
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_SLOWDOWN=1,3,1 LSC_SCHEDULE=pss %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
// RUN: env LSC_REPRODUCIBLE=16 %mpirun -np 2 %t > %t.repro && diff %t.expected %t.repro
// RUN: not %mpirun -np 2 %t too-long > %t.out 2> %t.too; FileCheck %s --check-prefix=LONG < %t.too
#include <stdio.h>

#define N 24
#define M 300

static double A[M][N];

static void kernel(int m, int n, double y[N], double z[N], long p[N], unsigned b[N]) {
#pragma lsc parallel for reduction(+ : y[0:n], z) reduction(* : p) reduction(^ : b)
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < n; j++) {
      y[j] = y[j] + A[i][j] * 0.5;
      z[j] = A[i][j] + z[j];
      z[j] = z[j] - 0.25;
    }
    p[i % N] = p[i % N] * (1 + i % 2);
    b[(i * 7) % N] = b[(i * 7) % N] ^ (unsigned)i;
  }
}

int main(int argc, char **argv) {
  (void)argv;
  static double y[N], z[N];
  static long p[N];
  static unsigned b[N];
  int n = argc > 1 ? N + 3 : N - 4;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i + 3 * j) % 11) - 5;
  for (int j = 0; j < N; j++) {
    y[j] = j % 2 ? -0.0 : 7.0;
    z[j] = -0.0;
    p[j] = 1;
    b[j] = (unsigned)j;
  }
  kernel(M, n, y, z, p, b);
  for (int j = 0; j < N; j++)
    printf("%d %g %g %ld %u\n", j, y[j], z[j], p[j], b[j]);
  return 0;
}

// REM: remark: 'y' is an array reduction with '+' over 24 elements (its declared size; the section's length is checked against it at run time)
// LONG: lsc: error: {{.*}}array_reduction_section.c:25: the section 'y[0:n]' of the reduction has 27 elements; 'y' is declared with 24
