// Rank 0's own code inside a data region: the ranks may hold newer elements than rank 0 between the parallel
// loops, so a read needs an `update host` before it (in a block around it, no parallel loop in between), and
// a write also an `update workers` after it; a call of a function of the file that uses a held array by name
// (report() -> total() -> A) counts as a write at the call. An array passed to a function of the file is a
// write at the call unless the function uses that parameter only in its parallel loops (halve: accepted;
// seed_then_halve writes x[0] outside its loop: refused). Uses inside the parallel loops, and code after the
// region, are not rank 0's concern. Each refusal names the directive to add.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: test ! -e %t.out
#include <stdio.h>
#define N 100
double A[N], B[N];

void step(int n) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    B[i] = A[i] * 2;
}

void time_loop(int steps) {
#pragma lsc data copy(A, B)
  for (int t = 0; t < steps; t++) {
    step(N);
    printf("%g\n", B[0]);
#pragma lsc update host(A)
#pragma lsc parallel for
    for (int i = 0; i < N; i++)
      A[i] = B[i] + 1;
    printf("%g\n", A[1]);
#pragma lsc update host(B)
    B[0] = 0;
  }
  printf("%g\n", A[0] + B[0]);
}

static double total(void) {
  double s = 0;
  for (int i = 0; i < N; i++)
    s += A[i];
  return s;
}

static double report(void) {
  return total() / N;
}

void through_calls(int steps) {
#pragma lsc data copy(A)
  for (int t = 0; t < steps; t++) {
    step(N);
    printf("%g\n", report());
  }
}

void ok(int steps) {
#pragma lsc data copy(A)
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < N; i++)
      A[i] = A[i] / 2;
#pragma lsc update host(A)
    A[0] = 1;
#pragma lsc update workers(A)
  }
}

void halve(int n, double *x) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    x[i] = x[i] / 2;
}

void seed_then_halve(int n, double *x) {
  x[0] = 1;
  halve(n, x);
}

void passed_on(int steps) {
#pragma lsc data copy(A)
  for (int t = 0; t < steps; t++)
    t % 2 ? halve(N, A) : seed_then_halve(N, A);
}

// ERR: data_region_rank0.c:25:20: error: rank 0 reads 'B' here, inside a data region, where the ranks may hold newer elements; put '#pragma lsc update host(B)' before this use, in the same block, after the last parallel loop
// ERR: data_region_rank0.c:22:1: note: the data region that holds 'B' begins here
// ERR: data_region_rank0.c:30:20: error: rank 0 reads 'A' here, inside a data region, where the ranks may hold newer elements; put '#pragma lsc update host(A)' before this use, in the same block, after the last parallel loop
// ERR: data_region_rank0.c:22:1: note: the data region that holds 'A' begins here
// ERR: data_region_rank0.c:32:5: error: rank 0 writes 'B' here, inside a data region; put '#pragma lsc update workers(B)' after this write, in the same block, before the next parallel loop, so the ranks see it
// ERR: data_region_rank0.c:22:1: note: the data region that holds 'B' begins here
// ERR: data_region_rank0.c:52:20: error: rank 0 writes (or calls a function that uses) 'A' here, inside a data region, where the ranks may hold newer elements; put '#pragma lsc update host(A)' before this use, in the same block, after the last parallel loop
// ERR: data_region_rank0.c:49:1: note: the data region that holds 'A' begins here
// ERR: data_region_rank0.c:82:46: error: rank 0 writes (or calls a function that uses) 'A' here, inside a data region, where the ranks may hold newer elements; put '#pragma lsc update host(A)' before this use, in the same block, after the last parallel loop
// ERR: data_region_rank0.c:80:1: note: the data region that holds 'A' begins here
// ERR: 5 errors generated.
