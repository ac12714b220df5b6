/* repro.h - reproducible reductions: the blocks a loop's iterations are cut into, and rank 0's table of one
 * partial per block.
 *
 * Floating-point reductions give the same bits only when the same operations run in the same order. So in
 * reproducible mode a partial belongs to a block of iterations, not to a rank: block b is the fixed range
 * [b*B, min((b+1)*B, n)), its partial is the body run over that block alone from the operator's identity, and
 * rank 0 combines the user's value with the partials in block order. B depends on the trip count alone (or is
 * the user's), never on the ranks, the schedule or the timing, so neither can change a bit of the result.
 *
 * The table is indexed by block and remembers which blocks arrived (one bit each): a block that arrives twice
 * (a chunk run again for a straggler) is seen, and its first copy stays. Pure: no MPI, used by the master,
 * the local run and the unit tests.
 */
#ifndef LSC_DATA_REPRO_H
#define LSC_DATA_REPRO_H

#include <stddef.h>
#include <stdint.h>

/* With the block size left to the runtime, a loop has at most this many blocks: few enough that rank 0's
 * table and the blocks' messages cost nothing next to the loop, many enough that any schedule still has
 * chunks to balance (a block is the smallest chunk in this mode). */
#define LSC_REPRO_MAX_BLOCKS 4096

typedef struct lsc_repro_blocks {
  int64_t n;     /* trip count                                */
  int64_t size;  /* B: iterations per block (the last may be short) */
  int64_t count; /* blocks: ceil(n / B), 0 for an empty loop  */
} lsc_repro_blocks;

/* The blocks of a loop of n >= 0 iterations: of `requested` iterations when > 0, else the smallest size that
 * gives at most LSC_REPRO_MAX_BLOCKS blocks, ceil(n / LSC_REPRO_MAX_BLOCKS) (at least 1). */
lsc_repro_blocks lsc_repro_blocks_of(int64_t n, int64_t requested);
/* The iterations of block b (0 <= b < count): [start, end). */
int64_t lsc_repro_block_start(const lsc_repro_blocks *bl, int64_t b);
int64_t lsc_repro_block_end(const lsc_repro_blocks *bl, int64_t b);
/* The block holding iteration k (0 <= k < n). */
int64_t lsc_repro_block_of(const lsc_repro_blocks *bl, int64_t k);
/* Whether [lo, hi) with 0 <= lo < hi <= n is whole blocks: both ends on block boundaries (n is one). */
int lsc_repro_whole_blocks(const lsc_repro_blocks *bl, int64_t lo, int64_t hi);
/* The blocks [lo, hi) meets: the first, and how many (0 when the range is empty). */
int64_t lsc_repro_blocks_in(const lsc_repro_blocks *bl, int64_t lo, int64_t hi, int64_t *first);

typedef struct lsc_repro_table {
  int64_t count;           /* blocks                                                        */
  size_t bytes;            /* one block's partials: each reduction var's value, in var order */
  unsigned char *partials; /* count * bytes, block b at b * bytes                           */
  unsigned char *arrived;  /* one bit per block: its partial is in the table                */
  int64_t missing;         /* blocks whose partial has not arrived                          */
} lsc_repro_table;

/* 0, or -1 when memory runs out or count * bytes does not fit. */
int lsc_repro_table_init(lsc_repro_table *t, int64_t count, size_t bytes);
/* Takes the partials of blocks [first, first + k), k * bytes at src, for every block that had not arrived; a
 * block that had keeps its first copy. Returns how many of the k had arrived before (0 when all are new), or
 * -1, storing nothing, when the range is not inside the table. */
int64_t lsc_repro_table_store(lsc_repro_table *t, int64_t first, int64_t k, const void *src);
int lsc_repro_table_arrived(const lsc_repro_table *t, int64_t b);
const unsigned char *lsc_repro_table_partial(const lsc_repro_table *t, int64_t b);
void lsc_repro_table_free(lsc_repro_table *t);

#endif
