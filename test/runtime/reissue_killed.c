// clang-format off
// A worker killed (SIGKILL) in the middle of a loop. Open MPI 4.1 has no ULFM; `mpirun --enable-recovery`
// keeps the job alive after the death (sends to the dead rank complete, receives from it never do). With
// re-issue the others take over its chunks: the output is the sequential program's, and lsc prints its own
// line naming the dead rank and the loop. Without re-issue the loop cannot complete: lsc's line names the
// rank and the loop and the run ends instead of hanging (timeout would give 124; mpirun --enable-recovery
// exits 0 even then, so the exit code says nothing more).
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t > %t.seq
// RUN: env LSC_REISSUE=on LSC_TEST_KILL_RANK=2 timeout 300 %mpirun --enable-recovery -np 3 %t > %t.on 2> %t.on.err
// RUN: diff %t.seq %t.on
// RUN: FileCheck %s --check-prefix=ON < %t.on.err
// ON: lsc: rank 2 (pid {{[0-9]+}}) died during the loop at {{.*}}reissue_loops.h:{{[0-9]+}}; {{the other ranks take over its chunks|the loop had completed without it}}
// ON: lsc: rank 2 died: the job ends without MPI_Finalize, which could wait for it
// RUN: env LSC_REISSUE=off LSC_TEST_KILL_RANK=2 timeout 300 %mpirun --enable-recovery -np 3 %t > %t.off 2>&1; echo "exit=$?" >> %t.off
// RUN: FileCheck %s --check-prefix=OFF < %t.off
// OFF: lsc: error: rank 2 died during the loop at {{.*}}reissue_loops.h:{{[0-9]+}}, which cannot complete without it
// OFF: exit={{[0-9]+$}}
// OFF-NOT: exit=124
// clang-format on
#define _POSIX_C_SOURCE 200809L
#include "Inputs/reissue_loops.h"

int main(void) {
  reissue_run(NULL);
  return 0;
}
