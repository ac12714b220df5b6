/* pipeline_blocks.h - the blocks of a pipelined nest in skewed coordinates (include/lsc.h): block b of row k1
 * holds k2 in [b*h - skew*k1, (b+1)*h - skew*k1) clipped to [0, n2). Pure arithmetic, shared by the master
 * (sync(auto)), the workers and the unit tests; both ends of an exchange compute the same blocks, so block
 * ranges never travel. */
#ifndef LSC_EXEC_PIPELINE_BLOCKS_H
#define LSC_EXEC_PIPELINE_BLOCKS_H

#include <stdint.h>

/* Widths up to this many skewed columns keep every product below in int64_t. */
#define LSC_PIPELINE_MAX_WIDTH ((int64_t)1 << 62)

typedef struct lsc_block_grid {
  int64_t n1, n2, skew;
  int64_t h;     /* >= 1, at most width */
  int64_t width; /* skewed columns: n2 + skew * (n1 - 1) */
} lsc_block_grid;

/* Fills g; h beyond the width becomes the width (one block). Returns 0, or -1 when n1 or n2 is not positive,
 * skew or h is out of range, or the skewed width exceeds LSC_PIPELINE_MAX_WIDTH. */
int lsc_block_grid_init(lsc_block_grid *g, int64_t n1, int64_t n2, int64_t skew, int64_t h);
/* The skewed width of a nest, or -1 when it exceeds LSC_PIPELINE_MAX_WIDTH (or an argument is negative). */
int64_t lsc_block_width(int64_t n1, int64_t n2, int64_t skew);
/* Row k1's piece of block b, [*lo, *hi); returns 1 when it is not empty. */
int lsc_block_piece(const lsc_block_grid *g, int64_t k1, int64_t b, int64_t *lo, int64_t *hi);
/* The first and last block in which row k1 has columns. */
int64_t lsc_block_first(const lsc_block_grid *g, int64_t k1);
int64_t lsc_block_last(const lsc_block_grid *g, int64_t k1);
/* Whether some row of [r0, r1) has columns in block b (no row when r0 >= r1). */
int lsc_block_rows_touch(const lsc_block_grid *g, int64_t r0, int64_t r1, int64_t b);

#endif
