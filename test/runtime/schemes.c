// clang-format off
// Every scheduling scheme, and alpha 0 / 75 / 100 / auto, on one loop: each iteration writes a strided slice
// (out[3k] only, OUT_EXACT absent, so the holes must come back with rank 0's values) and adds to a sum.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t | FileCheck %s
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// RUN: env LSC_MASTER=serve %mpirun -np 2 %t | FileCheck %s
// RUN: env LSC_MASTER=compute %mpirun -np 3 %t | FileCheck %s
// Weights given per rank, and the alpha phase split by them (3 times as much for rank 2); re-issue off, since
// a copy of a chunk would change the counts.
// RUN: env LSC_REISSUE=off LSC_WEIGHTS=1,1,3 LSC_MASTER=serve LSC_ALPHA=100 LSC_SCHEDULE=gss LSC_STATS=each %mpirun -np 3 %t 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=LIST < %t.err
// LIST: schedule=gss alpha=100
// LIST-NEXT: lsc: weights=list (0,1,3)
// LIST-NEXT: rank chunks iterations
// LIST-NEXT: lsc: 0 0 0
// LIST-NEXT: lsc: 1 1 76
// LIST-NEXT: lsc: 2 1 225
// CHECK: static: equal
// CHECK: cyclic: equal
// CHECK: block_cyclic(3): equal
// CHECK: pss: equal
// CHECK: css(7): equal
// CHECK: gss: equal
// CHECK: gss(4): equal
// CHECK: fss: equal
// CHECK: tss: equal
// CHECK: fiss(3): equal
// CHECK: tfss: equal
// CHECK: dcss(5): equal
// CHECK: dgss: equal
// CHECK: dfss: equal
// CHECK: dtss: equal
// CHECK: gss alpha(0): equal
// CHECK: gss alpha(75): equal
// CHECK: fss alpha(100): equal
// CHECK: tss alpha(75) workload increasing(1,2): equal
// CHECK: gss alpha(auto) weights(measured): equal
// CHECK: css(9) weights(load): equal
// CHECK: runtime: equal
// CHECK-NOT: differ
// clang-format on
#include "Inputs/site_helpers.h"

#include <stdio.h>
#include <stdlib.h>

#define N 301
static long out[3 * N];

struct env_s {
  void *out;
  long sum;
  int scale;
};
static void bind_s(void *env) {
  ((struct env_s *)env)->out = out;
}
static void body_s(int64_t lo, int64_t hi, void *env) {
  struct env_s *e = env;
  long *o = e->out, sum = e->sum;
  for (int64_t k = lo; k < hi; k++) {
    o[3 * k] = k * e->scale + 1;
    sum += k * k;
  }
  e->sum = sum;
}

#define SITE(sched, alpha_, weights_, workload_)                                                             \
  TEST_SITE(body_s, bind_s, struct env_s, .schedule = (sched), .alpha = (alpha_), .weights = (weights_),     \
            .workload = (workload_))
static const lsc_site sites[] = {
    SITE("static", 0, 0, 0),
    SITE("cyclic", 0, 0, 0),
    SITE("block_cyclic(3)", 0, 0, 0),
    SITE("pss", 0, 0, 0),
    SITE("css(7)", 0, 0, 0),
    SITE("gss", 0, 0, 0),
    SITE("gss(4)", 0, 0, 0),
    SITE("fss", 0, 0, 0),
    SITE("tss", 0, 0, 0),
    SITE("fiss(3)", 0, 0, 0),
    SITE("tfss", 0, 0, 0),
    SITE("dcss(5)", 0, 0, 0),
    SITE("dgss", 0, 0, 0),
    SITE("dfss", 0, 0, 0),
    SITE("dtss", 0, 0, 0),
    SITE("gss", "0", 0, 0),
    SITE("gss", "75", 0, 0),
    SITE("fss", "100", 0, 0),
    SITE("tss", "75", 0, "increasing(1,2)"),
    SITE("gss", "auto", "measured", 0),
    SITE("css(9)", 0, "load", 0),
    SITE("runtime", 0, 0, 0),
};

int main(void) {
  for (size_t s = 0; s < sizeof sites / sizeof sites[0]; s++) {
    for (int i = 0; i < 3 * N; i++)
      out[i] = -i;
    struct env_s env = {0, 10, (int)s + 2};
    lsc_var vars[] = {
        /* out[3k] is written, out[3k+1] and out[3k+2] are not: they must come back unchanged */
        TEST_ARRAY(struct env_s, out, long, LSC_VAR_GLOBAL | LSC_VAR_WRITE, 3 * N, .out = {3, 0, 3, 3}),
        TEST_REDUCTION(struct env_s, sum, LSC_TYPE_LONG, LSC_RED_ADD),
        TEST_SCALAR(struct env_s, scale),
    };
    lsc_parallel_for(&sites[s], &env, vars, TEST_COUNT(vars), lsc_trip_count(0, N, 1, LSC_CMP_LT));
    long sum = 10;
    int bad = 0;
    for (int64_t k = 0; k < N; k++) {
      sum += k * k;
      bad += out[3 * k] != k * ((int)s + 2) + 1 || out[3 * k + 1] != -(3 * k + 1) ||
             out[3 * k + 2] != -(3 * k + 2);
    }
    bad += sum != env.sum;
    printf("%s%s%s%s%s%s%s: %s\n", sites[s].schedule, sites[s].alpha ? " alpha(" : "",
           sites[s].alpha ? sites[s].alpha : "", sites[s].alpha ? ")" : "",
           sites[s].workload ? " workload " : "", sites[s].workload ? sites[s].workload : "",
           sites[s].weights ? (sites[s].weights[0] == 'm' ? " weights(measured)" : " weights(load)") : "",
           bad ? "differ" : "equal");
  }
  return 0;
}
