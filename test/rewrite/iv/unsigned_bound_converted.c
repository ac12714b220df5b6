// Issue 12, row 2: `unsigned i = 4294967000u; i < n` with `int n = -1`. The comparison is made in the common
// type of i and n, here unsigned: n converts to UINT_MAX and the loop runs 295 times. With `long n` the
// comparison is made in long, where -1 is below every unsigned value: no iteration.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra -Wno-sign-compare %lsc-libs
// RUN: %seq-build %t.seq %s -Wextra -Wno-sign-compare
// RUN: %t.seq > %t.expected
// RUN: FileCheck %s --check-prefix=OUT < %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
#include <stdio.h>

int main(void) {
  int n = -1;
  long wide = -1;
  short mark[300] = {0};
  long s = 0, t = 0;
  unsigned i;
#pragma lsc parallel for reduction(+ : s)
  for (i = 4294967000u; i < n; i++) {
    s += 1;
    mark[i - 4294967000u] = (short)(i % 1000);
  }
#pragma lsc parallel for reduction(+ : t)
  for (unsigned u = 4294967000u; wide > u; u++)
    t += 1;
  long sum = 0;
  for (int k = 0; k < 300; k++)
    sum += mark[k] * (k % 7);
  printf("%ld %ld %ld i=%u\n", s, t, sum, i);
  return 0;
}

// OUT: 295 0 {{[0-9]+}} i=4294967295

// CHECK: {{^ *}}unsigned int i = (unsigned int)(4294967000 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}int64_t lsc_n = lsc_iv_trip_count(4294967000u, n, 1, LSC_CMP_LT, LSC_U32, LSC_U32);
// CHECK: {{^ *}}i = (unsigned int)(4294967000 + (uint64_t)lsc_n * 1);
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_28, &lsc_env, lsc_vars, 1, lsc_iv_trip_count(4294967000u, wide, 1, LSC_CMP_LT, LSC_U32, LSC_I64));
