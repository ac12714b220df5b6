/* late_ranks.h - rank 0's memory of workers that are behind: loop instances are numbered, every message of a
 * `parallel for` carries its instance, and with re-issue an instance may end while a worker still computes a
 * copy nobody needs (stopped, very slow, or dead). Such a worker is "late": it still owes that instance's
 * FINAL, and rank 0 keeps the memory its unfinished sends to it use. Its messages of ended instances are
 * recognised and dropped whenever rank 0 next listens (the next instance), and collected at the latest before
 * a pipelined nest (whose protocol has no instance numbers) and before the workers are released. */
#ifndef LSC_EXEC_LATE_RANKS_H
#define LSC_EXEC_LATE_RANKS_H

#include "data/buffer.h"

#include <mpi.h>
#include <stdint.h>

/* The number of the instance that starts now (1, 2, ...), on rank 0. */
int64_t lsc_late_next_instance(void);

/* Rank `rank` ended instance `instance` (of the loop at file:line) late: its FINAL comes later. Takes the
 * requests (copied by value, the originals set to MPI_REQUEST_NULL) and the memory `owned` (freed once they
 * all completed, NULL allowed) of sends to it that may still be under way. */
void lsc_late_keep(int rank, int64_t instance, const char *file, int line, MPI_Request *reqs, size_t count,
                   void *owned);
/* The same for sends to a rank that is not (yet) late: an ASSIGN still on its way when the next one to the
 * same worker goes out (a stopped worker must not stop rank 0). */
void lsc_late_keep_sends(MPI_Request *reqs, size_t count, void *owned);
/* Frees what kept sends no longer use (tests, never waits). */
void lsc_late_progress(void);
/* Whether a rank still owes the FINAL of an ended instance. */
int lsc_late_owes(int rank);

/* If `msg` (tag `tag`, from `rank`) belongs to an instance before `current`, drops it -- a RESULT with its
 * large spans, received into scratch memory, never into the program's arrays -- and returns 1; else 0.
 * *dropped_results is increased by the RESULTs dropped. */
int lsc_late_message(int rank, int tag, const lsc_buffer *msg, int64_t current, int64_t *dropped_results);
/* Receives and drops the `bytes` of large spans that follow a dropped RESULT of `rank` (chunk_data_io.h). */
void lsc_late_drain_spans(int rank, int64_t bytes);
/* Whether worker `rank` is known dead: its process, on rank 0's host, is gone (or a zombie). A rank on
 * another host is never known dead. Rank 0 asks only after a long silence. */
int lsc_late_rank_dead(int rank);
/* Whether lsc_late_report_dead reported it. */
int lsc_late_known_dead(int rank);
/* Prints, once per rank, lsc's line naming the dead rank and the loop, and what happens now. */
void lsc_late_report_dead(int rank, const char *file, int line, const char *what);
/* How long rank 0 waits for a message before it looks for dead ranks (seconds). */
#define LSC_DEAD_CHECK_SECONDS 1.0

/* Waits until every late rank has sent the FINAL it owes, dropping its messages meanwhile: before a pipelined
 * nest and before the workers are released. A stopped rank makes this wait until it continues; a dead one is
 * reported and forgotten. */
void lsc_late_collect_all(void);

#endif
