/* summary.h - LSC_STATS=1: rank 0 keeps a few totals per loop site as each instance ends, and prints one
 * table of them, a row per site, when the program ends (exec/capture.c, lsc_finalize). A code that runs a
 * loop a thousand times gets one row for it instead of a thousand tables (LSC_STATS=each keeps those). */
#ifndef LSC_OBS_SUMMARY_H
#define LSC_OBS_SUMMARY_H

#include "obs/stats.h"

#include <stdio.h>

/* Adds one finished instance to its site's row (sites are told apart by file and line). */
void lsc_summary_add(const lsc_loop_report *r, const lsc_rank_stats *ranks, int nranks);
/* The table, in the order the sites first ran, then a note per site with instances that ran on rank 0 alone
 * and why; "no parallel loop ran" when none did. nranks: the run's ranks, for the heading. */
void lsc_summary_print(FILE *out, int nranks);
/* Forgets every row (the unit tests run several summaries in one process). */
void lsc_summary_reset(void);

#endif
