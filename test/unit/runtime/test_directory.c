/* The data directory of one array (data/directory.h): ranges that cover it in order, set by writes, shared
 * by copies, the first result of a chunk recognised when it comes again. */
#include "data/directory.h"
#include "unit.h"

/* The list covers [0, bytes) without gaps or overlaps, neighbours of the same holder and writer merged. */
static int well_formed(const lsc_dir_map *d) {
  uint64_t at = 0;
  for (size_t i = 0; i < d->count; i++) {
    if (d->segs[i].lo != at || d->segs[i].hi <= d->segs[i].lo)
      return 0;
    at = d->segs[i].hi;
  }
  return at == d->bytes;
}

static int holder_at(const lsc_dir_map *d, uint64_t at) {
  return d->segs[lsc_dir_find(d, at)].rank;
}

static void test_set_splits_and_merges(void) {
  lsc_dir_map d;
  CHECK_EQ_INT(lsc_dir_init(&d, 1000), 0);
  CHECK_EQ_INT((long long)d.count, 1);
  CHECK_EQ_INT(lsc_dir_away(&d, 0, 1000), 0);
  CHECK_EQ_INT(lsc_dir_set(&d, 100, 200, 1, 7, 25), 0);
  CHECK(well_formed(&d));
  CHECK_EQ_INT((long long)d.count, 3);
  CHECK_EQ_INT(holder_at(&d, 99), 0);
  CHECK_EQ_INT(holder_at(&d, 100), 1);
  CHECK_EQ_INT(holder_at(&d, 199), 1);
  CHECK_EQ_INT(holder_at(&d, 200), 0);
  CHECK_EQ_INT(lsc_dir_away(&d, 0, 100), 0);
  CHECK_EQ_INT(lsc_dir_away(&d, 150, 151), 1);
  /* A second chunk next to it: another writer, so two ranges; then rank 0 gets all back and one remains. */
  CHECK_EQ_INT(lsc_dir_set(&d, 200, 300, 1, 7, 50), 0);
  CHECK(well_formed(&d));
  CHECK_EQ_INT((long long)d.count, 4);
  CHECK_EQ_INT(lsc_dir_set(&d, 50, 990, 2, 8, 0), 0);
  CHECK(well_formed(&d));
  CHECK_EQ_INT((long long)d.count, 3);
  CHECK_EQ_INT(lsc_dir_set(&d, 0, 5000, 0, -1, -1), 0); /* clipped to the array */
  CHECK(well_formed(&d));
  CHECK_EQ_INT((long long)d.count, 1);
  lsc_dir_free(&d);
}

static void test_copies(void) {
  lsc_dir_map d;
  CHECK_EQ_INT(lsc_dir_init(&d, 100), 0);
  CHECK_EQ_INT(lsc_dir_set(&d, 0, 50, 1, 1, 0), 0);
  CHECK_EQ_INT(lsc_dir_has(&d.segs[0], 1), 1);
  CHECK_EQ_INT(lsc_dir_has(&d.segs[0], 0), 0);
  /* Rank 2 receives [40, 60): half from rank 1's range, half from rank 0's. */
  CHECK_EQ_INT(lsc_dir_share(&d, 40, 60, 2), 0);
  CHECK(well_formed(&d));
  CHECK_EQ_INT(lsc_dir_has(&d.segs[lsc_dir_find(&d, 45)], 2), 1);
  CHECK_EQ_INT(lsc_dir_has(&d.segs[lsc_dir_find(&d, 45)], 1), 1);
  CHECK_EQ_INT(lsc_dir_has(&d.segs[lsc_dir_find(&d, 55)], 2), 1);
  CHECK_EQ_INT(lsc_dir_has(&d.segs[lsc_dir_find(&d, 55)], 0), 1);
  CHECK_EQ_INT(lsc_dir_has(&d.segs[lsc_dir_find(&d, 39)], 2), 0);
  CHECK_EQ_INT(lsc_dir_has(&d.segs[lsc_dir_find(&d, 60)], 2), 0);
  /* A write drops every other copy. */
  CHECK_EQ_INT(lsc_dir_set(&d, 50, 55, 3, 2, 50), 0);
  CHECK_EQ_INT(lsc_dir_has(&d.segs[lsc_dir_find(&d, 52)], 2), 0);
  CHECK_EQ_INT(lsc_dir_has(&d.segs[lsc_dir_find(&d, 52)], 0), 0);
  CHECK_EQ_INT(lsc_dir_has(&d.segs[lsc_dir_find(&d, 52)], 3), 1);
  CHECK_EQ_INT(lsc_dir_away(&d, 55, 100), 0);
  CHECK(well_formed(&d));
  lsc_dir_free(&d);
}

/* Re-issue: the first result of chunk c of instance k wins, a second is one check away. */
static void test_first_result_wins(void) {
  lsc_dir_map d;
  CHECK_EQ_INT(lsc_dir_init(&d, 800), 0);
  CHECK_EQ_INT(lsc_dir_written_by(&d, 0, -1, -1), 0); /* rank 0's start is nobody's result */
  CHECK_EQ_INT(lsc_dir_written_by(&d, 80, 3, 10), 0);
  CHECK_EQ_INT(lsc_dir_set(&d, 80, 160, 2, 3, 10), 0);
  CHECK_EQ_INT(lsc_dir_written_by(&d, 80, 3, 10), 1);
  CHECK_EQ_INT(lsc_dir_written_by(&d, 80, 4, 10), 0); /* the next instance's chunk 10 is another */
  CHECK_EQ_INT(lsc_dir_written_by(&d, 80, 3, 20), 0);
  lsc_dir_free(&d);
}

int main(void) {
  RUN(test_set_splits_and_merges);
  RUN(test_copies);
  RUN(test_first_result_wins);
  return unit_result();
}
