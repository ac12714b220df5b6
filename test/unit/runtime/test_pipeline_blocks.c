/* Blocks of a pipelined nest in skewed coordinates (exec/pipeline/pipeline_blocks.h): pieces, first and last
 * blocks, which row ranges touch a block (against brute force), the width and its limits. */
#include "exec/pipeline/pipeline_blocks.h"
#include "unit.h"

static lsc_block_grid grid(int64_t n1, int64_t n2, int64_t skew, int64_t h) {
  lsc_block_grid g;
  CHECK_EQ_INT(lsc_block_grid_init(&g, n1, n2, skew, h), 0);
  return g;
}

static void expect_piece(const lsc_block_grid *g, int64_t k1, int64_t b, int nonempty, int64_t lo,
                         int64_t hi) {
  int64_t got_lo, got_hi;
  CHECK_EQ_INT(lsc_block_piece(g, k1, b, &got_lo, &got_hi), nonempty);
  if (nonempty) {
    CHECK_EQ_INT(got_lo, lo);
    CHECK_EQ_INT(got_hi, hi);
  }
}

static void test_rectangular_blocks(void) {
  lsc_block_grid g = grid(4, 10, 0, 4);
  CHECK_EQ_INT(g.width, 10);
  expect_piece(&g, 0, 0, 1, 0, 4);
  expect_piece(&g, 3, 1, 1, 4, 8);
  expect_piece(&g, 2, 2, 1, 8, 10); /* the last block is partial */
  expect_piece(&g, 2, 3, 0, 0, 0);
  CHECK_EQ_INT(lsc_block_first(&g, 3), 0);
  CHECK_EQ_INT(lsc_block_last(&g, 3), 2);
}

static void test_skewed_blocks(void) {
  /* Floyd-Steinberg's skew 1: block b of row k1 is k2 in [b*h - k1, (b+1)*h - k1). */
  lsc_block_grid g = grid(5, 6, 1, 3);
  CHECK_EQ_INT(g.width, 10);
  expect_piece(&g, 0, 0, 1, 0, 3);
  expect_piece(&g, 1, 0, 1, 0, 2);
  expect_piece(&g, 3, 0, 0, 0, 0);
  expect_piece(&g, 3, 1, 1, 0, 3);
  expect_piece(&g, 4, 3, 1, 5, 6);
  CHECK_EQ_INT(lsc_block_first(&g, 4), 1);
  CHECK_EQ_INT(lsc_block_last(&g, 4), 3);
  /* Skew 2 over one column: every row its own block when h = 1, with gaps between rows. */
  lsc_block_grid narrow = grid(4, 1, 2, 1);
  CHECK_EQ_INT(narrow.width, 7);
  CHECK_EQ_INT(lsc_block_first(&narrow, 3), 6);
  CHECK_EQ_INT(lsc_block_last(&narrow, 3), 6);
  CHECK_EQ_INT(lsc_block_rows_touch(&narrow, 0, 4, 1), 0);
  CHECK_EQ_INT(lsc_block_rows_touch(&narrow, 0, 4, 2), 1);
}

/* Every row's pieces over all blocks cover [0, n2) once, in ascending order, and rows_touch agrees with
 * looking at every row. */
static void test_against_brute_force(void) {
  for (int64_t n1 = 1; n1 <= 6; n1++)
    for (int64_t n2 = 1; n2 <= 7; n2++)
      for (int64_t skew = 0; skew <= 3; skew++)
        for (int64_t h = 1; h <= 12; h++) {
          lsc_block_grid g = grid(n1, n2, skew, h);
          int64_t blocks = (g.width + g.h - 1) / g.h;
          for (int64_t k1 = 0; k1 < n1; k1++) {
            int64_t next = 0;
            for (int64_t b = 0; b < blocks; b++) {
              int64_t lo, hi;
              int in = lsc_block_piece(&g, k1, b, &lo, &hi);
              CHECK_EQ_INT(in, lsc_block_first(&g, k1) <= b && b <= lsc_block_last(&g, k1));
              if (in) {
                CHECK_EQ_INT(lo, next);
                next = hi;
              }
            }
            CHECK_EQ_INT(next, n2);
          }
          for (int64_t r0 = 0; r0 <= n1; r0++)
            for (int64_t r1 = r0; r1 <= n1; r1++)
              for (int64_t b = 0; b < blocks; b++) {
                int any = 0;
                for (int64_t r = r0; r < r1; r++) {
                  int64_t lo, hi;
                  any |= lsc_block_piece(&g, r, b, &lo, &hi);
                }
                CHECK_EQ_INT(lsc_block_rows_touch(&g, r0, r1, b), any);
              }
        }
}

static void test_width_and_limits(void) {
  lsc_block_grid g = grid(3, 5, 0, 1000); /* h beyond the width: one block */
  CHECK_EQ_INT(g.h, 5);
  CHECK_EQ_INT(lsc_block_last(&g, 2), 0);
  CHECK_EQ_INT(lsc_block_width(1, LSC_PIPELINE_MAX_WIDTH, 7), LSC_PIPELINE_MAX_WIDTH);
  CHECK_EQ_INT(lsc_block_width(2, LSC_PIPELINE_MAX_WIDTH, 1), -1);
  CHECK_EQ_INT(lsc_block_width(3, 10, INT64_MAX / 2), -1);
  CHECK_EQ_INT(lsc_block_width(0, 10, 0), -1);
  CHECK_EQ_INT(lsc_block_width(10, 0, 0), -1);
  CHECK_EQ_INT(lsc_block_width(10, 5, -1), -1);
  lsc_block_grid bad;
  CHECK_EQ_INT(lsc_block_grid_init(&bad, 3, 5, 0, 0), -1);
  CHECK_EQ_INT(lsc_block_grid_init(&bad, 3, 5, 0, -4), -1);
  CHECK_EQ_INT(lsc_block_grid_init(&bad, 0, 5, 0, 1), -1);
}

int main(void) {
  RUN(test_rectangular_blocks);
  RUN(test_skewed_blocks);
  RUN(test_against_brute_force);
  RUN(test_width_and_limits);
  return unit_result();
}
