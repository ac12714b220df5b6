/* test_hooks.c - test-only faults (test_hooks.h): the environment is read on the worker itself, since the
 * launcher gives every rank the same environment and rank 0 never runs a worker's chunk. The second chunk,
 * not the first, so the rank has taken part in the loop (a result came back) and dies or stops holding work,
 * which is the case re-issue must cover. */
#include "exec/test_hooks.h"

#include "state.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int names_me(const char *var) {
  const char *v = getenv(var);
  return v && *v && atoi(v) == lsc_rt.rank;
}

/* The fault hooks' variables, read once: the worker asks at every chunk and a sub-master at every piece of
 * its own, and getenv walks the whole environment each time. Inside a loop, so the rank is known. */
static struct {
  int read, kill_me, stop_me, any;
  int64_t chunk; /* LSC_TEST_FAULT_CHUNK=N picks another chunk: 1 is a calibration sample when the weights
                    are measured */
} hooks;

static void read_hooks(void) {
  if (hooks.read)
    return;
  hooks.read = 1;
  hooks.kill_me = names_me("LSC_TEST_KILL_RANK");
  hooks.stop_me = names_me("LSC_TEST_STOP_RANK");
  const char *kill = getenv("LSC_TEST_KILL_RANK"), *stop = getenv("LSC_TEST_STOP_RANK");
  hooks.any = (kill && *kill) || (stop && *stop);
  const char *v = getenv("LSC_TEST_FAULT_CHUNK");
  hooks.chunk = v && atoi(v) > 0 ? atoi(v) : 2;
}

void lsc_test_hook_chunk(int64_t chunks_seen) {
  static int fired;
  read_hooks();
  if (fired || chunks_seen != hooks.chunk)
    return;
  if (hooks.kill_me) {
    fired = 1;
    raise(SIGKILL);
  }
  if (hooks.stop_me) {
    fired = 1;
    const char *path = getenv("LSC_TEST_PID_FILE");
    FILE *f = path ? fopen(path, "w") : NULL;
    if (f) {
      fprintf(f, "%ld\n", (long)getpid());
      fclose(f);
    }
    raise(SIGSTOP);
  }
}

double lsc_test_hook_lead_work(double measured, int check) {
  const char *v = getenv("LSC_TEST_LEAD_WORK");
  if (!v || !*v)
    return measured;
  const char *later = strchr(v, ',');
  return check > 0 && later ? atof(later + 1) : atof(v);
}

double lsc_test_hook_lead_bytes(double floor) {
  const char *v = getenv("LSC_TEST_LEAD_BYTES");
  return v && *v ? atof(v) : floor;
}

int lsc_test_hook_faults(void) {
  read_hooks();
  return hooks.any;
}
