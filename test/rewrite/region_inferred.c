// Data regions inferred around time loops (docs/pragma.md, "Inferred regions"): a time loop whose rank-0
// code never touches the arrays of its parallel loops gets the region '#pragma lsc data copy(...)' would give
// it, with a remark. Shapes: static globals, an automatic local and a VLA, a 'break' of the time loop (the
// exit runs after the loop, as for a stated region), an outer loop refused for a rank-0 use with the inner
// time loop inferred, a time loop called inside a caller's region over part of an array (the runtime
// declines the inferred region and the loops run as without it), and --no-infer-regions. Output identical
// to sequential at np 1 to 3.
// REQUIRES: mpi
// RUN: %lsc-rewrite --remarks %s -o %t.lsc.c 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: grep -v '^//' %t.lsc.c | grep -c 'lsc_data_enter_inferred' | FileCheck %s --check-prefix=COUNT
// RUN: %lsc-rewrite --no-infer-regions --remarks %s -o %t.off.c 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: grep -v '^//' %t.off.c | not grep -q 'lsc_data_enter_inferred'
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_MASTER=compute LSC_SLOWDOWN=1,3,1 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
// COUNT: 4
// OFF-NOT: data region inferred
#include <stdio.h>

#define N 64
static double A[N][N], B[N][N];
static double v[1000];

// REMARK: region_inferred.c:[[@LINE+2]]:3: remark: data region inferred over this loop for '{{[AB]}}', '{{[AB]}}' (no rank-0 code in it touches them); '#pragma lsc data' states one, --no-infer-regions turns inference off
static void jacobi(int n, int steps) {
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
#pragma lsc parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = B[i][j];
  }
}

// REMARK: region_inferred.c:[[@LINE+5]]:3: remark: data region inferred over this loop for '{{[xy]}}', '{{[xy]}}'
static double local_arrays(int n, int steps) {
  double x[201], y[n];
  for (int i = 0; i < 201; i++)
    x[i] = i % 7;
  for (int t = 0; t < steps; t++) {
    if (t == 3)
      break;
#pragma lsc parallel for
    for (int i = 0; i < n; i++)
      y[i] = x[i] * 2 + x[i + 1];
#pragma lsc parallel for
    for (int i = 0; i < n; i++)
      x[i] = y[i] - 1;
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] + y[i];
  return s;
}

// The outer loop's rank-0 code writes v between its time loops: no region over it; the inner loop has one.
// REMARK: region_inferred.c:[[@LINE+3]]:3: remark: no data region inferred over this loop: rank 0 writes (or calls a function that uses) 'v' at line [[#@LINE+9]], outside the parallel loops
// REMARK: region_inferred.c:[[@LINE+3]]:5: remark: data region inferred over this loop for 'v'
static void repeated(int reps) {
  for (int r = 0; r < reps; r++) {
    for (int t = 0; t < 4; t++) {
#pragma lsc parallel for
      for (int i = 0; i < 1000; i++)
        v[i] = v[i] * 0.5 + 1;
    }
    v[r] += 1;
  }
}

static void scale_all(int steps) {
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < 1000; i++)
      v[i] = v[i] * 1.5 - 2;
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 7 + j * 3) % 11;
  for (int i = 0; i < 1000; i++)
    v[i] = i % 13;
  jacobi(N, 10);
  printf("%.17g %.17g\n", A[N / 2][N / 2], B[1][1]);
  printf("%.17g\n", local_arrays(150, 8));
  repeated(3);
  printf("%.17g %.17g\n", v[0], v[999]);
  // A caller's region holds part of v: the inferred region in scale_all declines (a half overlap).
#pragma lsc data copy(v[0:500])
  {
    scale_all(3);
  }
  printf("%.17g %.17g\n", v[1], v[999]);
  scale_all(2);
  printf("%.17g %.17g\n", v[1], v[999]);
  return 0;
}
