// Scalars found private without a clause, written the way benchmark suites write them: the counters of the
// inner loops declared at the top of the function, a temporary assigned before its use, one assigned in both
// branches of an if/else. All but k are read after the loop, where it holds the last iteration's value, as after the
// sequential loop (lastprivate); the remarks say so. Output matches the sequential program at np 1 and 3,
// also with a slow worker.
// REQUIRES: mpi
// RUN: %lsc-rewrite --remarks %s -o %t.lsc.c 2> %t.err
// RUN: FileCheck %s --check-prefix=REM < %t.err
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 2> %t.np3.err && diff %t.expected %t.np3
// The loop is distributed: the last value's slot never sends it to rank 0 alone.
// RUN: not grep "rank 0 alone" %t.np3.err
// RUN: env LSC_SLOWDOWN=1,3,1 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
// RUN: env LSC_SCHEDULE=static %mpirun -np 3 %t > %t.static && diff %t.expected %t.static
#include <stdio.h>

#define NI 40
#define NJ 30

static double A[NI][NJ], B[NI][NJ], s[NI];

static void kernel(int ni, int nj) {
  int i, j = -1, k;
  double t = -1.0, u = -1.0;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      A[i][j] = (double)((i * j + 3) % 17) / 7.0;
#pragma lsc parallel for
  for (i = 0; i < ni; i++) {
    t = 0.0;
    for (j = 0; j < nj; j++)
      for (k = 0; k <= j; k++)
        t += A[i][k];
    if (t > 50.0)
      u = t / 2;
    else
      u = t * 2;
    s[i] = t + u;
    for (j = 0; j < NJ; j++)
      B[i][j] = A[i][j] * u;
  }
  printf("t=%.6f u=%.6f j=%d\n", t, u, j);
  for (i = 0; i < ni; i++)
    printf("%d %.6f %.6f\n", i, s[i], B[i][nj - 1]);
}

int main(void) {
  kernel(NI, NJ);
  kernel(0, NJ); /* no iteration: t, u, j and k keep their values */
  return 0;
}

// REM-DAG: {{.*}}private_inferred.c:32:{{[0-9]+}}: remark: 't' is private (every iteration writes it before reading it): each iteration uses its own uninitialised copy; after the loop it holds the last iteration's value (lastprivate)
// REM-DAG: {{.*}}: remark: 'j' is private (every iteration writes it before reading it){{.*}}(lastprivate)
// REM-DAG: {{.*}}: remark: 'k' is private (every iteration writes it before reading it): each iteration uses its own uninitialised copy{{$}}
// REM-DAG: {{.*}}: remark: 'u' is private (every iteration writes it before reading it){{.*}}(lastprivate)
