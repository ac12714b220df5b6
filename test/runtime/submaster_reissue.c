// clang-format off
// Re-issue inside the groups of LSC_SUBMASTERS (exec/submaster.c): a member stopped (SIGSTOP) or 50x slow
// costs its group one piece's wait, not the loop. LSC_SUBMASTERS=2 at np 5 groups ranks 2 and 3 (rank 2
// serves rank 3; rank 1 is rank 0's own group, rank 4 asks rank 0 alone); stopping rank 3 leaves its pieces
// to rank 2, which claims copies of them. Rank 0 continues the stopped member only after the first loop
// returned, so the test hangs (and timeout fails it) unless that loop completed without it: rank 0 does not
// wait for its FINAL (its sub-master lists it as late). The continued member is late: its sub-master drops its
// RESULTs of the ended instance (the 160 KiB row spans into scratch memory) and it takes part in the next
// loops. LSC_SUBMASTERS=3 at np 7 groups 3, 4 and 5: stopping rank 5 leaves its pieces to rank 4 (a member)
// and rank 3. The in-place update and the sum (by block, applied once) see no copy twice. Every output is
// diffed with the sequential program's.
// Across the levels (exec/reissue_master.c): rank 0 splits or copies the group chunk of a stopped or 50x
// slow sub-master (rank 2 at np 5), and the chunk of a stopped rank of its own group (rank 1); the stopped
// sub-master and its member are late, and their messages of the ended instance are dropped when they come.
// A named re-issue groups as the default does; reproducible sums stay those of the sequential order.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t > %t.seq
// RUN: rm -f %t.pid && env LSC_SUBMASTERS=2 LSC_TEST_STOP_RANK=3 LSC_TEST_PID_FILE=%t.pid LSC_STATS=each timeout 300 %mpirun --oversubscribe -np 5 %t > %t.5 2> %t.err5
// RUN: diff %t.seq %t.5
// RUN: FileCheck %s --check-prefix=STOPPED < %t.err5
// STOPPED: sub-masters: rank 2 serves 2 ranks
// STOPPED: re-issue: {{[1-9][0-9]*}} chunks re-issued, {{[0-9]+}} results dropped (default, on: the body's only effects are its outputs; reductions by block)
// STOPPED-NOT: only master
// RUN: env LSC_SUBMASTERS=2 LSC_SLOWDOWN=1,1,1,50,1 timeout 300 %mpirun --oversubscribe -np 5 %t > %t.5s
// RUN: diff %t.seq %t.5s
// RUN: rm -f %t.pid && env LSC_SUBMASTERS=2 LSC_REPRODUCIBLE=on LSC_TEST_STOP_RANK=3 LSC_TEST_PID_FILE=%t.pid timeout 300 %mpirun --oversubscribe -np 5 %t > %t.5r
// RUN: diff %t.seq %t.5r
// With alpha 50 a group chunk's first round waits for every member's first piece: rank 0's END ends that
// wait, so the stopped member's alpha share goes to the others (alpha 100 keeps a share per member that no
// copy can move, as in the flat run).
// RUN: rm -f %t.pid && env LSC_SUBMASTERS=2 LSC_ALPHA=50 LSC_TEST_STOP_RANK=3 LSC_TEST_PID_FILE=%t.pid timeout 300 %mpirun --oversubscribe -np 5 %t > %t.5a
// RUN: diff %t.seq %t.5a
// RUN: rm -f %t.pid && env LSC_SUBMASTERS=2 LSC_TEST_STOP_RANK=2 LSC_TEST_PID_FILE=%t.pid LSC_STATS=each timeout 300 %mpirun --oversubscribe -np 5 %t > %t.5m 2> %t.err5m
// RUN: diff %t.seq %t.5m
// RUN: FileCheck %s --check-prefix=SUBSTOP < %t.err5m
// SUBSTOP: sub-masters: rank 2 serves 2 ranks
// SUBSTOP: re-issue: {{[1-9][0-9]*}} chunks re-issued
// SUBSTOP-NOT: only master
// RUN: env LSC_SUBMASTERS=2 LSC_SLOWDOWN=1,1,50,1,1 timeout 300 %mpirun --oversubscribe -np 5 %t > %t.5ms
// RUN: diff %t.seq %t.5ms
// RUN: rm -f %t.pid && env LSC_SUBMASTERS=2 LSC_TEST_STOP_RANK=1 LSC_TEST_PID_FILE=%t.pid timeout 300 %mpirun --oversubscribe -np 5 %t > %t.5o
// RUN: diff %t.seq %t.5o
// RUN: rm -f %t.pid && env LSC_SUBMASTERS=2 LSC_REISSUE=3 LSC_REPRODUCIBLE=on LSC_TEST_STOP_RANK=2 LSC_TEST_PID_FILE=%t.pid LSC_STATS=each timeout 300 %mpirun --oversubscribe -np 5 %t > %t.5n 2> %t.err5n
// RUN: diff %t.seq %t.5n
// RUN: FileCheck %s --check-prefix=NAMED < %t.err5n
// NAMED: sub-masters: rank 2 serves 2 ranks
// NAMED: re-issue: {{[1-9][0-9]*}} chunks re-issued, {{[0-9]+}} results dropped (LSC_REISSUE=3
// NAMED-NOT: only master
// RUN: rm -f %t.pid && env LSC_SUBMASTERS=3 LSC_TEST_STOP_RANK=5 LSC_TEST_PID_FILE=%t.pid timeout 300 %mpirun --oversubscribe -np 7 %t > %t.7
// RUN: diff %t.seq %t.7
// clang-format on
#define _POSIX_C_SOURCE 200809L
#include "Inputs/reissue_loops.h"
#include "Inputs/stopped_rank.h"

int main(void) {
  reissue_run(continue_stopped);
  return 0;
}
