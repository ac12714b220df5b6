/* Split copies, the pure rules of runtime/sched/reissue_split.c against hand-computed cases: where the holder
 * is estimated to be, which tail part an asker gets (shared among the ranks, never below the minimum, on
 * whole blocks), the median rank's pace, and the table's bookkeeping -- the chunk with the largest rest
 * first, rank 0's claim, a whole result after some parts bringing only the rest, every result after the
 * iterations are applied dropped. */
#include "sched_check.h"

static lsc_reissue_view view(int64_t start, int64_t size, int64_t cut, int64_t ahead, double elapsed,
                             double expected) {
  return (lsc_reissue_view){start, size, cut, ahead, elapsed, expected};
}

static void test_reached(void) {
  lsc_reissue_view v = view(0, 100, 100, 0, 0.5, 1.0);
  CHECK_EQ_INT(lsc_reissue_reached(&v), 50); /* half its time: half its iterations */
  v = view(0, 100, 100, 100, 0.5, 1.0);
  CHECK_EQ_INT(lsc_reissue_reached(&v), 0); /* still on the 100 it held before: 0.5 x 200 - 100 */
  v = view(0, 100, 100, 100, 0.75, 1.0);
  CHECK_EQ_INT(lsc_reissue_reached(&v), 50); /* 0.75 x 200 - 100 */
  v = view(0, 100, 100, 0, 1.5, 1.0);
  CHECK_EQ_INT(lsc_reissue_reached(&v), 100); /* late but not overdue: at most the whole chunk */
  v = view(0, 100, 100, 0, 2.5, 1.0);
  CHECK_EQ_INT(lsc_reissue_reached(&v), 0); /* overdue: perhaps stopped, nothing counted */
  v = view(0, 100, 100, 0, 0.5, -1.0);
  CHECK_EQ_INT(lsc_reissue_reached(&v), 0); /* no rate of its own */
}

static void test_split_rule(void) {
  lsc_chunk p;
  /* nothing reached: the rest shared by 3, from the tail */
  lsc_reissue_view v = view(0, 90, 90, 0, 0, -1);
  CHECK_EQ_INT(lsc_reissue_split(&v, 3, 1, 1, &p), 90);
  CHECK_EQ_INT(p.start, 60);
  CHECK_EQ_INT(p.size, 30);
  v.cut = 60; /* the next asker: what is left before the first part */
  CHECK_EQ_INT(lsc_reissue_split(&v, 3, 1, 1, &p), 60);
  CHECK_EQ_INT(p.start, 40);
  CHECK_EQ_INT(p.size, 20);
  /* the holder is half way: the rest is 50, shared by 2 */
  v = view(0, 100, 100, 0, 0.5, 1.0);
  CHECK_EQ_INT(lsc_reissue_split(&v, 2, 1, 1, &p), 50);
  CHECK_EQ_INT(p.start, 75);
  /* blocks of 8: the part's start rounds down to a block boundary (72), its end is the chunk's */
  CHECK_EQ_INT(lsc_reissue_split(&v, 2, 1, 8, &p), 50);
  CHECK_EQ_INT(p.start, 72);
  CHECK_EQ_INT(p.size, 28);
  /* the holder nearly done: the minimum, from the tail */
  v = view(0, 100, 100, 0, 0.97, 1.0);
  CHECK_EQ_INT(lsc_reissue_split(&v, 3, 10, 1, &p), 3);
  CHECK_EQ_INT(p.start, 90);
  CHECK_EQ_INT(p.size, 10);
  /* never before the chunk's start */
  v = view(95, 5, 100, 0, 0, -1);
  CHECK_EQ_INT(lsc_reissue_split(&v, 3, 10, 1, &p), 5);
  CHECK_EQ_INT(p.start, 95);
  CHECK_EQ_INT(p.size, 5);
  /* a last chunk ending at n, not on a block boundary: the whole chunk when the rounding passes its start */
  v = view(8, 2, 10, 0, 0, -1);
  CHECK_EQ_INT(lsc_reissue_split(&v, 3, 4, 4, &p), 2);
  CHECK_EQ_INT(p.start, 8);
  CHECK_EQ_INT(p.size, 2);
  v = view(0, 10, 0, 0, 0, -1); /* all carved off */
  CHECK_EQ_INT(lsc_reissue_split(&v, 3, 1, 1, &p), -1);
}

