// clang-format off
// LSC_STATS=each prints the per-rank table after each loop, LSC_STATS=1 (or any "on" boolean) one summary
// row per loop site when the program ends, after its own output; LSC_TRACE writes a Chrome/Perfetto trace whose "chunk"
// slices are one per chunk and cover every iteration exactly once; LSC_PROGRESS=always prints progress lines.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: env LSC_STATS=each %mpirun -np 3 %t 2>%t.err | FileCheck %s --check-prefix=DONE
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// STATS: lsc: loop {{.*}}stats_trace.c:{{[0-9]+}} n=17 ranks=3 schedule=pss alpha=0 threads=1:static master={{computes|serves}} wall={{[0-9.]+}}s
// STATS-NEXT: lsc: weights=clock
// STATS-NEXT: lsc: rank chunks iterations busy_s idle_s wait_s
// STATS-NEXT: lsc: 0 {{[0-9]+}} {{[0-9]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}}{{( late: .*)?$}}
// STATS-NEXT: lsc: 1 {{[0-9]+}} {{[0-9]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}}{{( late: .*)?$}}
// STATS-NEXT: lsc: 2 {{[0-9]+}} {{[0-9]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}}{{( late: .*)?$}}
// STATS-NEXT: lsc: imbalance {{[0-9.]+}}%
// STATS-NEXT: lsc: rank 0 computes (default: rank 0 computes between requests)
// STATS-NEXT: lsc: bytes rank0->workers={{[0-9]+}} workers->rank0={{[0-9]+}}
// DONE: done 17
// LSC_MASTER=compute: both instances distributed (in auto mode the second of such a tiny loop may run on
// rank 0 alone, exec/master_choice.h; in_place_spans.c tests that).
// The summary (stderr) comes at exit, after the program's output (stdout); mpirun forwards the two streams
// separately, so under load their order in one pipe is not fixed: each is checked in its own file.
// RUN: env LSC_STATS=1 LSC_MASTER=compute %mpirun -np 3 %t > %t.out1 2> %t.sum1
// RUN: FileCheck %s --check-prefix=DONE < %t.out1 && FileCheck %s --check-prefix=SUMMARY < %t.sum1
// RUN: env LSC_STATS=On LSC_MASTER=compute %mpirun -np 3 %t > %t.out2 2> %t.sum2
// RUN: FileCheck %s --check-prefix=DONE < %t.out2 && FileCheck %s --check-prefix=SUMMARY < %t.sum2
// SUMMARY-NOT: lsc: loop
// SUMMARY: lsc: summary of 1 loop site on 3 ranks (LSC_STATS=each: a table per instance)
// SUMMARY-NEXT: {{^lsc: site +instances +total_s +mean_s +imbalance +chunks +schedule +rank0 +moved_bytes$}}
// SUMMARY-NEXT: {{^lsc: .*stats_trace.c:[0-9]+ +2 +[0-9.]+ +[0-9.]+ +[0-9.]+% +[0-9]+ pss +0 +[0-9]+$}}
// SUMMARY-NOT: lsc:
// On one rank every instance runs on rank 0 alone, and the summary says why.
// RUN: env LSC_STATS=true %t 2>&1 | FileCheck %s --check-prefix=ALONE
// ALONE: done 17
// ALONE-NEXT: lsc: summary of 1 loop site on 1 rank
// ALONE: {{^lsc: .*stats_trace.c:[0-9]+ +2 +[0-9.]+ +[0-9.]+ +- +2 local +2 +-$}}
// ALONE-NEXT: {{^lsc: .*stats_trace.c:[0-9]+: 2 of 2 instances ran on rank 0 alone: 2: one rank$}}
// RUN: env LSC_STATS=no %t 2>&1 | FileCheck %s --check-prefix=OFF
// OFF-NOT: lsc:
// RUN: rm -f %t.json && env LSC_TRACE=%t.json %mpirun -np 3 %t && python3 %S/Inputs/check_trace.py %t.json 17 2
// RUN: rm -f %t.json && env LSC_TRACE=%t.json %mpirun -np 2 %t && python3 %S/Inputs/check_trace.py %t.json 17 2
// RUN: rm -f %t.json && env LSC_TRACE=%t.json %t && python3 %S/Inputs/check_trace.py %t.json 17 2
// Rank 0's leading piece of a first instance (forced on these few bytes) is a chunk slice with its busy time.
// RUN: rm -f %t.json && env LSC_TEST_LEAD_BYTES=0 LSC_TRACE=%t.json %mpirun -np 2 %t && python3 %S/Inputs/check_trace.py %t.json 17 2
// RUN: grep -q '"lead":1' %t.json
// Where time goes: waits, an arrow from each worker's request to its chunk, the instances on their own track.
// RUN: rm -f %t.json && env LSC_TRACE=%t.json %mpirun -np 3 %t && python3 %S/Inputs/check_trace_flows.py %t.json 3 2
// RUN: rm -f %t.json && env LSC_TRACE=%t.json LSC_MASTER=serve %mpirun -np 2 %t && python3 %S/Inputs/check_trace_flows.py %t.json 2 2
// RUN: rm -f %t.json && env LSC_TRACE=%t.json %t && python3 %S/Inputs/check_trace_flows.py %t.json 1 2
// RUN: env LSC_PROGRESS=always %mpirun -np 2 %t slow 2>&1 | FileCheck %s --check-prefix=PROGRESS
// PROGRESS: lsc: {{.*}}stats_trace.c:{{[0-9]+}} {{ *[0-9.]+}}% ({{[0-9]+}}/80 iterations
// PROGRESS: lsc: {{.*}}stats_trace.c:{{[0-9]+}} 100.0% (80/80 iterations
// LSC_PROGRESS=1 under mpirun from a terminal (a pseudo-terminal of script(1)): rank 0's stderr is mpirun's
// pipe, so the line goes to the controlling terminal, as mpirun's own stderr is that terminal. The loop sleeps
// 80 x 20 ms over at most 2 ranks, well past the 0.5 s before a line shows; the check is only that it shows.
// RUN: script -qfec "env LSC_PROGRESS=1 %mpirun -np 2 %t slow" /dev/null > %t.tty
// RUN: FileCheck %s --check-prefix=TTY < %t.tty
// TTY: lsc: {{.*}}stats_trace.c:{{[0-9]+}} 100.0% (80/80 iterations
// TTY: done 80
// Redirected by the user (mpirun's stderr is a file, or a pipe): neither the file nor the terminal gets it.
// RUN: script -qfec "env LSC_PROGRESS=yes %mpirun -np 2 %t slow 2> %t.redirected" /dev/null > %t.tty2
// RUN: FileCheck %s --check-prefix=QUIET < %t.tty2
// RUN: not grep lsc: %t.redirected
// RUN: script -qfec "env LSC_PROGRESS=1 %mpirun -np 2 %t slow 2>&1 | cat" /dev/null > %t.tty3
// RUN: FileCheck %s --check-prefix=QUIET < %t.tty3
// QUIET-NOT: lsc:
// QUIET: done 80
// QUIET-NOT: lsc:
// clang-format on
#include "Inputs/site_helpers.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static int hits[128];
struct env_st {
  int *hits;
  int slow;
};
static void bind_st(void *env) {
  ((struct env_st *)env)->hits = hits;
}
static void body_st(int64_t lo, int64_t hi, void *env) {
  struct env_st *e = env;
  for (int64_t k = lo; k < hi; k++) {
    e->hits[k] += 1;
    if (e->slow)
      nanosleep(&(struct timespec){0, 20 * 1000 * 1000}, NULL);
  }
}
static const lsc_site site_st = TEST_SITE(body_st, bind_st, struct env_st, .schedule = "pss");

int main(int argc, char **argv) {
  int slow = argc > 1 && strcmp(argv[1], "slow") == 0;
  int n = slow ? 80 : 17;
  struct env_st env = {0, slow};
  lsc_var vars[] = {
      TEST_ARRAY(struct env_st, hits, int, LSC_VAR_GLOBAL | LSC_VAR_READ | LSC_VAR_WRITE, 128,
                 .in = TEST_SLICE_K, .out = TEST_SLICE_K),
      TEST_SCALAR(struct env_st, slow),
  };
  /* Two instances of the loop: the trace holds both. */
  lsc_parallel_for(&site_st, &env, vars, TEST_COUNT(vars), n);
  if (!slow)
    lsc_parallel_for(&site_st, &env, vars, TEST_COUNT(vars), n);
  int done = 0;
  for (int k = 0; k < n; k++)
    done += hits[k] == (slow ? 1 : 2);
  printf("done %d\n", done);
  return 0;
}
