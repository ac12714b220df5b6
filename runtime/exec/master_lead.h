/* master_lead.h - the first instance of a site, decided before any byte moves. The rule of "rank 0 alone"
 * (master_choice.h) needs the site's work and bytes per iteration, which only an instance measures; a first
 * instance that ships megabytes before that measurement exists (atax: 26 MB twice) costs more than the loop.
 * So rank 0, which computes anyway when it participates, first runs a leading piece of the loop itself (the
 * loop's first units, timed: LSC_LEAD_SECONDS of body time, at most 1/LSC_LEAD_SHARE of the loop), counts the
 * bytes a distributed run of the rest would move (the spans of its chunks, the arrays read once), and
 * compares them by the same rule. Alone: rank 0 runs the rest too and no worker hears of the instance.
 * Distributed: the piece counts as rank 0's done work (its stats, its reduction partial, its blocks' partials
 * in reproducible mode) and the planner plans the units after it (plan_offset, as after calibration
 * samples), so no worker chunk and no re-issue table entry covers it.
 *
 * Only where the rule would otherwise guess: LSC_MASTER=auto, rank 0 computing with one thread, no data
 * region (there the data is already on the ranks), no calibration samples (weights(measured), alpha(auto),
 * schedule(auto): they take the leading units), not hierarchical, no bytes measured yet for the site, and at
 * least LSC_LEAD_MIN_BYTES to move: below that a wrongly distributed first instance costs about a
 * millisecond, and the later instances' measured rule corrects it. */
#ifndef LSC_EXEC_MASTER_LEAD_H
#define LSC_EXEC_MASTER_LEAD_H

#include "exec/master.h"

/* Body seconds the leading piece aims at: enough to time it above the clock's noise, little against what a
 * worker would wait for its LOOP. */
#define LSC_LEAD_SECONDS 1e-3
/* The piece is at most 1/LSC_LEAD_SHARE of the loop's units, so a loop of cheap iterations is not run
 * mostly on rank 0 while it is being timed. */
#define LSC_LEAD_SHARE 8
#define LSC_LEAD_MIN_BYTES ((int64_t)1 << 20)

/* Before LOOP is sent; `calibrates`: the instance takes calibration samples. Returns 1 when the instance ran
 * whole on rank 0 (m->alone set, m->local_why the reason); 0 otherwise, the leading piece (if any) done and
 * m->plan_offset after it. */
int lsc_master_lead(lsc_master *m, int calibrates);

#endif
