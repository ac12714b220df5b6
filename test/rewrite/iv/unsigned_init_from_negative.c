// Issue 12, row 1: `int lo = -3; for (unsigned i = lo; i < 5; i++)`. The init converts to the variable's type:
// i starts at 4294967293, which is not below 5, so the loop runs 0 times; with a signed i it runs 8 times. The
// generated trip count passes the text and the types, and lsc_iv_trip_count converts as C does.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -Wextra
// RUN: %t.seq > %t.expected
// RUN: FileCheck %s --check-prefix=OUT < %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
#include <stdio.h>

int main(void) {
  int lo = -3;
  long s = 0, t = 0;
  int a[8] = {0};
#pragma lsc parallel for reduction(+ : s)
  for (unsigned i = lo; i < 5; i++)
    s += 1;
#pragma lsc parallel for reduction(+ : t)
  for (int i = lo; i < 5; i++) {
    t += 1;
    a[i + 3] = i * i;
  }
  unsigned char c;
#pragma lsc parallel for reduction(+ : s)
  for (c = lo; c > 250; c--) /* 253, 252, 251 */
    s += c;
  printf("%ld %ld %d %d c=%d\n", s, t, a[0], a[7], c);
  return 0;
}

// OUT: 756 8 9 16 c=250

// CHECK: {{^ *}}unsigned int i = (unsigned int)(lsc_init + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}int i = (int)(lsc_init + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}unsigned char c = (unsigned char)(lsc_init - (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}lsc_env.lsc_init = (uint64_t)(lo);
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_21, &lsc_env, lsc_vars, 2, lsc_iv_trip_count(lo, 5, 1, LSC_CMP_LT, LSC_U32, LSC_U32));
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_24, &lsc_env, lsc_vars, 3, lsc_iv_trip_count(lo, 5, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}int64_t lsc_n = lsc_iv_trip_count(lo, 250, -1, LSC_CMP_GT, LSC_U8, LSC_I32);
// CHECK: {{^ *}}c = (unsigned char)(lsc_env.lsc_init - (uint64_t)lsc_n * 1);
