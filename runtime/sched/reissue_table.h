/* reissue_table.h - the inside of re-issue's table (sched/reissue.c keeps the chunks and whole copies,
 * sched/reissue_split.c the split parts carved off a chunk's tail); private to those two files. */
#ifndef LSC_SCHED_REISSUE_TABLE_H
#define LSC_SCHED_REISSUE_TABLE_H

#include "lsc_sched.h"

/* Why a chunk may be neither copied nor split for now. Each reason is set and cleared on its own. */
enum {
  REISSUE_HOLD_RECEIVING = 1u, /* its holder may not have all its inputs yet (lsc_reissue_receiving) */
  REISSUE_HOLD_SAMPLE = 2u,    /* a calibration sample the calibration still waits for (reissue_sample.c) */
};

/* One chunk handed out: a first-hand chunk, or a split part carved off one (parent >= 0). Parts of a
 * first-hand chunk are disjoint and cover [cut, end) of it; they are never split again, so the tree has two
 * levels and the parts of a chunk are a list. */
typedef struct reissue_entry {
  lsc_chunk chunk;
  double handed_at, expected; /* lsc_reissue_paced: when the first copy went out, its expected run time */
  int64_t ahead;              /* iterations its first holder held before it (they run first) */
  int64_t parent;             /* a split part: the chunk it was carved from; else -1 */
  int64_t cut;                /* [cut, end) is carved off as parts; the end when nothing is */
  int64_t covered;            /* iterations of its parts applied, or claimed by rank 0 */
  int64_t first_part;         /* its newest part, -1 when none; parts link through next_part */
  int64_t next_part;
  int done;
  unsigned hold; /* REISSUE_HOLD_* reasons set: while any is, the chunk is neither copied nor split */
  int counted;   /* its own result was applied, or rank 0 claimed it (runs it in place) */
  int copies;    /* running or finished copies, the first hand-out included */
  int holders[LSC_REISSUE_MAX_COPIES]; /* the workers of those copies */
} reissue_entry;

/* The table: chunks in hand-out order, and an open-addressing index from a first-hand chunk's start to its
 * id. The oldest chunk not done is found from a cursor that only moves forward past done chunks, so a pick
 * costs O(1) amortised when copies go to the oldest, as they do. */
struct lsc_reissue_table {
  int max_copies;
  reissue_entry *entries;
  int64_t count, cap, oldest, outstanding, copies, parts;
  int64_t *index; /* slot -> id + 1, 0 empty; size index_cap, a power of two */
  int64_t index_cap;
};

int lsc_reissue_holds(const reissue_entry *e, int worker);
/* Whether `worker` holds e or an entry overlapping it (its parent, or one of its parts): a whole copy of e
 * would then run iterations it computes anyway, and a sub-master, whose arrays hold all its group chunks
 * at once, would compute an in-place update twice over (exec/submaster.c). */
int lsc_reissue_holds_any(const lsc_reissue_table *t, const reissue_entry *e, int worker);
/* Sets (on != 0) or clears one REISSUE_HOLD_* reason of entry id; ids out of the table are ignored. */
void lsc_reissue_set_hold(lsc_reissue_table *t, int64_t id, unsigned reason, int on);
int lsc_reissue_running(const lsc_reissue_table *t, const reissue_entry *e);
void lsc_reissue_skip_done(lsc_reissue_table *t);
/* Marks e done (its parts too: their results are dropped from now on) and counts it out of outstanding. */
void lsc_reissue_mark_done(lsc_reissue_table *t, reissue_entry *e);
/* Appends an entry (grows the array); NULL when out of memory. */
reissue_entry *lsc_reissue_append(lsc_reissue_table *t);

#endif
