/* master_choice.h - the two decisions rank 0 makes before a loop instance in LSC_MASTER=auto, each from what
 * earlier instances of the same site measured, each with the sentence LSC_STATS prints for it:
 *
 *   alone   the instance runs on rank 0 by itself when the bytes a distributed run moves (measured per
 *           iteration in the last distributed instance) take longer, at LSC_ASSUMED_BANDWIDTH, than what
 *           the other ranks could save of the work (measured per iteration in the last instance, summed over
 *           ranks): work * (1 - 1/ranks) <= bytes / bandwidth + LSC_INSTANCE_COST * ranks. A site's first
 *           instance, when it would move many bytes, is decided by the same rule after rank 0 ran a leading
 *           piece of it and timed it (exec/master_lead.h); otherwise it is distributed. Inside a data region
 * the bytes count 0 (they measured the region's start, and a loop run alone there brings home only its
 *           footprint, exec/region.h): only the instance's own cost weighs against the work.
 *   compute rank 0 computes sub-chunks between requests (and serves its own requests without a message),
 *           whatever the ranks per core, while the last instance it computed measured that the workers waited
 *           less in all than rank 0 computed. When they waited longer (its answers may have come too late to
 *           be worth its work), the next instance serves, and from then on the way whose last instance took
 *           less wall time per iteration wins; the other is tried again after LSC_RETRY_COMPUTE instances, so
 *           the comparison stays current; each time the other way loses again the wait doubles (up to
 *           LSC_RETRY_MAX instances), and a win resets it, so a way that is much slower costs a few
 *           instances in a long time-step loop, not one in nine. A site whose weights were calibrated keeps
 * the way it had then, since the weights belong to the ranks that were measured.
 *
 * LSC_MASTER=compute or serve decides instead (and never runs an instance alone). */
#ifndef LSC_EXEC_MASTER_CHOICE_H
#define LSC_EXEC_MASTER_CHOICE_H

#include "exec/site_state.h"
#include "lsc.h"

#include <stddef.h>
#include <stdint.h>

/* The data path measured about 2-4 GB/s on the 2-core VM of the benchmarks (bench-runtime); a lower figure
 * errs toward distributing. */
#define LSC_ASSUMED_BANDWIDTH 1e9
/* What a distributed instance costs per rank beyond its bytes: LOOP, requests, END, FINAL (tens of us). */
#define LSC_INSTANCE_COST 50e-6
#define LSC_RETRY_COMPUTE 8
#define LSC_RETRY_MAX 256

/* Whether this instance of n iterations runs on rank 0 alone; why (the LSC_STATS reason) when it does. */
int lsc_master_choose_alone(const lsc_site_state *st, int64_t n, int ranks, char *why, size_t len);
/* A site's first instance (exec/master_lead.h), decided by the same rule from what is known before any byte
 * moves: `work` the loop's body seconds estimated from its first `led` iterations, which rank 0 ran, and
 * `bytes` what the distributed rest would move. Alone: 1, why is the LSC_STATS reason ("none (bytes outweigh
 * work, measured on its first ...)"); distributed: 0, why says so ("work outweighs bytes, measured ..."). */
int lsc_master_choose_alone_first(double work, double bytes, int64_t led, int ranks, char *why, size_t len);
/* Whether rank 0 computes in this instance, and why. */
int lsc_master_choose_compute(const lsc_site_state *st, char *why, size_t len);
/* After an instance: what it measured (work: body seconds over all ranks; bytes: moved, -1 when it ran
 * alone; when distributed, whether rank 0 computed, the workers' summed waits, its own busy time and the
 * wall time; wall < 0 for an instance that ran alone). */
void lsc_master_measured(lsc_site_state *st, int64_t n, double work, double bytes, int computed,
                         double workers_wait, double own_busy, double wall);

#endif
