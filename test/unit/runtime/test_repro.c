/* Reproducible mode's pure parts (data/repro.h): the block size rule (a function of the trip count only), the
 * ranges of blocks, which chunks are whole blocks, and rank 0's table of block partials with its arrived bits
 * (a second arrival is counted and leaves the first copy). */
#include "data/repro.h"
#include "unit.h"

#include <stdint.h>

static void test_block_size_rule(void) {
  lsc_repro_blocks bl = lsc_repro_blocks_of(0, 0);
  CHECK(bl.n == 0 && bl.size == 1 && bl.count == 0);
  bl = lsc_repro_blocks_of(1, 0);
  CHECK(bl.size == 1 && bl.count == 1);
  bl = lsc_repro_blocks_of(LSC_REPRO_MAX_BLOCKS, 0);
  CHECK(bl.size == 1 && bl.count == LSC_REPRO_MAX_BLOCKS);
  bl = lsc_repro_blocks_of(LSC_REPRO_MAX_BLOCKS + 1, 0); /* one more iteration: blocks of 2 */
  CHECK(bl.size == 2 && bl.count == LSC_REPRO_MAX_BLOCKS / 2 + 1);
  bl = lsc_repro_blocks_of(1000000, 0);
  CHECK_EQ_INT(bl.size, 245); /* ceil(10^6 / 4096) */
  CHECK_EQ_INT(bl.count, 4082);
  bl = lsc_repro_blocks_of(INT64_MAX, 0);
  CHECK(bl.count <= LSC_REPRO_MAX_BLOCKS && bl.count >= LSC_REPRO_MAX_BLOCKS - 1);
  CHECK(bl.size == INT64_MAX / LSC_REPRO_MAX_BLOCKS + 1);
  /* Never more than LSC_REPRO_MAX_BLOCKS blocks, and B the smallest size that gives it. */
  for (int64_t n = 1; n < 40000; n += 37) {
    bl = lsc_repro_blocks_of(n, 0);
    CHECK(bl.count <= LSC_REPRO_MAX_BLOCKS &&
          (bl.size == 1 || (n - 1) / (bl.size - 1) + 1 > LSC_REPRO_MAX_BLOCKS));
    CHECK(bl.count == (n + bl.size - 1) / bl.size);
  }
  /* A size given is kept, whatever n; negative or 0 asks for the rule. */
  bl = lsc_repro_blocks_of(10, 4);
  CHECK(bl.size == 4 && bl.count == 3);
  bl = lsc_repro_blocks_of(10, 100);
  CHECK(bl.size == 100 && bl.count == 1);
  bl = lsc_repro_blocks_of(10, -3);
  CHECK(bl.size == 1 && bl.count == 10);
  bl = lsc_repro_blocks_of(INT64_MAX, INT64_C(1) << 62);
  CHECK(bl.count == 2 && lsc_repro_block_end(&bl, 1) == INT64_MAX);
}

static void test_block_ranges(void) {
  lsc_repro_blocks bl = lsc_repro_blocks_of(10, 4); /* [0,4) [4,8) [8,10) */
  CHECK_EQ_INT(lsc_repro_block_start(&bl, 0), 0);
  CHECK_EQ_INT(lsc_repro_block_end(&bl, 0), 4);
  CHECK_EQ_INT(lsc_repro_block_start(&bl, 2), 8);
  CHECK_EQ_INT(lsc_repro_block_end(&bl, 2), 10); /* the last block is short */
  CHECK_EQ_INT(lsc_repro_block_of(&bl, 3), 0);
  CHECK_EQ_INT(lsc_repro_block_of(&bl, 4), 1);
  CHECK_EQ_INT(lsc_repro_block_of(&bl, 9), 2);
  CHECK(lsc_repro_whole_blocks(&bl, 0, 10));
  CHECK(lsc_repro_whole_blocks(&bl, 4, 8));
  CHECK(lsc_repro_whole_blocks(&bl, 8, 10));
  CHECK(lsc_repro_whole_blocks(&bl, 4, 10));
  CHECK(!lsc_repro_whole_blocks(&bl, 0, 5));
  CHECK(!lsc_repro_whole_blocks(&bl, 2, 8));
  CHECK(!lsc_repro_whole_blocks(&bl, 4, 4));  /* empty */
  CHECK(!lsc_repro_whole_blocks(&bl, 8, 12)); /* past n */
  CHECK(!lsc_repro_whole_blocks(&bl, -4, 4));
  int64_t first;
  CHECK_EQ_INT(lsc_repro_blocks_in(&bl, 0, 10, &first), 3);
  CHECK_EQ_INT(first, 0);
  CHECK_EQ_INT(lsc_repro_blocks_in(&bl, 4, 10, &first), 2);
  CHECK_EQ_INT(first, 1);
  CHECK_EQ_INT(lsc_repro_blocks_in(&bl, 5, 6, &first), 1); /* a piece inside a block meets that block */
  CHECK_EQ_INT(first, 1);
  CHECK_EQ_INT(lsc_repro_blocks_in(&bl, 3, 9, &first), 3);
  CHECK_EQ_INT(lsc_repro_blocks_in(&bl, 6, 6, &first), 0);
}