static void test_median_pace(void) {
  int64_t it[] = {0, 100, 10, 50};
  double s[] = {0, 1.0, 1.0, 1.0};
  CHECK(lsc_reissue_median_pace(it, s, 4) == 0.02);  /* paces 0.01, 0.1, 0.02: the middle one */
  CHECK(lsc_reissue_median_pace(it, s, 3) == 0.055); /* 0.01 and 0.1: their mean */
  CHECK(lsc_reissue_median_pace(it, s, 1) == -1.0);  /* nobody has a result */
}

static lsc_reissue_ask ask(int worker, double now, int sharers) {
  return (lsc_reissue_ask){.worker = worker,
                           .claim = worker == 0,
                           .patient = worker == 0,
                           .sharers = sharers,
                           .min = 1,
                           .unit = 1,
                           .now = now,
                           .pace = -1};
}

static void test_parts_and_results(void) {
  lsc_reissue_table *t = lsc_reissue_create(2);
  CHECK_EQ_INT(lsc_reissue_handed(t, 0, 90, 1), 0);
  lsc_reissue_paced(t, 0, 0.0, -1.0, 0); /* rank 1 had no rate yet */
  CHECK_EQ_INT(lsc_reissue_handed(t, 90, 10, 2), 1);
  lsc_reissue_paced(t, 1, 0.0, 1.0, 0); /* rank 2: 1 s for its 10 */
  lsc_chunk p;
  lsc_reissue_ask a = ask(3, 0.5, 3);
  /* chunk 0's rest is 90, chunk 1's 5 (its holder is half way): chunk 0 gives the part */
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), 2);
  CHECK_EQ_INT(p.start, 60);
  CHECK_EQ_INT(p.size, 30);
  a = ask(1, 0.5, 3); /* the holder asks: not its own chunk; chunk 1's tail */
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), 3);
  CHECK_EQ_INT(p.start, 98);
  CHECK_EQ_INT(p.size, 2);
  a = ask(0, 0.5, 3); /* rank 0 claims [40, 60) */
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), 4);
  CHECK_EQ_INT(p.start, 40);
  CHECK_EQ_INT(p.size, 20);
  CHECK_EQ_INT(lsc_reissue_parts(t), 3);
  int64_t fresh = 0;
  CHECK_EQ_INT(lsc_reissue_result(t, 2, 60, 30, &fresh), 1); /* the first part: applied */
  CHECK_EQ_INT(fresh, 30);
  CHECK_EQ_INT(lsc_reissue_result(t, 2, 60, 30, &fresh), 0); /* again: dropped */
  CHECK_EQ_INT(lsc_reissue_result(t, 0, 0, 90, &fresh), 1);  /* the holder's whole result brings the rest */
  CHECK_EQ_INT(fresh, 40);
  /* the parts it must leave alone: rank 0's claim and the applied part, newest first */
  CHECK_EQ_INT(lsc_reissue_covered_part(t, 0, -1, &p), 4);
  CHECK_EQ_INT(p.start, 40);
  CHECK_EQ_INT(lsc_reissue_covered_part(t, 0, 4, &p), 2);
  CHECK_EQ_INT(p.start, 60);
  CHECK_EQ_INT(lsc_reissue_covered_part(t, 0, 2, &p), -1);
  /* chunk 1: its part lands, then its holder's result brings 8 */
  CHECK_EQ_INT(lsc_reissue_result(t, 3, 98, 2, &fresh), 1);
  CHECK_EQ_INT(lsc_reissue_result(t, 1, 90, 10, &fresh), 1);
  CHECK_EQ_INT(fresh, 8);
  CHECK_EQ_INT(lsc_reissue_outstanding(t), 0);
  CHECK_EQ_INT(lsc_reissue_result(t, 9, 0, 1, &fresh), -1);  /* never handed out */
  CHECK_EQ_INT(lsc_reissue_result(t, 1, 90, 9, &fresh), -1); /* not that chunk's range */
  lsc_reissue_free(t);
}

