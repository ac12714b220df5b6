// clang-format off
// A site's first instance is decided before any byte moves (runtime/exec/master_lead.h): rank 0 runs a
// leading piece of the loop, times it, counts the bytes a distributed run of the rest would move (here 32 MB
// both ways for 2^21 iterations) and weighs them by the rule of "rank 0 alone": it goes on alone, no worker
// hearing of the instance, or hands out the rest with the piece counted as rank 0's done work. The outputs
// match the sequential build's at np 1-3 either way, with the count reduction by block (re-issue's default)
// and without (LSC_REISSUE=off: rank 0's partial holds the piece). The decision rests on a measured time, so
// the LSC_STATS checks set the piece's measurement with the test hook LSC_TEST_LEAD_WORK: 1 ns per iteration
// (the bytes outweigh the work: alone, and said why) and 1 ms (the work outweighs: distributed, and said
// why). An instance that went on alone is checked as it goes (iterations that grow, like a triangle's rows,
// look cheap at first): the hook's second value is what the checks measure (1e-9,1e-3: cheap in the leading
// piece, heavy after it), so the rest turns distributed. LSC_MASTER=compute keeps the user's choice:
// distributed, no leading piece. Bytes back from workers are not checked: a worker still filling fresh pages
// can see every chunk it got re-issued to rank 0 and finished there first (the load decides, not the rule).
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -I%S %lsc-libs
// RUN: %seq-build %t.seq %s -I%S -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_STATS=each LSC_TEST_LEAD_WORK=1e-9 %mpirun -np 2 %t > %t.cheap 2> %t.cheap.err && diff %t.expected %t.cheap
// RUN: FileCheck %s --check-prefix=CHEAP < %t.cheap.err
// RUN: env LSC_STATS=each LSC_TEST_LEAD_WORK=1e-3 %mpirun -np 3 %t > %t.heavy 2> %t.heavy.err && diff %t.expected %t.heavy
// RUN: FileCheck %s --check-prefix=HEAVY < %t.heavy.err
// RUN: env LSC_STATS=each LSC_TEST_LEAD_WORK=1e-9,1e-3 %mpirun -np 2 %t > %t.grows 2> %t.grows.err && diff %t.expected %t.grows
// RUN: FileCheck %s --check-prefix=GROWS < %t.grows.err
// RUN: env LSC_REISSUE=off LSC_TEST_LEAD_WORK=1e-9,1e-3 %mpirun -np 3 %t > %t.grows3 && diff %t.expected %t.grows3
// RUN: env LSC_REISSUE=off LSC_TEST_LEAD_WORK=1e-3 %mpirun -np 2 %t > %t.plain && diff %t.expected %t.plain
// RUN: env LSC_REISSUE=off LSC_TEST_LEAD_WORK=1e-9 %mpirun -np 3 %t > %t.plain3 && diff %t.expected %t.plain3
// RUN: env LSC_STATS=each LSC_MASTER=compute LSC_TEST_LEAD_WORK=1e-9 %mpirun -np 2 %t > %t.user 2> %t.user.err && diff %t.expected %t.user
// RUN: FileCheck %s --check-prefix=USER < %t.user.err
// CHEAP: lsc: loop {{.*}}first_instance_alone.c:{{[0-9]+}} n=2097152 ranks=1 schedule=local
// CHEAP-NEXT: lsc: weights=none (bytes outweigh work, measured on its first {{[0-9]+}} iterations: moving {{[0-9]+}} bytes costs {{.*}} s, 2 ranks would save {{.*}} s of {{.*}} s work)
// HEAVY: lsc: loop {{.*}}first_instance_alone.c:{{[0-9]+}} n=2097152 ranks=3
// HEAVY: lsc: rank 0 computes (default: rank 0 computes between requests); first instance distributed: work outweighs bytes, measured on its first {{[0-9]+}} iterations: moving {{[0-9]+}} bytes costs {{.*}} s, 3 ranks would save {{.*}} s of {{.*}} s work
// HEAVY-NEXT: lsc: bytes rank0->workers={{[1-9][0-9]*}} workers->rank0={{[0-9]+}}
// GROWS: lsc: loop {{.*}}first_instance_alone.c:{{[0-9]+}} n=2097152 ranks=2
// GROWS: first instance distributed after {{[0-9]+}} iterations alone, for the rest: work outweighs bytes, measured on its first {{[0-9]+}} iterations: moving {{[0-9]+}} bytes costs {{.*}} s, 2 ranks would save {{.*}} s of {{.*}} s work
// GROWS-NEXT: lsc: bytes rank0->workers={{[1-9][0-9]*}} workers->rank0={{[0-9]+}}
// USER: lsc: rank 0 computes (LSC_MASTER=compute)
// USER-NOT: first instance
// USER-NOT: schedule=local
// clang-format on
#include <stdio.h>

#define N (1 << 21)

static double x[N], y[N];

static long copy_and_count(double add) {
  long count = 0;
#pragma lsc parallel for reduction(+ : count)
  for (int i = 0; i < N; i++) {
    y[i] = x[i] + add;
    count += (long)y[i];
  }
  return count;
}

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = (double)(i % 1000);
  long first = copy_and_count(1.0), second = copy_and_count(2.0);
  double check = 0;
  for (int i = 0; i < N; i++)
    check += y[i] * (double)(i % 7);
  printf("counts %ld %ld, check %.17g\n", first, second, check);
  return 0;
}
