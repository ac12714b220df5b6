// Reproducible mode with every other operator: min and max (double and int), &, |, ^ and a wrapping + and *
// (unsigned), && and ||, and a reduction on a global (INDIRECT). Their results do not depend on the
// association, so in reproducible mode, over blocks of 100 iterations (the last one short) or of one, they
// must equal the sequential loop's at every rank count, schedule and slowdown; they take the same path as a
// floating-point sum (identity per block, combined in block order). Twelve reduction variables in one loop:
// more than the eight the rewriter's variable table starts with (it once read a grown table through a stale
// pointer and refused the ninth variable).
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s --check-prefix=SITE < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s && %t.seq > %t.expected
// RUN: %t | diff %t.expected -
// RUN: %mpirun -np 1 %t | diff %t.expected -
// RUN: env LSC_SCHEDULE=gss LSC_SLOWDOWN=1,3 %mpirun -np 2 %t | diff %t.expected -
// RUN: env LSC_SCHEDULE=static LSC_MASTER=serve %mpirun -np 3 %t | diff %t.expected -
// RUN: env LSC_SCHEDULE=dtss LSC_THREADS=2 %mpirun -np 4 %t | diff %t.expected -
// RUN: env LSC_REPRODUCIBLE=2 LSC_SCHEDULE=fss %mpirun -np 3 %t | diff %t.expected -
// RUN: env LSC_REPRODUCIBLE=yes LSC_SCHEDULE=gss %mpirun -np 3 %t | diff %t.expected -
// RUN: env LSC_REPRODUCIBLE=on %t | diff %t.expected -
#include <stdio.h>

#define N 20011
static int data[N];
unsigned long long global_sum = 7;

int main(void) {
  for (int i = 0; i < N; i++)
    data[i] = (int)((i * 7919L) % 10007) - 5000;
  double dmin = 1e300, dmax = -1e300;
  int imin = 1 << 30, imax = -(1 << 30), all = 1, any = 0;
  unsigned band = ~0u, bor = 0, bxor = 0x5a5a5a5au, usum = 3, uprod = 1;
#pragma lsc parallel for reproducible(100) reduction(min: dmin, imin) reduction(max: dmax, imax) \
    reduction(&: band) reduction(|: bor) reduction(^: bxor) reduction(+: usum, global_sum) \
    reduction(*: uprod) reduction(&&: all) reduction(||: any)
  for (int i = 0; i < N; i++) {
    double v = data[i] * 0.25;
    if (v < dmin)
      dmin = v;
    if (v > dmax)
      dmax = v;
    if (data[i] < imin)
      imin = data[i];
    if (data[i] > imax)
      imax = data[i];
    band &= (unsigned)data[i] | 0x80000001u;
    bor |= 1u << (i % 29);
    bxor ^= (unsigned)data[i] * 2654435761u;
    usum += (unsigned)data[i] * 40503u;
    uprod *= (unsigned)(i % 13 == 0 ? 3 : 1);
    all = all && data[i] != 4999;
    any = any || data[i] == -4999;
    global_sum += (unsigned long long)(i % 11);
  }
  printf("min %a %d\nmax %a %d\n", dmin, imin, dmax, imax);
  printf("bits %x %x %x\nsum %u %llu\nprod %u\nlogic %d %d\n", band, bor, bxor, usum, global_sum, uprod, all,
         any);
  return 0;
}

// SITE: .threads = 0, .reproducible = "100", .reissue = 0};