/* The blocks cover [0, n) exactly once, in order, whatever n and B: every iteration is in one block. */
static void test_blocks_tile_the_loop(void) {
  for (int64_t n = 0; n < 300; n += 7)
    for (int64_t b = 0; b < 40; b += 3) {
      lsc_repro_blocks bl = lsc_repro_blocks_of(n, b);
      int64_t at = 0;
      for (int64_t k = 0; k < bl.count; k++) {
        CHECK(lsc_repro_block_start(&bl, k) == at);
        at = lsc_repro_block_end(&bl, k);
        CHECK(at > lsc_repro_block_start(&bl, k));
      }
      CHECK(at == n);
    }
}

static void test_table(void) {
  lsc_repro_table t;
  CHECK_EQ_INT(lsc_repro_table_init(&t, 20, sizeof(double)), 0);
  CHECK_EQ_INT(t.missing, 20);
  double three[3] = {1.5, 2.5, 3.5};
  CHECK_EQ_INT(lsc_repro_table_store(&t, 7, 3, three), 0); /* blocks 7, 8 (across a byte of bits), 9 */
  CHECK_EQ_INT(t.missing, 17);
  CHECK(!lsc_repro_table_arrived(&t, 6) && lsc_repro_table_arrived(&t, 7) && lsc_repro_table_arrived(&t, 8) &&
        lsc_repro_table_arrived(&t, 9) && !lsc_repro_table_arrived(&t, 10));
  double got;
  memcpy(&got, lsc_repro_table_partial(&t, 8), sizeof got);
  CHECK(got == 2.5);
  /* A second arrival of blocks 8 and 9 (a chunk run twice) is counted; the first copies stay, block 10 is
   * new. */
  double again[3] = {-1.0, -2.0, 4.5};
  CHECK_EQ_INT(lsc_repro_table_store(&t, 8, 3, again), 2);
  memcpy(&got, lsc_repro_table_partial(&t, 8), sizeof got);
  CHECK(got == 2.5);
  memcpy(&got, lsc_repro_table_partial(&t, 10), sizeof got);
  CHECK(got == 4.5);
  CHECK_EQ_INT(t.missing, 16);
  /* Outside the table: nothing stored. */
  CHECK_EQ_INT(lsc_repro_table_store(&t, 19, 2, three), -1);
  CHECK_EQ_INT(lsc_repro_table_store(&t, -1, 1, three), -1);
  CHECK(!lsc_repro_table_arrived(&t, 19) && !lsc_repro_table_arrived(&t, -1) &&
        !lsc_repro_table_arrived(&t, 20));
  CHECK_EQ_INT(t.missing, 16);
  lsc_repro_table_free(&t);
  CHECK(t.partials == NULL && t.arrived == NULL);
  /* No reductions: the arrived bits still work. An empty loop has an empty table. */
  CHECK_EQ_INT(lsc_repro_table_init(&t, 3, 0), 0);
  CHECK_EQ_INT(lsc_repro_table_store(&t, 0, 3, NULL), 0);
  CHECK_EQ_INT(t.missing, 0);
  lsc_repro_table_free(&t);
  CHECK_EQ_INT(lsc_repro_table_init(&t, 0, 8), 0);
  CHECK_EQ_INT(t.missing, 0);
  lsc_repro_table_free(&t);
  CHECK_EQ_INT(lsc_repro_table_init(&t, INT64_MAX, 16), -1); /* does not fit: refused, not wrapped */
}

int main(void) {
  RUN(test_block_size_rule);
  RUN(test_block_ranges);
  RUN(test_blocks_tile_the_loop);
  RUN(test_table);
  return unit_result();
}
