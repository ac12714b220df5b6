// clang-format off
// Re-issue with arrays the program frees when the loop returns: each round mallocs its arrays, runs the
// loop, prints, frees them and mallocs new ones. A worker still late when a loop returns (stopped, or 50x
// slow) may take its request-ahead ASSIGN, and the LOOP and read-once arrays of a later instance, after the
// program freed what they came from: those must come from rank 0's own copies, never the program's arrays
// (under the sanitized build, a read of a freed array stops the test). The input rows (160 KiB a chunk) and
// the array read whole (128 KiB) are above the in-place size. The output does not depend on timing.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t > %t.seq
// RUN: rm -f %t.pid && env LSC_REISSUE=on LSC_TEST_STOP_RANK=2 LSC_TEST_PID_FILE=%t.pid timeout 300 %mpirun -np 3 %t > %t.3
// RUN: diff %t.seq %t.3
// RUN: env LSC_REISSUE=on LSC_SLOWDOWN=1,1,50 timeout 300 %mpirun -np 3 %t > %t.3s
// RUN: diff %t.seq %t.3s
// At np 2 rank 0 computes and takes split parts of the worker's chunks: a chunk whose in-place inputs are
// still on their way must not be finished without the worker, or the loop returns while their send reads
// arrays the program then frees.
// RUN: env LSC_REISSUE=on timeout 300 %mpirun -np 2 %t > %t.2
// RUN: diff %t.seq %t.2
// RUN: env LSC_REISSUE=on LSC_SLOWDOWN=1,20 timeout 300 %mpirun -np 2 %t > %t.2s
// RUN: diff %t.seq %t.2s
// Re-issue inside the groups of LSC_SUBMASTERS (the default; rank 2 serves rank 3): a late member's ASSIGNs
// come from its sub-master's packed buffers, and rank 0's LOOP and read-once arrays from rank 0's copies.
// RUN: rm -f %t.pid && env LSC_SUBMASTERS=2 LSC_TEST_STOP_RANK=3 LSC_TEST_PID_FILE=%t.pid timeout 300 %mpirun --oversubscribe -np 5 %t > %t.5
// RUN: diff %t.seq %t.5
// RUN: env LSC_SUBMASTERS=2 LSC_SLOWDOWN=1,1,1,50,1 timeout 300 %mpirun --oversubscribe -np 5 %t > %t.5s
// RUN: diff %t.seq %t.5s
// RUN: env LSC_REISSUE=on timeout 300 %mpirun -np 1 %t > %t.1
// RUN: diff %t.seq %t.1
// clang-format on
#define _POSIX_C_SOURCE 200809L
#include "Inputs/site_helpers.h"
#include "Inputs/stopped_rank.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 300
#define W 2048
#define TABLE 16384
#define ROUNDS 4

struct env_f {
  double *in, *table, *out;
  double sum;
};

static void body(int64_t lo, int64_t hi, void *p) {
  struct env_f *e = p;
  for (int64_t k = lo; k < hi; k++) {
    for (int64_t j = 0; j < W; j++) {
      double v = 2 * e->in[k * W + j] + e->table[(k * 7 + j) % TABLE];
      e->out[k * W + j] = v;
      e->sum += v;
    }
    nanosleep(&(struct timespec){0, 1000 * 1000}, NULL); /* the loop is still running when a worker stops */
  }
}

static const lsc_site site = TEST_SITE(body, NULL, struct env_f, .schedule = "css(10)");

static double *fresh(size_t count) {
  double *p = malloc(count * sizeof *p);
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  return p;
}

int main(void) {
  for (int round = 0; round < ROUNDS; round++) {
    struct env_f env = {fresh((size_t)N * W), fresh(TABLE), fresh((size_t)N * W), 0};
    for (int64_t i = 0; i < (int64_t)N * W; i++)
      env.in[i] = (double)((i + round) % 97), env.out[i] = -1;
    for (int64_t i = 0; i < TABLE; i++)
      env.table[i] = (double)((i * (round + 3)) % 31);
    lsc_var vars[] = {
        TEST_ARRAY(struct env_f, in, double, LSC_VAR_READ, (int64_t)N *W, .in = TEST_SLICE_ROW(W)),
        TEST_ARRAY(struct env_f, table, double, LSC_VAR_READ | LSC_VAR_WHOLE, TABLE),
        TEST_ARRAY(struct env_f, out, double, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, (int64_t)N * W,
                   .out = TEST_SLICE_ROW(W)),
        TEST_REDUCTION(struct env_f, sum, LSC_TYPE_DOUBLE, LSC_RED_ADD),
    };
    lsc_parallel_for(&site, &env, vars, TEST_COUNT(vars), N);
    double check = 0;
    for (int64_t i = 0; i < (int64_t)N * W; i++)
      check += env.out[i] * (double)(i % 13 + 1);
    printf("round %d: out %.1f sum %.1f\n", round, check, env.sum);
    fflush(stdout);
    /* Freed at once: a late worker's sends must not read these any more. */
    free(env.in);
    free(env.table);
    free(env.out);
    if (round == 0)
      continue_stopped();
  }
  return 0;
}
