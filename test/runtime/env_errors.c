// clang-format off
// Invalid LSC_* values: one line naming the variable, the value and the accepted forms, exit status 1 from
// every rank (mpirun reports 1), and no hang (timeout would give 124). Bad clause text in a site and a loop
// that would not terminate stop every rank with a message naming the site.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: env LSC_THREADS=abc timeout 20 %mpirun -np 3 %t > %t.1 2>&1; echo "exit=$?" >> %t.1
// RUN: FileCheck %s --check-prefix=THREADS < %t.1
// THREADS: lsc: error: LSC_THREADS='abc' is not valid; expected a positive integer or auto, optionally followed by :static, :dynamic or :guided (e.g. 4:dynamic)
// THREADS-NOT: loop ran
// THREADS: exit=1
// RUN: env LSC_SCHEDULE='gss(' timeout 20 %mpirun -np 2 %t > %t.2 2>&1; echo "exit=$?" >> %t.2
// RUN: FileCheck %s --check-prefix=SCHEDULE < %t.2
// SCHEDULE: lsc: error: LSC_SCHEDULE='gss(' is not valid: {{.*}}expected one of: static[,k], cyclic,
// SCHEDULE: exit=1
// RUN: env LSC_RND_SEED=-3 timeout 20 %mpirun -np 2 %t > %t.seed 2>&1; echo "exit=$?" >> %t.seed
// RUN: FileCheck %s --check-prefix=SEED < %t.seed
// SEED: lsc: error: LSC_RND_SEED='-3' is not valid; expected an integer 0..18446744073709551615
// SEED: exit=1
// RUN: env LSC_ALPHA=101 timeout 20 %mpirun -np 2 %t > %t.3 2>&1; echo "exit=$?" >> %t.3
// RUN: FileCheck %s --check-prefix=ALPHA < %t.3
// ALPHA: lsc: error: LSC_ALPHA='101' is not valid:
// ALPHA: exit=1
// RUN: env LSC_WEIGHTS=fast timeout 20 %mpirun -np 2 %t > %t.4 2>&1; echo "exit=$?" >> %t.4
// RUN: FileCheck %s --check-prefix=WEIGHTS < %t.4
// WEIGHTS: lsc: error: LSC_WEIGHTS='fast' is not valid; expected clock, load, measured, equal, or numbers in (0, 1e6] one per rank, the largest at most 1e6 times the smallest (e.g. 1,2.5,1)
// WEIGHTS: exit=1
// RUN: env LSC_WEIGHTS=1,2 timeout 20 %mpirun -np 3 %t > %t.5 2>&1; echo "exit=$?" >> %t.5
// RUN: FileCheck %s --check-prefix=COUNT < %t.5
// COUNT: lsc: error: LSC_WEIGHTS has 2 values for 3 ranks; expected one positive number per rank
// COUNT: exit=1
// RUN: env LSC_SLOWDOWN=1,0.5 timeout 20 %mpirun -np 2 %t > %t.6 2>&1; echo "exit=$?" >> %t.6
// RUN: FileCheck %s --check-prefix=SLOWDOWN < %t.6
// SLOWDOWN: lsc: error: LSC_SLOWDOWN='1,0.5' is not valid; expected numbers from 1 to 1000 separated by commas, one per rank (e.g. 1,3); a rank that changes speed takes steps factor@seconds joined by ':', seconds since the program started, in increasing order (e.g. 1,4@0.5 or 1,1:4@0.5:1@2)
// SLOWDOWN: exit=1
// Numbers out of range name the variable and the range (1e308 and 1e300 were once accepted).
// RUN: env LSC_WEIGHTS=1e308,1 timeout 20 %mpirun -np 2 %t > %t.18 2>&1; echo "exit=$?" >> %t.18
// RUN: FileCheck %s --check-prefix=HUGEWEIGHT < %t.18
// HUGEWEIGHT: lsc: error: LSC_WEIGHTS='1e308,1' is not valid; expected {{.*}}numbers in (0, 1e6] one per rank, the largest at most 1e6 times the smallest
// HUGEWEIGHT-NOT: loop ran
// HUGEWEIGHT: exit=1
// RUN: env LSC_SLOWDOWN=1,1e300 timeout 20 %mpirun -np 2 %t > %t.19 2>&1; echo "exit=$?" >> %t.19
// RUN: FileCheck %s --check-prefix=HUGESLOW < %t.19
// HUGESLOW: lsc: error: LSC_SLOWDOWN='1,1e300' is not valid; expected numbers from 1 to 1000 separated by commas
// HUGESLOW-NOT: loop ran
// HUGESLOW: exit=1
// LSC_SYNC is read at start-up, in a program without any pipelined loop too.
// RUN: env LSC_SYNC=soon timeout 20 %mpirun -np 2 %t > %t.20 2>&1; echo "exit=$?" >> %t.20
// RUN: FileCheck %s --check-prefix=SYNC < %t.20
// SYNC: lsc: error: LSC_SYNC='soon': expected 'auto' or a number of iterations >= 1
// SYNC-NOT: loop ran
// SYNC: exit=1
// RUN: env LSC_STATS=sometimes timeout 20 %t > %t.7 2>&1; echo "exit=$?" >> %t.7
// RUN: FileCheck %s --check-prefix=STATS < %t.7
// STATS: lsc: error: LSC_STATS='sometimes' is not valid; expected 0, 1, no, yes, false, true, off or on (a summary per loop site at exit), or each (a table after every loop)
// STATS: exit=1
// RUN: env LSC_PROGRESS=2 timeout 20 %mpirun -np 4 %t > %t.8 2>&1; echo "exit=$?" >> %t.8
// RUN: FileCheck %s --check-prefix=PROGRESS < %t.8
// PROGRESS: lsc: error: LSC_PROGRESS='2' is not valid; expected 0, 1, no, yes, false, true, off or on (on means: when a terminal can show it), or always
// PROGRESS: exit=1
// RUN: env LSC_TRACE= timeout 20 %mpirun -np 2 %t > %t.9 2>&1; echo "exit=$?" >> %t.9
// RUN: FileCheck %s --check-prefix=TRACE < %t.9
// TRACE: lsc: error: LSC_TRACE='' is not valid; expected the path of the JSON file to write
// TRACE: exit=1
// RUN: env LSC_MASTER=both timeout 20 %mpirun -np 2 %t > %t.13 2>&1; echo "exit=$?" >> %t.13
// RUN: FileCheck %s --check-prefix=MASTER < %t.13
// MASTER: lsc: error: LSC_MASTER='both' is not valid; expected auto, compute or serve
// MASTER: exit=1
// RUN: env LSC_REPRODUCIBLE=maybe timeout 20 %mpirun -np 3 %t > %t.14 2>&1; echo "exit=$?" >> %t.14
// RUN: FileCheck %s --check-prefix=REPRO < %t.14
// REPRO: lsc: error: LSC_REPRODUCIBLE='maybe' is not valid; expected 0, 1, no, yes, false, true, off or on, or a block size in iterations from 2 to 2^62 (e.g. 256)
// REPRO-NOT: loop ran
// REPRO: exit=1
// RUN: env LSC_REPRODUCIBLE= timeout 20 %t > %t.15 2>&1; echo "exit=$?" >> %t.15
// RUN: FileCheck %s --check-prefix=BLANKREPRO < %t.15
// BLANKREPRO: lsc: error: LSC_REPRODUCIBLE='' is not valid; expected 0, 1, no, yes, false, true, off or on, or a block size
// BLANKREPRO: exit=1
// A bad reproducible(...) text in a hand-written site stops the run on one rank as on several: the local run
// reads the clause too, since it would run blocks.
// RUN: timeout 20 %t repro > %t.16 2>&1; echo "exit=$?" >> %t.16
// RUN: FileCheck %s --check-prefix=CLAUSEREPRO < %t.16
// RUN: timeout 20 %mpirun -np 2 %t repro > %t.17 2>&1; echo "exit=$?" >> %t.17
// RUN: FileCheck %s --check-prefix=CLAUSEREPRO < %t.17
// CLAUSEREPRO: lsc: error: {{.*}}env_errors.c:{{[0-9]+}}: reproducible(sometimes) is not valid: expected 0, 1, no, yes, false, true, off or on, or a block size in iterations from 2 to 2^62 (e.g. 256)
// CLAUSEREPRO-NOT: loop ran
// CLAUSEREPRO: exit=1
// The variable overrides the clause: with LSC_REPRODUCIBLE set, the bad text is never read.
// RUN: env LSC_REPRODUCIBLE=off %t repro | FileCheck %s --check-prefix=OVERRIDDEN
// OVERRIDDEN: loop ran: data[15] = 15
// A bad clause in the site itself (hand-written code; the rewriter validates its own), and a trip count of -1.
// RUN: timeout 20 %mpirun -np 3 %t clause > %t.10 2>&1; echo "exit=$?" >> %t.10
// RUN: FileCheck %s --check-prefix=CLAUSE < %t.10
// CLAUSE: lsc: error: {{.*}}env_errors.c:{{[0-9]+}}: schedule(fast) is not valid: unknown schedule 'fast'
// CLAUSE: exit=1
// RUN: timeout 20 %mpirun -np 2 %t forever > %t.11 2>&1; echo "exit=$?" >> %t.11
// RUN: FileCheck %s --check-prefix=FOREVER < %t.11
// FOREVER: lsc: error: {{.*}}env_errors.c:{{[0-9]+}}: the loop would not terminate
// FOREVER: exit=1
// RUN: %t forever > %t.12 2>&1; echo "exit=$?" >> %t.12
// Open MPI's own noise after an lsc error during a loop (the MPI_ABORT banner, mpirun's "non-zero exit code"
// and ORTE_ERROR_LOG lines) is not shown: the line above says what to do. (A bad variable at start-up still
// gets mpirun's "non-zero exit code" banner: every rank exits 1, which is what never hangs.)
// RUN: not grep -e MPI_ABORT -e 'Primary job' -e 'non-zero' -e ORTE_ERROR_LOG -e 'PID 0' %t.10 %t.11
// RUN: env LSC_SYNC=x timeout 20 %mpirun -np 1 %t > %t.21 2>&1; echo "exit=$?" >> %t.21
// RUN: FileCheck %s --check-prefix=ONERANK < %t.21
// ONERANK: lsc: error: LSC_SYNC='x': expected 'auto' or a number of iterations >= 1
// ONERANK: exit=1
// RUN: FileCheck %s --check-prefix=FOREVER < %t.12
// clang-format on
#include "Inputs/site_helpers.h"

