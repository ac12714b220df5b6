// clang-format off
// Hierarchical mode ([wu-hybrid]): each rank runs its chunks with OpenMP threads, from the threads clause and
// from LSC_THREADS, with every inner schedule. Integer results, so any split must match the sequential loop.
// REQUIRES: openmp
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t | FileCheck %s
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: env LSC_THREADS=3:guided %mpirun -np 2 %t | FileCheck %s
// RUN: env LSC_THREADS=auto LSC_STATS=each %mpirun -np 2 %t 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// CHECK: threads(2): equal
// CHECK: threads(auto:dynamic): equal
// CHECK: threads(4:static): equal
// CHECK-NOT: differ
// STATS: threads={{[0-9]+}}:static
// One rank (hierarchical mode with one rank per node): a loop run on rank 0 alone takes the threads asked for
// by name, the clause's or LSC_THREADS; `auto` stays on one thread, so a program run without mpirun keeps
// the sequential loop's order.
// RUN: env LSC_STATS=each %mpirun -np 1 %t 2>%t.one | FileCheck %s
// RUN: FileCheck %s --check-prefix=ONE < %t.one
// ONE: n=2000 ranks=1 schedule=local alpha=0 threads=2:static
// ONE: n=2000 ranks=1 schedule=local alpha=0 threads=1:dynamic
// ONE: n=2000 ranks=1 schedule=local alpha=0 threads=4:static
// RUN: env LSC_THREADS=3:guided LSC_STATS=each %t 2>%t.three | FileCheck %s
// RUN: FileCheck %s --check-prefix=THREE < %t.three
// THREE-COUNT-3: n=2000 ranks=1 schedule=local alpha=0 threads=3:guided
// clang-format on
#include "Inputs/site_helpers.h"

#include <stdio.h>

#define N 2000
static long out[N];

struct env_h {
  long *out;
  long sum;
  unsigned long long hash;
};
static void bind_h(void *env) {
  ((struct env_h *)env)->out = out;
}
static void body_h(int64_t lo, int64_t hi, void *env) {
  struct env_h *e = env;
  long sum = e->sum;
  unsigned long long hash = e->hash;
  for (int64_t k = lo; k < hi; k++) {
    long v = 0;
    for (int r = 0; r < 200; r++)
      v += (k * r) % 7;
    e->out[k] = v;
    sum += v;
    hash ^= (unsigned long long)v * 0x9E3779B97F4A7C15ull + (unsigned long long)k;
  }
  e->sum = sum;
  e->hash = hash;
}
#define SITE(threads_) TEST_SITE(body_h, bind_h, struct env_h, .schedule = "fss", .threads = (threads_))
static const lsc_site sites[] = {SITE("2"), SITE("auto:dynamic"), SITE("4:static")};

int main(void) {
  for (int s = 0; s < 3; s++) {
    struct env_h env = {0, 5, 11}, ref = {out, 5, 11};
    lsc_var vars[] = {
        TEST_ARRAY(struct env_h, out, long, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, N,
                   .out = TEST_SLICE_K),
        TEST_REDUCTION(struct env_h, sum, LSC_TYPE_LONG, LSC_RED_ADD),
        TEST_REDUCTION(struct env_h, hash, LSC_TYPE_ULLONG, LSC_RED_BXOR),
    };
    for (int i = 0; i < N; i++)
      out[i] = -1;
    lsc_parallel_for(&sites[s], &env, vars, TEST_COUNT(vars), N);
    long got[N];
    for (int i = 0; i < N; i++)
      got[i] = out[i];
    body_h(0, N, &ref);
    int bad = env.sum != ref.sum || env.hash != ref.hash;
    for (int i = 0; i < N; i++)
      bad += got[i] != out[i];
    printf("threads(%s): %s\n", sites[s].threads, bad ? "differ" : "equal");
  }
  return 0;
}
