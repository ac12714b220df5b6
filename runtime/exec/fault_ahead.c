/* fault_ahead.c - the helper thread of fault_ahead.h. The plan is made on the worker's main thread (which
 * segments, how large a reserve: data/prefault.c, data/warm.c); the thread then only takes steps: the static
 * arrays first, then the reserve as far as rank 0 has grown past its size when the worker started waiting,
 * sleeping when it has caught up (rank 0's set-up may allocate more later). A stop flag, read between steps
 * and inside a reserve step (data/warm.h), ends it. */
#include "exec/fault_ahead.h"

#include "config/machine.h"
#include "data/prefault.h"
#include "data/warm.h"
#include "obs/clock.h"
#include "state.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <unistd.h>

/* The helper's sleep once it has caught up with rank 0, doubling from the first: rank 0's set-up grows in
 * bursts (an allocation, then a loop filling it), and a check reads one small /proc file. */
#define FIRST_NAP 50e-6
#define LONGEST_NAP 1e-3

static struct {
  pthread_t thread;
  int running;
  atomic_int stop;
  size_t statics, most;
  int warm;
  long rank0;
  long long base; /* rank 0's anonymous bytes when the worker started waiting, plus its static arrays */
} helper;

static void *fault_steps(void *unused) {
  (void)unused;
  int statics = helper.statics > 0;
  for (double nap = FIRST_NAP; !atomic_load_explicit(&helper.stop, memory_order_relaxed);) {
    if (statics && lsc_prefault_step())
      continue;
    statics = 0;
    if (!helper.warm)
      break;
    if (lsc_warm_step(lsc_warm_target(lsc_machine_anon_bytes(helper.rank0), helper.base, helper.most),
                      &helper.stop)) {
      nap = FIRST_NAP;
      continue;
    }
    if (lsc_warm_faulted() >= helper.most / LSC_WARM_BLOCK * LSC_WARM_BLOCK)
      break; /* the whole reserve (whole blocks of `most`) is in */
    lsc_sleep(nap);
    nap = nap * 2 < LONGEST_NAP ? nap * 2 : LONGEST_NAP;
  }
  return NULL;
}

int lsc_fault_ahead_start(void) {
  if (lsc_rt.config.no_prefault || helper.running)
    return 0;
  helper.statics = lsc_prefault_begin(lsc_rt.ranks_on_node);
  helper.rank0 = lsc_rt.rank0_pid_here;
  helper.base = helper.rank0 ? lsc_machine_anon_bytes(helper.rank0) : -1;
  /* The reserve: at most half the node's memory over the ranks on it, less the static arrays (prefault.h). */
  double node = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE) / 2 / lsc_rt.ranks_on_node;
  helper.most = node > (double)helper.statics ? (size_t)(node - (double)helper.statics) : 0;
  helper.warm = helper.base >= 0 && lsc_warm_begin(helper.most) == 0;
  if (!helper.statics && !helper.warm)
    return 0;
  helper.base += (long long)helper.statics; /* rank 0 fills its own static arrays too: faulted in already */
  atomic_store(&helper.stop, 0);
  helper.running = pthread_create(&helper.thread, NULL, fault_steps, NULL) == 0;
  return helper.running;
}

void lsc_fault_ahead_stop(void) {
  atomic_store(&helper.stop, 1);
}

void lsc_fault_ahead_join(void) {
  if (!helper.running)
    return;
  lsc_fault_ahead_stop();
  pthread_join(helper.thread, NULL);
  helper.running = 0;
}