#include <stdio.h>
#include <string.h>

static int data[16];
struct env_e {
  int *data;
};
static void bind_e(void *env) {
  ((struct env_e *)env)->data = data;
}
static void body_e(int64_t lo, int64_t hi, void *env) {
  for (int64_t k = lo; k < hi; k++)
    ((struct env_e *)env)->data[k] = (int)k;
}
static const lsc_site site_ok = LSC_SITE_INIT(__FILE__, __LINE__, body_e, bind_e, struct env_e);
static const lsc_site site_bad = TEST_SITE(body_e, bind_e, struct env_e, .schedule = "fast");
static const lsc_site site_bad_repro = TEST_SITE(body_e, bind_e, struct env_e, .reproducible = "sometimes");

int main(int argc, char **argv) {
  struct env_e env;
  lsc_var vars[] = {
      TEST_ARRAY(struct env_e, data, int, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, 16,
                 .out = TEST_SLICE_K),
  };
  const lsc_site *site = argc > 1 && strcmp(argv[1], "clause") == 0  ? &site_bad
                         : argc > 1 && strcmp(argv[1], "repro") == 0 ? &site_bad_repro
                                                                     : &site_ok;
  int64_t n = argc > 1 && strcmp(argv[1], "forever") == 0 ? lsc_trip_count(0, 16, 0, LSC_CMP_LT) : 16;
  lsc_parallel_for(site, &env, vars, TEST_COUNT(vars), n);
  printf("loop ran: data[15] = %d\n", data[15]);
  return 0;
}
