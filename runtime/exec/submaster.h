/* submaster.h - hierarchical masters (LSC_SUBMASTERS; docs/runtime.md, "Hierarchical masters"): ranks form
 * groups (by host, or of N consecutive ranks for testing); the lowest rank of every group but rank 0's is
 * its sub-master. To rank 0 a sub-master is one worker with its group's combined power: it asks for a chunk
 * for the whole group (the scheme sizes it by that power), splits it among its group with the same scheme
 * (itself included), asks for the next group chunk ahead when less than half of the last one is left, and
 * sends the group chunk's outputs back in one RESULT once every piece of it is in. Every rank still gets
 * LOOP and the read-once arrays from rank 0 and sends its FINAL (reduction partial and counters) to rank 0,
 * so reductions combine exactly as in the flat protocol; only REQUEST, ASSIGN, END and RESULT (with their
 * spans) of a group's members go to their sub-master.
 *
 * Central state across levels: a calibration sample is split among the members and comes back as the
 * group's rate per core (measured weights, alpha(auto), schedule(auto)); adaptive schemes learn per group
 * at rank 0 (a group chunk's time: its members' core-seconds over their number) and per member at the
 * sub-master (the site's group memory); in reproducible mode group chunks and pieces are whole blocks and
 * the members' block partials go up with the group chunk's RESULT; re-issue copies pieces inside each group
 * and rank 0 splits or copies group chunks (a late sub-master's members are late too), and rank 0 waits for
 * no late rank's FINAL. A data region's loop groups too unless LSC_SUBMASTER_REGIONS=flat (submaster_groups.c
 * says why); grouped, rank 0's directory sees the group as one holder, its sub-master, and the sub-master
 * keeps a directory of its group: each member keeps the rows it computed and gets only the bytes it lacks
 * (exec/region_group.c). A pipelined nest never groups. */
#ifndef LSC_EXEC_SUBMASTER_H
#define LSC_EXEC_SUBMASTER_H

#include "exec/loop.h"
#include "exec/protocol.h"
#include "obs/stats.h"

struct lsc_master;

/* Rank 0 (submaster_groups.c). After the loop's settings are final and before LOOP goes out: decides
 * whether this instance groups, and if so fills m's rank <-> planner worker maps and executing count. */
void lsc_groups_setup(struct lsc_master *m);
/* After lsc_master_static_weights: each sub-master's planner weight and cores from its group's. */
void lsc_groups_weights(struct lsc_master *m);
/* The LOOP message's group fields: the head's, and each rank's boss and weight. */
void lsc_groups_loop_head(const struct lsc_master *m, lsc_loop_head *head);
void lsc_groups_rank_setting(const struct lsc_master *m, int rank, lsc_rank_setting *s);
/* Planner worker of `rank` (fatal for a rank a sub-master serves), and the weight LSC_STATS shows for it. */
int lsc_groups_worker_index(const struct lsc_master *m, int rank);
/* Iterations and busy + idle seconds of planner worker i's ranks in this instance (after every FINAL): its
 * own, or its group's summed, so iterations / seconds is a speed per core either way. */
void lsc_groups_worker_time(const struct lsc_master *m, int i, int64_t *iterations, double *seconds);
double lsc_groups_rank_weight(const struct lsc_master *m, int rank);
/* The rank of planner worker i (a group's sub-master for a group). And the planner worker of a rank that may
 * hold a data region's bytes, -1 for a rank that gets no chunks of rank 0 (rank 0 serving, a group member:
 * a group's bytes are its sub-master's). */
int lsc_groups_worker_rank(const struct lsc_master *m, int i);
int lsc_groups_holder_worker(const struct lsc_master *m, int rank);
void lsc_groups_release(struct lsc_master *m);

/* A worker (submaster.c), from the LOOP message: each rank's setting in rank order. Returns the rank that
 * hands this rank its chunks. */
int lsc_submaster_note(const lsc_loop_head *head, int rank, const lsc_rank_setting *s);
/* Whether this rank is a sub-master in the loop whose LOOP was read last. */
int lsc_submaster_serves(void);
/* Runs the loop as its group's sub-master, until its group has every chunk done and END. */
void lsc_submaster_serve(lsc_loop *loop, lsc_rank_stats *stats, int64_t instance);
/* After lsc_submaster_serve with re-issue: the members that are late (their FINAL is not waited for), for
 * this rank's FINAL; 0 otherwise (reset by every LOOP). */
int lsc_submaster_late(const int64_t **ranks);
/* Between loops: whether a late member still owes this rank RESULTs of an ended instance, and receiving and
 * dropping those that came (their large spans into scratch memory), so that the member never blocks on them.
 */
int lsc_submaster_owes(void);
void lsc_submaster_drain(void);

#endif
