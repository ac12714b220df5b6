// Issue 12, row 3: valid C loops that end by wrap-around, which failed at run time with "loop would not
// terminate": the down-counting size_t idiom, unsigned with -= 3, unsigned char with !=. They now run as C
// runs them. A ring-buffer walk whose variable wraps around inside the loop (250, ..., 255, 0, ..., 3) cannot be
// sliced linearly in the logical iteration: the generated code checks lsc_iv_wraps and runs that instance on
// one rank (LSC_STATS says why); the instances that do not wrap are distributed as usual.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -Wextra
// RUN: %t.seq > %t.expected
// RUN: FileCheck %s --check-prefix=OUT < %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: env LSC_STATS=each %mpirun -np 3 %t > %t.np3 2> %t.stats && diff %t.expected %t.np3
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
#include <stddef.h>
#include <stdio.h>

static long checksum(const int *a, int n) {
  long c = 0;
  for (int k = 0; k < n; k++)
    c = c * 7 % 1000003 + a[k];
  return c;
}

int main(int argc, char **argv) {
  (void)argv;
  size_t n = 100 + (size_t)argc - 1; /* 100, unknown to the rewriter */
  int down[100] = {0}, thirds[100] = {0}, ring[256] = {0};
#pragma lsc parallel for
  for (size_t i = n - 1; i < n; i--) /* 99, ..., 0; then i wraps to SIZE_MAX and the loop ends */
    down[i] = (int)(3 * i + 1);
  unsigned u;
  unsigned top = 97 + (unsigned)argc - 1;
#pragma lsc parallel for
  for (u = top; u < 100; u -= 3) /* 97, 94, ..., 1; then u wraps */
    thirds[u] = (int)u;
  unsigned char head = (unsigned char)(250 + argc - 1), tail = 4, stop = 200;
#pragma lsc parallel for
  for (unsigned char c = 0; c != stop; c++) /* 0, ..., 199: no wrap inside, distributed */
    ring[c] = c + 1;
#pragma lsc parallel for
  for (unsigned char c = head; c != tail; c++) /* 250, ..., 255, 0, ..., 3: wraps, one rank */
    ring[c] = -c;
  printf("%ld %ld u=%u %ld %d %d %d\n", checksum(down, 100), checksum(thirds, 100), u, checksum(ring, 256),
         ring[3], ring[4], ring[250]);
  return 0;
}

// OUT: 893681 760063 u=4294967294 -740865 -3 5 -250

// The ring buffer's wrapped instance ran on one rank; no other loop did.
// STATS-NOT: schedule=local
// STATS: lsc: loop {{.*}}wraparound_ends.c:43 n=10 ranks=1 schedule=local
// STATS-NEXT: lsc: weights=none (the induction variable wraps around)
// STATS-NOT: schedule=local

// CHECK: {{^ *}}size_t i = (size_t)(lsc_init - (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}unsigned int u = (unsigned int)(lsc_init - (uint64_t)lsc_k * 3);
// CHECK: {{^ *}}unsigned char c = (unsigned char)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}unsigned char c = (unsigned char)(lsc_init + (uint64_t)lsc_k * 1);
// The down-counting idiom is proven not to wrap inside the loop: no check.
// CHECK: {{^ *}}lsc_env.lsc_init = (uint64_t)(n - 1);
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_31, &lsc_env, lsc_vars, 2, lsc_iv_trip_count(n - 1, n, -1, LSC_CMP_LT, LSC_U64, LSC_U64));
// CHECK: {{^ *}}int64_t lsc_n = lsc_iv_trip_count(top, 100, -3, LSC_CMP_LT, LSC_U32, LSC_U32);
// CHECK-NEXT: {{^ *}}if (lsc_iv_wraps(lsc_env.lsc_init, -3, lsc_n, LSC_U32))
// CHECK-NEXT: {{^ *}}lsc_parallel_for_local(&lsc_site_36, &lsc_env, lsc_n);
// CHECK-NEXT: {{^ *}}else
// CHECK-NEXT: {{^ *}}lsc_parallel_for(&lsc_site_36, &lsc_env, lsc_vars, 2, lsc_n);
// CHECK: {{^ *}}u = (unsigned int)(lsc_env.lsc_init - (uint64_t)lsc_n * 3);
// CHECK: {{^ *}}int64_t lsc_n = lsc_iv_trip_count(0, stop, 1, LSC_CMP_NE, LSC_U8, LSC_I32);
// CHECK-NEXT: {{^ *}}if (lsc_iv_wraps(0, 1, lsc_n, LSC_U8))
// CHECK: {{^ *}}int64_t lsc_n = lsc_iv_trip_count(head, tail, 1, LSC_CMP_NE, LSC_U8, LSC_I32);
// CHECK-NEXT: {{^ *}}if (lsc_iv_wraps(lsc_env.lsc_init, 1, lsc_n, LSC_U8))
