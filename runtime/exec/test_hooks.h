/* test_hooks.h - test-only faults a worker injects into itself, for the dead- and stopped-rank tests
 * (test/runtime/reissue_*.c, docs/runtime.md): never set these in a real run. */
#ifndef LSC_EXEC_TEST_HOOKS_H
#define LSC_EXEC_TEST_HOOKS_H

#include <stdint.h>

/* Called by a worker before it runs the chunks_seen-th chunk (1, 2, ...) of a `parallel for` instance. Once
 * per process, at its second chunk: LSC_TEST_KILL_RANK=R makes rank R raise SIGKILL; LSC_TEST_STOP_RANK=R
 * makes rank R write its pid to LSC_TEST_PID_FILE (when set) and raise SIGSTOP. LSC_TEST_FAULT_CHUNK=N
 * moves either to the N-th chunk (1: the calibration sample, with measured weights). */
void lsc_test_hook_chunk(int64_t chunks_seen);

#endif
