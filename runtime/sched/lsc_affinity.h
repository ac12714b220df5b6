/* lsc_affinity.h - where a chunk goes when the data already sits on the ranks (a data region's affinity):
 * the scheme decides each chunk's SIZE, this decides its PLACE among the units the requester holds. Pure
 * (no MPI), so the runtime's master (exec/region_affinity.c, which reads the holders off the data directory)
 * and schedule(auto)'s simulation (simulate.c, which is given them) place chunks by the same rule.
 *
 * Every unit is queued for the worker that holds it (a pool queue takes the units no worker holds: rank 0's
 * when it does not compute). A request takes the front of its own queue, then of the pool, then steals from
 * the back of the queue with the most left -- half of what that queue has, or the scheme's size when larger
 * -- as long as it has at least 1/LSC_AFFINITY_STEAL_FRACTION of a worker's share; when one queue holds every
 * unit (a region's start), the units are split in even blocks instead. The queues may then be laid out in
 * blocks by the workers' shares of speed (lsc_affinity_balance); with the workers' rates known
 * (lsc_affinity_rates) the victim is the queue that would finish last, and a steal takes what makes both
 * finish together, only where a unit computes longer than its data takes to move. Why each rule:
 * region_affinity.c. */
#ifndef LSC_AFFINITY_H
#define LSC_AFFINITY_H

#include "lsc_sched.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LSC_AFFINITY_STEAL_FRACTION 8
/* The true shares lie within this many standard errors of the measured ones (lsc_affinity_relayout_pays). */
#define LSC_AFFINITY_SHARE_DOUBT 2.0

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
/* Each worker's measured seconds per unit (0: not known) and the seconds moving one unit's data costs: from
 * then on the victim of a steal is the queue that would finish last at its rate, and a steal takes what
 * makes thief and victim finish together, only where the victim's unit computes longer than its data takes to
 * move (lsc_affinity_next). 0, or -1: out of memory. */
int lsc_affinity_rates(lsc_affinity *a, const double *unit_seconds, double move_seconds);
/* After finish, with each worker's share of the units (fractions summing to 1: its speed over the sum of the
 * speeds), the layout by shares: worker w's block is [n x (shares of the workers before it), n x (shares up
 * to it)). When more than `slack` of the queued units lie outside their worker's block (the pool's always
 * do), every queue becomes its block (the units then belong to it, as a steal's to its thief). Loops that
 * place by the same shares then agree on who holds what, whatever they held before. Returns the units that
 * change queue (0: the layout holds within the slack), -1: out of memory. */
int64_t lsc_affinity_balance(lsc_affinity *a, const double *share, double slack);
/* Each worker's fraction of the units queued, the pool's counted evenly to all: the layout the holders make
 * (before a layout by shares). 0, or -1 when nothing is queued. */
int lsc_affinity_queued_shares(const lsc_affinity *a, double *share);
/* The fraction of the units whose worker changes from the layout by shares `from` to the one by `to`. */
double lsc_affinity_layout_change(const double *from, const double *to, int64_t workers);
/* Whether re-laying the units from the layout by shares `layout` to the one by `share` pays: an instance of
 * `instance_seconds` (its work balanced) loses max over w of layout[w] / share[w], minus 1, of it to the
 * current layout's imbalance, each share taken LSC_AFFINITY_SHARE_DOUBT times its standard error
 * `spread[w]` closer to the layout (the shares measured vary from one instance to the next); over `horizon`
 * more instances that must beat moving the units that change worker, at `move_all_seconds` for all of them.
 * A layout can then stay put through noise whatever its size, and follows a slow rank within a few
 * instances. */
int lsc_affinity_relayout_pays(const double *layout, const double *share, const double *spread,
                               int64_t workers, double instance_seconds, double horizon,
                               double move_all_seconds);
/* The next chunk of `worker`: `planned` is the size of the scheme's next chunk, 0 once the scheme has
 * planned every unit (the worker then takes the rest of its own queue whole). 0 when none is left for it. */
int lsc_affinity_next(lsc_affinity *a, int64_t worker, int64_t planned, lsc_chunk *out);

#ifdef __cplusplus
}
#endif
#endif