/* Parts that cover the chunk finish it: the holder's result is dropped. */
static void test_parts_cover(void) {
  lsc_reissue_table *t = lsc_reissue_create(2);
  lsc_reissue_handed(t, 0, 10, 1);
  lsc_chunk p;
  lsc_reissue_ask a = ask(2, 0.0, 2);
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), 1); /* [5, 10) */
  CHECK_EQ_INT(p.start, 5);
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), 2); /* [2, 5): ceil(5 / 2) = 3 */
  CHECK_EQ_INT(p.start, 2);
  a = ask(3, 0.0, 1);
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), 3); /* the rest, [0, 2) */
  CHECK_EQ_INT(p.size, 2);
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), -1); /* nothing left to carve */
  int64_t fresh;
  CHECK_EQ_INT(lsc_reissue_result(t, 1, 5, 5, &fresh), 1);
  CHECK_EQ_INT(lsc_reissue_result(t, 2, 2, 3, &fresh), 1);
  CHECK_EQ_INT(lsc_reissue_outstanding(t), 2); /* the chunk and its last part */
  CHECK_EQ_INT(lsc_reissue_result(t, 3, 0, 2, &fresh), 1);
  CHECK_EQ_INT(lsc_reissue_outstanding(t), 0);
  CHECK_EQ_INT(lsc_reissue_result(t, 0, 0, 10, &fresh), 0); /* the holder's, last: dropped */
  lsc_reissue_free(t);
}

/* The holder's result first: every part still out is dropped when it comes. */
static void test_whole_first(void) {
  lsc_reissue_table *t = lsc_reissue_create(2);
  lsc_reissue_handed(t, 100, 30, 1);
  lsc_chunk p;
  lsc_reissue_ask a = ask(2, 0.0, 3);
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), 1);
  int64_t fresh;
  CHECK_EQ_INT(lsc_reissue_result(t, 0, 100, 30, &fresh), 1);
  CHECK_EQ_INT(fresh, 30);
  CHECK_EQ_INT(lsc_reissue_result(t, 1, p.start, p.size, &fresh), 0);
  CHECK_EQ_INT(lsc_reissue_outstanding(t), 0);
  lsc_reissue_free(t);
}

/* Which chunks give parts: overdue ones only while new work remains (with the median pace for a rank
 * without a rate); rank 0 is patient with a holder about to finish; a whole copy at max_copies 2 leaves
 * nothing to split, and a part is never split again nor copied whole at 2. */
static void test_which_chunks(void) {
  lsc_reissue_table *t = lsc_reissue_create(2);
  lsc_reissue_handed(t, 0, 90, 1);
  lsc_reissue_paced(t, 0, 0.0, -1.0, 0);
  lsc_chunk p;
  lsc_reissue_ask a = ask(2, 1.0, 3);
  a.overdue_only = 1;
  a.pace = 0.01; /* the median rank: 0.9 s for 90, overdue after 1.8 s */
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), -1);
  a.now = 2.0;
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), 1);
  CHECK_EQ_INT(p.start, 60);
  CHECK_EQ_INT(lsc_reissue_pick(t, 3, &p), -1); /* chunk 0 runs on 1 and, its tail, on 2; part 1 too */
  lsc_reissue_handed(t, 90, 10, 4);
  lsc_reissue_paced(t, 2, 0.0, 1.0, 0);
  a = ask(0, 0.95, 3);
  a.min = 2;
  /* rank 0: chunk 0's rest (60) first, then nothing from chunk 2, whose holder is at 9 of 10 */
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), 3);
  CHECK_EQ_INT(p.start, 40);
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), 4); /* ceil(40 / 3) = 14 */
  CHECK_EQ_INT(p.start, 26);
  int64_t id, end = 26;
  while ((id = lsc_reissue_split_pick(t, &a, &p)) >= 0) { /* down to chunk 0's start, never chunk 2 */
    CHECK_EQ_INT(p.start + p.size, end);
    end = p.start;
  }
  CHECK_EQ_INT(end, 0);
  /* a whole copy leaves chunk 2 nothing to split at max_copies 2 */
  CHECK_EQ_INT(lsc_reissue_pick(t, 5, &p), 2);
  a = ask(6, 0.0, 3);
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), -1);
  lsc_reissue_free(t);
}

