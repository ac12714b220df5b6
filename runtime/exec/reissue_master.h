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
/* A worker's chunk handed out for the first time: fills a->chunk (and a->copy = 0). A calibration sample
 * (a->per_iteration) enters the table withheld: never copied or split while the calibration waits for it. */
void lsc_reissue_record(lsc_master *m, int rank, lsc_assign_head *a);
/* The calibration finished (every sample in, or those still out given up, master.c): the samples still out
 * become ordinary chunks expected to take `slowest` (the slowest sample's time, at least
 * LSC_SAMPLE_WAIT_MIN / LSC_REISSUE_OVERDUE), so a given-up one is overdue at once and goes to the next
 * asker as a part or copy; its late result is then dropped like a late copy's. */
void lsc_reissue_calibrated(lsc_master *m, double slowest);
/* The ASSIGN of chunk `id` just sent to `rank` left large spans in place: the chunk is neither copied nor
 * split until they are in (sched lsc_reissue_receiving), which lsc_reissue_inputs_in records: its sends
 * completed, or a RESULT of the rank came (it received them before it computed). */
void lsc_reissue_sent_in_place(lsc_master *m, int rank, int64_t id);
void lsc_reissue_inputs_in(lsc_master *m, int rank);
/* Nothing is left to hand out: 1 with *a a split part of an outstanding chunk of another rank
 * (sched/reissue_split.c), or a whole copy of the oldest one when none can be split, else 0. */
int lsc_reissue_copy(lsc_master *m, int rank, lsc_assign_head *a);
/* Before anything else is handed out: 1 with *a a split part or a copy of an overdue chunk (sched/reissue.c:
 * running for more than twice the time its rank's measured rate gives it, or the median rank's when its rank
 * has none yet), else 0. */
int lsc_reissue_overdue_copy(lsc_master *m, int rank, lsc_assign_head *a);
/* Whether this RESULT brings iterations nobody's result brought yet (apply it; *fresh: how many) or only
 * applied ones (drop it: a late copy). A whole chunk's result after some of its split parts brings the rest:
 * lsc_reissue_keep_parts saves the parts' outputs before it is unpacked and lsc_reissue_restore_parts puts
 * them back after, so every element keeps the first value applied (the same bits: a DOALL chunk's outputs
 * depend only on its inputs); lsc_reissue_part_covered says which of its iterations (blocks) those parts
 * cover. */
int lsc_reissue_first(lsc_master *m, const lsc_result_head *h, int64_t *fresh);
void lsc_reissue_keep_parts(lsc_master *m, int64_t id, lsc_buffer *kept);
void lsc_reissue_restore_parts(lsc_master *m, int64_t id, const lsc_buffer *kept);
int lsc_reissue_part_covered(const lsc_master *m, int64_t id, int64_t at);
/* Calls fn for each range of chunk `id` ([start, start + size)) that no part brought, in order. */
void lsc_reissue_each_fresh(const lsc_master *m, int64_t id, int64_t start, int64_t size,
                            void (*fn)(void *ctx, int64_t start, int64_t size), void *ctx);
/* Rank 0, nothing left to hand out: 1 with *part a split part it claims (runs in place) of a worker's
 * outstanding chunk whose holder is not about to finish it, else 0. */
int lsc_reissue_own_part(lsc_master *m, lsc_chunk *part);
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
