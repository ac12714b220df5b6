#include "exec/pipeline/pipeline_blocks.h"

int64_t lsc_block_width(int64_t n1, int64_t n2, int64_t skew) {
  if (n1 < 1 || n2 < 1 || skew < 0)
    return -1;
  /* Compare by division so the check itself cannot overflow. */
  if (skew > 0 && n1 - 1 > (LSC_PIPELINE_MAX_WIDTH - n2) / skew)
    return -1;
  int64_t width = n2 + skew * (n1 - 1);
  return width > LSC_PIPELINE_MAX_WIDTH ? -1 : width;
}

int lsc_block_grid_init(lsc_block_grid *g, int64_t n1, int64_t n2, int64_t skew, int64_t h) {
  int64_t width = lsc_block_width(n1, n2, skew);
  if (width < 0 || h < 1)
    return -1;
  *g = (lsc_block_grid){n1, n2, skew, h < width ? h : width, width};
  return 0;
}

int lsc_block_piece(const lsc_block_grid *g, int64_t k1, int64_t b, int64_t *lo, int64_t *hi) {
  int64_t shift = g->skew * k1;
  int64_t start = b * g->h - shift, end = (b + 1) * g->h - shift;
  *lo = start < 0 ? 0 : start;
  *hi = end > g->n2 ? g->n2 : end;
  return *lo < *hi;
}

int64_t lsc_block_first(const lsc_block_grid *g, int64_t k1) {
  return g->skew * k1 / g->h;
}

int64_t lsc_block_last(const lsc_block_grid *g, int64_t k1) {
  return (g->n2 - 1 + g->skew * k1) / g->h;
}

/* Both ends of a row's block range grow with k1, so the row of [r0, r1) that reaches furthest right among
 * those starting at or before b is the last of them: a binary search, however many rows the range has. */
int lsc_block_rows_touch(const lsc_block_grid *g, int64_t r0, int64_t r1, int64_t b) {
  if (r0 >= r1 || lsc_block_first(g, r0) > b)
    return 0;
  int64_t lo = r0, hi = r1 - 1; /* first(lo) <= b; find the largest such row */
  while (lo < hi) {
    int64_t mid = lo + (hi - lo + 1) / 2;
    if (lsc_block_first(g, mid) <= b)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lsc_block_last(g, lo) >= b;
}
