/* lsc_affinity.h - where a chunk goes when the data already sits on the ranks (a data region's affinity):
 * the scheme decides each chunk's SIZE, this decides its PLACE among the units the requester holds. Pure
 * (no MPI), so the runtime's master (exec/region_affinity.c, which reads the holders off the data directory)
 * and schedule(auto)'s simulation (simulate.c, which is given them) place chunks by the same rule.
 *
 * Every unit is queued for the worker that holds it (a pool queue takes the units no worker holds: rank 0's
 * when it does not compute). A request takes the front of its own queue, then of the pool, then steals from
 * the back of the queue with the most left -- half of what that queue has, or the scheme's size when larger
 * -- as long as it has at least 1/LSC_AFFINITY_STEAL_FRACTION of a worker's share; when one queue holds every
 * unit (a region's start), the units are split in even blocks instead. Why each rule: region_affinity.c. */
#ifndef LSC_AFFINITY_H
#define LSC_AFFINITY_H

#include "lsc_sched.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LSC_AFFINITY_STEAL_FRACTION 8

typedef struct lsc_affinity lsc_affinity;

/* Whether a scheme places its chunks by worker (static, cyclic, block_cyclic, static_steal): it keeps its own
 * placement, the same from one instance to the next, and affinity does not apply to it. */
int lsc_scheme_places_by_worker(lsc_scheme_id s);

lsc_affinity *lsc_affinity_new(void); /* NULL: out of memory */
void lsc_affinity_free(lsc_affinity *a);
/* Empties the queues for `workers` workers (and the pool). 0, or -1: out of memory. */
int lsc_affinity_start(lsc_affinity *a, int64_t workers);
/* Units [lo, hi), in increasing order over the calls, are held by `worker`; a worker outside [0, workers)
 * stands for none of them (the pool). 0, or -1: out of memory. */
int lsc_affinity_add(lsc_affinity *a, int64_t worker, int64_t lo, int64_t hi);
/* After the last add, for n units in all: one queue holding every unit is split in even blocks. 0 or -1. */
int lsc_affinity_finish(lsc_affinity *a, int64_t n);
/* The next chunk of `worker`: `planned` is the size of the scheme's next chunk, 0 once the scheme has
 * planned every unit (the worker then takes the rest of its own queue whole). 0 when none is left for it. */
int lsc_affinity_next(lsc_affinity *a, int64_t worker, int64_t planned, lsc_chunk *out);

#ifdef __cplusplus
}
#endif
#endif
