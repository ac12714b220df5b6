// clang-format off
// A worker stopped (SIGSTOP) in the middle of a loop: re-issue finishes the loop without it, with the
// sequential program's output. Rank 0 sends SIGCONT only after the first loop returned, so the test hangs
// (and timeout fails it) unless the loop completed while the worker was stopped. The continued worker is
// late: its results of the ended instance are dropped, and it takes part in the next loops.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t > %t.seq
// RUN: rm -f %t.pid && env LSC_REISSUE=on LSC_TEST_STOP_RANK=2 LSC_TEST_PID_FILE=%t.pid timeout 300 %mpirun -np 3 %t > %t.3
// RUN: diff %t.seq %t.3
// RUN: rm -f %t.pid && env LSC_REISSUE=3 LSC_TEST_STOP_RANK=1 LSC_TEST_PID_FILE=%t.pid LSC_STATS=each timeout 300 %mpirun -np 3 %t > %t.3b 2> %t.err
// RUN: diff %t.seq %t.3b
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// STATS: re-issue: {{[1-9][0-9]*}} chunks re-issued, {{[0-9]+}} results dropped (LSC_REISSUE=3)
// RUN: rm -f %t.pid && env LSC_REISSUE=on %mpirun -np 1 %t > %t.1
// RUN: diff %t.seq %t.1
// clang-format on
#define _POSIX_C_SOURCE 200809L
#include "Inputs/reissue_loops.h"
#include "Inputs/stopped_rank.h"

int main(void) {
  reissue_run(continue_stopped);
  return 0;
}
