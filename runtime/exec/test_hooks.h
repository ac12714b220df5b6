/* test_hooks.h - test-only faults a worker injects into itself, for the dead- and stopped-rank tests
 * (test/runtime/reissue_*.c, docs/runtime.md), and a measurement rank 0 takes as given, for the tests of a
 * decision that rests on a measured time (test/rewrite/first_instance_alone.c): never set these in a real
 * run. */
#ifndef LSC_EXEC_TEST_HOOKS_H
#define LSC_EXEC_TEST_HOOKS_H

#include <stdint.h>

/* Called by a worker before it runs the chunks_seen-th chunk (1, 2, ...) of a `parallel for` instance (a
 * sub-master: its own pieces, once its group RESULTs' sends completed), with no send of its in flight. Once
 * per process, at its second chunk: LSC_TEST_KILL_RANK=R makes rank R raise SIGKILL; LSC_TEST_STOP_RANK=R
 * makes rank R write its pid to LSC_TEST_PID_FILE (when set) and raise SIGSTOP. LSC_TEST_FAULT_CHUNK=N
 * moves either to the N-th chunk (1: the calibration sample, with measured weights). */
void lsc_test_hook_chunk(int64_t chunks_seen);
/* Whether LSC_TEST_KILL_RANK or LSC_TEST_STOP_RANK is set: such a run keeps its first instances distributed
 * (exec/master_lead.c), since the fault fires at a worker's chunk and the test waits for it. */
int lsc_test_hook_faults(void);
/* Rank 0's leading piece of a first instance (exec/master_lead.h): the body seconds per iteration it counts,
 * LSC_TEST_LEAD_WORK=S when set, else `measured`, so a test's decision does not depend on the machine's load.
 * `check` 0 is the leading piece, 1, 2, ... the checks of an instance that went on alone; they count T of
 * LSC_TEST_LEAD_WORK=S,T (S when no T is given): a loop whose iterations grow. */
double lsc_test_hook_lead_work(double measured, int check);
/* The bytes below which a first instance runs no leading piece: LSC_TEST_LEAD_BYTES=B when set, else
 * `floor`, so the differential fuzzer's small loops take the leading piece's paths too. */
double lsc_test_hook_lead_bytes(double floor);

#endif
