/* stats.h - the LSC_STATS=each table: after each loop, rank 0 prints one row per rank to stderr; with
 * LSC_STATS=1 the same report goes into the per-site summary instead (obs/summary.h). */
#ifndef LSC_OBS_STATS_H
#define LSC_OBS_STATS_H

#include "config/env.h"

#include <stdint.h>
#include <stdio.h>

typedef struct lsc_rank_stats {
  int executes; /* this rank ran chunks (the master only in master-participates mode) */
  int64_t chunks, iterations;
  double busy; /* seconds in the loop body                        */
  double idle; /* seconds idled by LSC_SLOWDOWN                   */
  double wait; /* seconds waiting for messages                    */
  int late;    /* the loop ended without its FINAL: it still ran a chunk a re-issued copy finished, so its
                  row holds only its results that counted (zeros would read as a rank that did nothing) */
  /* A sub-master that re-issued inside its group: copies it handed out (its own claims included) and
   * results it dropped, which rank 0 adds to its LSC_STATS re-issue line */
  int64_t reissued, dropped;
  /* A sub-master in a grouped loop over held arrays: the array bytes that moved inside its group for the
   * loop (exec/region_group.c): its pieces' bytes to members, from its copies or from another member on its
   * ORDER, and what it pulled from its members for its own pieces and for rank 0's ORDERs */
  int64_t group_bytes;
} lsc_rank_stats;

typedef struct lsc_loop_report {
  const char *file;
  int line;
  int64_t n;
  const char *schedule; /* as lsc_schedule_format prints it */
  int alpha;
  const char *weights_source;
  const double *weights; /* per rank, 0 for a rank that does not execute; NULL: not applicable */
  double swr;            /* < 0 when no calibration ran */
  int threads;
  const char *inner;
  int master_participates;
  double wall;
  const char *reproducible; /* reproducible mode: "block=B blocks=N (source)"; NULL when off */
  const char *local_why;    /* the instance ran on rank 0 alone: why ("none (one rank)"); NULL otherwise */
  /* Array bytes moved between rank 0 and the workers for the instance, both ways: sent once and with the
   * chunks, and the results received (exec/master.h). bytes_counted is 0 where the data path does not count
   * them (pipelined loops, whose boundaries go from worker to worker): the summary prints "-" rather than a
   * figure nobody measured. */
  int bytes_counted;
  int64_t bytes_moved;
  const char *master_why;        /* why rank 0 computes or serves (exec/master_choice.h); NULL: not said */
  int64_t bytes_out, bytes_back; /* bytes_moved's two directions: rank 0 -> workers, workers -> rank 0 */
  /* Inside a data region (exec/region.h): the loop held arrays in the directory, and its workers sent each
   * other bytes_peer bytes (not in bytes_moved, which counts rank 0's traffic). */
  int in_region;
  int64_t bytes_peer;
  /* The loop grouped under sub-masters (exec/submaster.h): bytes_group moved inside the groups, summed over
   * the sub-masters (lsc_rank_stats.group_bytes), not in bytes_peer, which counts rank 0's orders. */
  int grouped;
  int64_t bytes_group;
} lsc_loop_report;

/* Load imbalance in percent: (max / mean - 1) * 100 of busy + idle over executing ranks; 0 when idle. */
double lsc_stats_imbalance(const lsc_rank_stats *ranks, int nranks);
void lsc_stats_print(FILE *out, const lsc_loop_report *r, const lsc_rank_stats *ranks, int nranks);
/* What LSC_STATS asks for once an instance ended: nothing, the table on stderr, or a row of the summary. */
void lsc_stats_report(lsc_stats_mode mode, const lsc_loop_report *r, const lsc_rank_stats *ranks, int nranks);
/* The line after the table of a loop with re-issue on (exec/reissue_master.h): why it is on, the copies
 * handed out and the results dropped (late copies, and messages of ended instances that came meanwhile). */
void lsc_stats_reissue(lsc_stats_mode mode, const char *source, int64_t reissued, int64_t dropped);

#endif