/* A chunk whose holder may not have its in-place inputs yet is neither split nor copied (nor picked as
 * overdue), whoever asks; once they are in, it is as any other. */
static void test_receiving(void) {
  lsc_reissue_table *t = lsc_reissue_create(2);
  lsc_reissue_handed(t, 0, 40, 1);
  lsc_reissue_paced(t, 0, 0.0, 0.1, 0); /* overdue from 0.2 s on */
  lsc_reissue_receiving(t, 0, 1);
  lsc_chunk p;
  lsc_reissue_ask a = ask(0, 5.0, 2);
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), -1);
  a = ask(2, 5.0, 2);
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), -1);
  CHECK_EQ_INT(lsc_reissue_pick(t, 2, &p), -1);
  CHECK_EQ_INT(lsc_reissue_pick_overdue(t, 2, 5.0, &p), -1);
  lsc_reissue_receiving(t, 0, 0);
  CHECK_EQ_INT(lsc_reissue_pick_overdue(t, 2, 5.0, &p), 0);
  CHECK_EQ_INT(p.start, 0);
  CHECK_EQ_INT(p.size, 40);
  lsc_reissue_free(t);
}

/* Nobody gets a whole copy overlapping what it holds and has not finished: a rank holding a chunk gets no
 * copy of a part of it, a rank holding a part no copy of its chunk (a sub-master holds all its group chunks
 * in its arrays at once, exec/submaster.c). Parts of one chunk are disjoint: a rank may hold several. */
static void test_no_overlap(void) {
  lsc_reissue_table *t = lsc_reissue_create(3);
  lsc_reissue_handed(t, 0, 90, 1); /* chunk 0 on rank 1 */
  lsc_chunk p;
  lsc_reissue_ask a = ask(2, 0.0, 3);
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), 1); /* part 1: chunk 0's tail [60, 90) on rank 2 */
  CHECK_EQ_INT(p.start, 60);
  CHECK_EQ_INT(lsc_reissue_pick(t, 1, &p), -1); /* rank 1 holds chunk 0: no copy of its part */
  CHECK_EQ_INT(lsc_reissue_pick(t, 2, &p), -1); /* rank 2 holds part 1: no copy of chunk 0 */
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), 2); /* but another part, [40, 60) */
  CHECK_EQ_INT(p.start, 40);
  CHECK_EQ_INT(lsc_reissue_pick(t, 3, &p), 0); /* rank 3 holds neither: a copy of the oldest */
  int64_t fresh;
  CHECK_EQ_INT(lsc_reissue_result(t, 1, 60, 30, &fresh), 1); /* part 1 done, part 2 not */
  CHECK_EQ_INT(lsc_reissue_result(t, 2, 40, 20, &fresh), 1);
  lsc_reissue_free(t);
  /* once a rank's part is done, it may get a copy of its chunk */
  t = lsc_reissue_create(3);
  lsc_reissue_handed(t, 0, 90, 1);
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &a, &p), 1);
  CHECK_EQ_INT(lsc_reissue_pick(t, 2, &p), -1);
  CHECK_EQ_INT(lsc_reissue_result(t, 1, p.start, p.size, &fresh), 1);
  CHECK_EQ_INT(lsc_reissue_pick(t, 2, &p), 0);
  lsc_reissue_free(t);
}

int main(void) {
  RUN(test_no_overlap);
  RUN(test_reached);
  RUN(test_receiving);
  RUN(test_split_rule);
  RUN(test_median_pace);
  RUN(test_parts_and_results);
  RUN(test_parts_cover);
  RUN(test_whole_first);
  RUN(test_which_chunks);
  return unit_result();
}
