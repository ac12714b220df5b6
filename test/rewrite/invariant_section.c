// An in() section that does not depend on the loop variable (every iteration reads all of `pos`, as an
// N-body force loop does) is sent to each worker once per loop instance, not with every chunk: the
// descriptor's slice has no k term and its comment says so, and the trace's "loop" event counts the bytes
// sent once (2 workers x 400 doubles, twice: two instances) and none with the chunks (`force` is written
// whole by each iteration, nothing is sent in). Output matches the sequential program. LSC_MASTER=compute
// keeps the second instance distributed (in auto mode this small loop's bytes outweigh its work, so it would
// run on rank 0 alone: exec/master_choice.h); the auto run must match too.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: rm -f %t.trace.json
// RUN: env LSC_TRACE=%t.trace.json LSC_MASTER=compute %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: %mpirun -np 3 %t > %t.auto && diff %t.expected %t.auto
// RUN: FileCheck %s --check-prefix=TRACE < %t.trace.json
#include <stdio.h>
#include <stdlib.h>

static void forces(const double *pos, const int *order, double *force, int n) {
#pragma lsc parallel for schedule(css(8)) in(pos[0:n], order[0:n])
  for (int i = 0; i < n; i++) {
    double f = 0;
    for (int j = 0; j < n; j++) {
      double d = pos[order[j]] - pos[i];
      f += d / (1.0 + d * d);
    }
    force[i] = f;
  }
}

int main(void) {
  enum { N = 400 };
  double *pos = malloc(N * sizeof *pos), *force = malloc(N * sizeof *force);
  int *order = malloc(N * sizeof *order);
  for (int i = 0; i < N; i++) {
    pos[i] = (i * 37 % 101) * 0.01;
    order[i] = (i * 7) % N;
  }
  double s = 0;
  for (int step = 0; step < 2; step++) {
    forces(pos, order, force, N);
    for (int i = 0; i < N; i++) {
      s += force[i] * (i % 7);
      pos[i] += 0.001 * force[i];
    }
  }
  printf("%.9f\n", s);
  free(pos);
  free(force);
  free(order);
  return 0;
}

// CHECK: /* pos: every iteration reads [0, n), sent once */
// CHECK: {"pos", LSC_VAR_ARRAY, LSC_VAR_READ,
// CHECK: /* order: every iteration reads [0, n), sent once */
// TRACE: "name":"loop"{{.*}}"once_bytes":9600,"chunk_in_bytes":0
// TRACE: "name":"loop"{{.*}}"once_bytes":9600,"chunk_in_bytes":0
