// clang-format off
// Large spans travel as messages of their own, from and into the arrays (exec/chunk_data.h), and a worker's
// next inputs may cover elements its last RESULT still sends (hull slices): iteration k reads x[k] and
// x[k + 2M] (one slice, the hull [k, k + 2M]) and writes x[k + M], so a chunk's input hull holds the
// outputs of the chunk before it; the worker stages such inputs until that RESULT is gone. The same program
// computes the sequential answer and compares every element, at 1 and 3 ranks, serving and computing
// master, chunks small and large. LSC_STATS counts the bytes both ways (re-issue off there: a copy's result
// may count instead of the worker's, and the bytes would depend on timing). Its first instance would run on
// rank 0 alone after a leading piece (runtime/exec/master_lead.h): the test hook LSC_TEST_LEAD_WORK counts
// the piece as 1 s per iteration, so the first instance is distributed and its bytes counted.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: env LSC_MASTER=serve LSC_SCHEDULE='css(5000)' %mpirun -np 3 %t | FileCheck %s
// RUN: env LSC_MASTER=compute LSC_SCHEDULE=gss %mpirun -np 3 %t | FileCheck %s
// RUN: env LSC_SCHEDULE='css(20000)' LSC_REISSUE=off LSC_STATS=each LSC_TEST_LEAD_WORK=1 %mpirun -np 3 %t 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// CHECK: in place: 0 wrong of 60000, 0 wrong of 60000
// STATS: lsc: rank 0 computes (default: rank 0 computes between requests)
// STATS-NEXT: lsc: bytes rank0->workers={{[1-9][0-9]*}} workers->rank0={{[1-9][0-9]*}}
// The second instance moves about 2 MB for some 0.1 ms of work (20x less than the bytes' cost): it runs on
// rank 0 alone, and says why with the numbers it compared.
// STATS: lsc: loop {{.*}}in_place_spans.c:{{[0-9]+}} n=60000 ranks=1 schedule=local
// STATS-NEXT: lsc: weights=none (bytes outweigh work: moving {{[0-9]+}} bytes costs {{.*}} s, 3 ranks would save {{.*}} s of {{.*}} s work)
// clang-format on
#include "Inputs/site_helpers.h"

#include <stdio.h>

#define M 60000

static double x[3 * M + 1], expect[3 * M + 1];

struct env_ip {
  double *x;
};
static void body_ip(int64_t lo, int64_t hi, void *env) {
  double *v = ((struct env_ip *)env)->x;
  for (int64_t k = lo; k < hi; k++)
    v[k + M] = 0.5 * v[k] + 0.25 * v[k + 2 * M] + (double)k;
}
static const lsc_site site_ip = TEST_SITE(body_ip, NULL, struct env_ip);

static int run(void) {
  for (int64_t i = 0; i <= 3 * M; i++)
    x[i] = expect[i] = (double)(i % 97) * 0.125;
  for (int64_t k = 0; k < M; k++)
    expect[k + M] = 0.5 * expect[k] + 0.25 * expect[k + 2 * M] + (double)k;
  struct env_ip env = {x};
  lsc_var vars[] = {
      TEST_ARRAY(struct env_ip, x, double, LSC_VAR_READ | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, 3 * M + 1,
                 .in = {1, 0, 1, 2 * M + 1}, .out = {1, M, 1, M + 1}),
  };
  lsc_parallel_for(&site_ip, &env, vars, TEST_COUNT(vars), M);
  int wrong = 0;
  for (int64_t i = 0; i <= 3 * M; i++)
    wrong += x[i] != expect[i];
  return wrong;
}

int main(void) {
  int first = run(), second = run(); /* a second instance: the site's measured choices apply */
  printf("in place: %d wrong of %d, %d wrong of %d\n", first, M, second, M);
  return 0;
}
