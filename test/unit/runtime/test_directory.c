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
/* Whether a rank holds all of a range: as the newest writer or by a copy; a byte it lacks anywhere says no.
 */
static void test_all_held(void) {
  lsc_dir_map d;
  CHECK_EQ_INT(lsc_dir_init(&d, 100), 0);
  CHECK(lsc_dir_all_held(&d, 0, 100, 0) && !lsc_dir_all_held(&d, 0, 100, 1));
  CHECK_EQ_INT(lsc_dir_set(&d, 20, 40, 1, 1, 20), 0);
  CHECK(lsc_dir_all_held(&d, 20, 40, 1) && !lsc_dir_all_held(&d, 19, 40, 1) &&
        !lsc_dir_all_held(&d, 20, 41, 1));
  CHECK(!lsc_dir_all_held(&d, 0, 100, 0) && lsc_dir_all_held(&d, 40, 100, 0));
  CHECK_EQ_INT(lsc_dir_share(&d, 40, 60, 1), 0);
  CHECK(lsc_dir_all_held(&d, 20, 60, 1) && !lsc_dir_all_held(&d, 20, 61, 1));
  CHECK(lsc_dir_all_held(&d, 50, 50, 2)); /* an empty range */
  lsc_dir_free(&d);
}

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

static int same_lists(const lsc_dir_map *a, const lsc_dir_map *b) {
  if (a->count != b->count)
    return 0;
  for (size_t i = 0; i < a->count; i++) {
    const lsc_dir_seg *x = &a->segs[i], *y = &b->segs[i];
    if (x->lo != y->lo || x->hi != y->hi || x->rank != y->rank || x->instance != y->instance ||
        x->chunk != y->chunk || x->copies != y->copies)
      return 0;
  }
  return 1;
}

/* A footprint's ranges applied in one pass give the list that one call per range gives: row ranges with gaps
 * (fdtd_2d's `j - 1`), ranges across several ranges of the list, touching ranges, some past the array's end,
 * and an unsorted list (applied one by one). A pseudo-random sequence of shares and sets over 2000 rounds. */
static void test_ranges_match_one_by_one(void) {
  lsc_dir_map batched, single;
  CHECK_EQ_INT(lsc_dir_init(&batched, 10000), 0);
  CHECK_EQ_INT(lsc_dir_init(&single, 10000), 0);
  unsigned seed = 12345;
  lsc_dir_range r[40];
  for (int round = 0; round < 2000; round++) {
    size_t n = 0;
    uint64_t at = (seed = seed * 1103515245u + 12345u) % 300;
    while (n < 40 && at < 10400) {
      uint64_t len = 1 + (seed = seed * 1103515245u + 12345u) % 400;
      r[n++] = (lsc_dir_range){at, at + len};
      at += len + (seed = seed * 1103515245u + 12345u) % 3 * 50; /* gaps of 0, 50 or 100 bytes */
    }
    if (round % 97 == 0 && n > 2) { /* out of order: the one-by-one fallback */
      lsc_dir_range t = r[0];
      r[0] = r[n - 1];
      r[n - 1] = t;
    }
    int rank = (int)((seed = seed * 1103515245u + 12345u) % 5);
    if (round % 3 == 0) {
      CHECK_EQ_INT(lsc_dir_set_ranges(&batched, r, n, rank, round, (int64_t)r[0].lo), 0);
      for (size_t k = 0; k < n; k++)
        CHECK_EQ_INT(lsc_dir_set(&single, r[k].lo, r[k].hi, rank, round, (int64_t)r[0].lo), 0);
    } else {
      CHECK_EQ_INT(lsc_dir_share_ranges(&batched, r, n, rank), 0);
      for (size_t k = 0; k < n; k++)
        CHECK_EQ_INT(lsc_dir_share(&single, r[k].lo, r[k].hi, rank), 0);
    }
    CHECK(well_formed(&batched));
    if (!same_lists(&batched, &single)) {
      CHECK(0 && "one pass and one call per range disagree");
      break;
    }
  }
  CHECK_EQ_INT(lsc_dir_share_ranges(&batched, r, 0, 1), 0); /* no range: nothing changes */
  CHECK(same_lists(&batched, &single));
  lsc_dir_free(&batched);
  lsc_dir_free(&single);
}

int main(void) {
  RUN(test_set_splits_and_merges);
  RUN(test_copies);
  RUN(test_all_held);
  RUN(test_first_result_wins);
  RUN(test_ranges_match_one_by_one);
  return unit_result();
}
