// Time loops that get no inferred data region (docs/pragma.md, "Inferred regions"), each with the remark
// that says why: rank-0 code that reads or writes an array of the loops (a printf of an element, a call of a
// function of the file that uses a global array), an array lsc cannot size (a pointer), an array whose
// address is kept elsewhere, one of external linkage, a call through a function pointer, a goto out of the
// loop, a loop already inside a stated region. None is an error: the rewritten code holds no inferred region
// and the output is identical to sequential.
// REQUIRES: mpi
// RUN: %lsc-rewrite --remarks %s -o %t.lsc.c 2>&1 | FileCheck %s
// RUN: grep -v '^//' %t.lsc.c | not grep -q 'lsc_data_enter_inferred'
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// CHECK-NOT: data region inferred over
#include <stdio.h>

#define N 500
static double a[N], b[N], c[N], d[N], e[N], f[N];
double ext[N];
static double *kept;
static void noop(void) {}
static void (*hook)(void) = noop;

// CHECK: region_inferred_not.c:[[@LINE+2]]:3: remark: no data region inferred over this loop: rank 0 writes (or calls a function that uses) 'a' at line [[#@LINE+6]], outside the parallel loops
static void rank0_write(int steps) {
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < N; i++)
      a[i] = a[i] * 0.5 + t;
    a[t] = -a[t];
  }
}

// CHECK: region_inferred_not.c:[[@LINE+2]]:3: remark: no data region inferred over this loop: rank 0 reads 'b' at line [[#@LINE+6]], outside the parallel loops
static void print_between(int steps) {
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < N; i++)
      b[i] = b[i] + i;
    printf("b[7] = %g\n", b[7]);
  }
}

static double total_c(void) {
  double s = 0;
  for (int i = 0; i < N; i++)
    s += c[i];
  return s;
}

// CHECK: region_inferred_not.c:[[@LINE+3]]:3: remark: no data region inferred over this loop: rank 0 writes (or calls a function that uses) 'c' at line [[#@LINE+7]], outside the parallel loops
static double call_between(int steps) {
  double s = 0;
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < N; i++)
      c[i] = c[i] * 0.75 + 1;
    s += total_c();
  }
  return s;
}

// CHECK: region_inferred_not.c:[[@LINE+2]]:3: remark: no data region inferred over this loop: 'p' is a pointer: lsc cannot state how many elements it points to, and it may point into an array the region would hold
static void through_pointer(double *p, int n, int steps) {
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < n; i++)
      p[i] = p[i] * 0.5 + 2;
  }
}

// CHECK: region_inferred_not.c:[[@LINE+2]]:3: remark: no data region inferred over this loop: the address of 'd' goes where lsc cannot follow it at line [[#@LINE+21]]
static void escaped(int steps) {
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < N; i++)
      d[i] = d[i] + 1;
    if (kept)
      kept[0] += 1; /* d[0], under another name */
  }
}

// CHECK: region_inferred_not.c:[[@LINE+2]]:3: remark: no data region inferred over this loop: 'ext' has external linkage: code of other files may use it (declare it static)
static void external(int steps) {
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < N; i++)
      ext[i] = ext[i] + 3;
  }
}

static void keep_d(void) {
  kept = d;
}

// CHECK: region_inferred_not.c:[[@LINE+2]]:3: remark: no data region inferred over this loop: rank 0 calls a function lsc cannot look into at line [[#@LINE+6]], which may reach the file's arrays
static void unknown_call(int steps) {
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < N; i++)
      e[i] = e[i] * 2 - 1;
    hook();
  }
}

// CHECK: region_inferred_not.c:[[@LINE+2]]:3: remark: no data region inferred over this loop: a 'goto' leaves it
static void goto_out(int steps) {
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < N; i++)
      f[i] = f[i] + 0.5;
    if (t == 2)
      goto done;
  }
done:
  return;
}

static void stated(int steps) {
#pragma lsc data copy(f)
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 0; i < N; i++)
      f[i] = f[i] * 3;
  }
}

int main(void) {
  static double g[N];
  for (int i = 0; i < N; i++)
    a[i] = b[i] = c[i] = d[i] = e[i] = f[i] = ext[i] = g[i] = i % 17;
  keep_d();
  rank0_write(4);
  print_between(2);
  printf("%.17g\n", call_between(3));
  through_pointer(g, N, 3);
  escaped(3);
  external(3);
  unknown_call(3);
  goto_out(5);
  stated(3);
  for (int i = 0; i < N; i += 37)
    printf("%d %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", i, a[i], b[i], c[i], d[i], e[i], f[i],
           ext[i], g[i]);
  return 0;
}
