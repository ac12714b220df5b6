/* pipeline_sync.h - the synchronization interval h of a pipelined loop: sync(h) as given, or sync(auto),
 * [ciorba-hopt]'s h_opt from costs measured on the spot (docs/pipeline.md, "sync(h) and sync(auto)"). */
#ifndef LSC_EXEC_PIPELINE_SYNC_H
#define LSC_EXEC_PIPELINE_SYNC_H

#include "config/sync.h"
#include "exec/master.h"
#include "exec/pipeline/pipeline.h"

#include <stdint.h>

/* Rank 0 with workers, after the planner exists and LOOP and PIPE went out: takes LSC_SYNC (which
 * overrides the clause), measures and models when auto, and fills out. Fatal on a bad sync text. */
void lsc_pipeline_choose_h(lsc_master *m, const lsc_pipeline_site *site, const lsc_pipe_nest *nest,
                           lsc_pipe_sync *out);
/* One rank: what the clause or LSC_SYNC says, for LSC_STATS only (the order is sequential anyway). */
void lsc_pipeline_local_h(const lsc_pipeline_site *site, int64_t width, lsc_pipe_sync *out);

#endif
