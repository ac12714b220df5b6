/* reissue_master.h - re-issue of outstanding chunks on rank 0 ([mohammed-rdlb]'s rDLB): which chunk a worker
 * that finds nothing left gets a copy of, which result of a chunk counts (the first), and how an instance
 * ends without waiting for a worker that still computes a copy nobody needs (exec/late_ranks.h). The pure
 * table is sched/reissue.c; master.c calls these at its hand-out, result and end. */
#ifndef LSC_EXEC_REISSUE_MASTER_H
#define LSC_EXEC_REISSUE_MASTER_H

#include "exec/master.h"
#include "exec/protocol.h"

/* Creates the table when the settings ask for copies (m->settings.reissue > 1). */
void lsc_reissue_start(lsc_master *m);
/* A worker's chunk handed out for the first time: fills a->chunk (and a->copy = 0). */
void lsc_reissue_record(lsc_master *m, int rank, lsc_assign_head *a);
/* Nothing is left to hand out: 1 with *a a copy of the oldest outstanding chunk of another rank, else 0. */
int lsc_reissue_copy(lsc_master *m, int rank, lsc_assign_head *a);
/* Before anything else is handed out: 1 with *a a copy of an overdue chunk (sched/reissue.c: running for
 * more than twice the time its rank's measured rate gives it), else 0. */
int lsc_reissue_overdue_copy(lsc_master *m, int rank, lsc_assign_head *a);
/* Whether this RESULT is the chunk's first (apply it) or a late copy's (drop it). */
int lsc_reissue_first(lsc_master *m, const lsc_result_head *h);
/* With re-issue on: every chunk has its result. */
int lsc_reissue_complete(const lsc_master *m);
/* Every chunk has its result: END to every worker not ended yet; the workers that hold no chunk will send
 * FINAL now (lsc_reissue_finals_in), the others are late. */
void lsc_reissue_end(lsc_master *m);
int lsc_reissue_finals_in(const lsc_master *m);
/* Hands the late workers' unfinished sends, and the memory they use, to exec/late_ranks.h. */
void lsc_reissue_leave_late(lsc_master *m);
void lsc_reissue_release(lsc_master *m);

#endif
