// Shapes where an inferred data region was measured to cost more than it saves (bench-kernels mvt and lu,
// docs/pragma.md "Inferred regions"): an array read by columns, and one read whole while the loops write it.
// No region is inferred over those (a remark says why); a plain time loop of the same file gets one, and the
// column loop runs after that region has ended (which once ran none of its iterations: see
// region_then_plain.c). The output is identical to sequential, re-issue on (the default) and off.
// REQUIRES: mpi
// RUN: %lsc-rewrite --remarks %s -o %t.lsc.c 2>&1 | FileCheck %s
// RUN: grep -v '^//' %t.lsc.c | grep -c 'lsc_data_enter_inferred(' | grep -qx 1
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_REISSUE=off %mpirun -np 2 %t > %t.off && diff %t.expected %t.off
#include <stdio.h>

static double m[40][40], col[40], piv[40][40];

// CHECK: region_inferred_costly.c:[[@LINE+2]]:3: remark: no data region inferred over this loop: a loop reads 'm' by columns: inside a region its strided pieces would move from rank to rank
static void columns(int steps) {
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < 40; i++)
      for (int j = 0; j < 40; j++)
        col[i] = col[i] + m[j][i];
  }
}

// CHECK: region_inferred_costly.c:[[@LINE+2]]:3: remark: no data region inferred over this loop: a loop reads all of 'piv', which the loops write: inside a region each chunk would gather it from every rank at every instance
static void pivot_rows(int n) {
  for (int k = 0; k < n - 1; k++) {
#pragma lsc parallel for
    for (int i = k + 1; i < n; i++) {
      piv[i][k] = piv[i][k] / piv[k][k];
      for (int j = k + 1; j < n; j++)
        piv[i][j] = piv[i][j] - piv[i][k] * piv[k][j];
    }
  }
}

static double w[100];

// A time loop of the same file: its region is inferred, and the column loop above runs after it ended.
// CHECK: region_inferred_costly.c:[[@LINE+2]]:3: remark: data region inferred over this loop for 'w' (no rank-0 code in it touches them)
static void plain(int steps) {
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < 100; i++)
      w[i] = w[i] * 0.5 + 1;
  }
}

int main(void) {
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 40; j++) {
      m[i][j] = (i * 3 + j) % 7;
      piv[i][j] = i == j ? 50 + i : (i + 2 * j) % 5;
    }
  for (int i = 0; i < 100; i++)
    w[i] = i;
  plain(4);
  columns(3);
  pivot_rows(40);
  printf("%.17g %.17g\n", w[3], w[99]);
  for (int i = 0; i < 40; i += 7)
    printf("%.17g %.17g\n", col[i], piv[i][i]);
  return 0;
}
