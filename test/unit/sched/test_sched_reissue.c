/* Re-issue's pure part (runtime/sched/reissue.c): the reissue(...) / LSC_REISSUE text, and the table of
 * outstanding chunks -- oldest first, never a copy on a worker that holds one, never more copies than asked,
 * the first result applied and every later one dropped. */
#include "sched_check.h"

#include <math.h>

static void test_parse(void) {
  lsc_sched_error err;
  int copies = 0;
  const char *on[] = {"on", "ON", "1", "yes", "true"}, *off[] = {"off", "0", "no", "False"};
  for (size_t i = 0; i < sizeof on / sizeof on[0]; i++) {
    CHECK_EQ_INT(lsc_reissue_parse(on[i], &copies, &err), 0);
    CHECK_EQ_INT(copies, 2);
  }
  for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) {
    CHECK_EQ_INT(lsc_reissue_parse(off[i], &copies, &err), 0);
    CHECK_EQ_INT(copies, 1);
  }
  CHECK_EQ_INT(lsc_reissue_parse("3", &copies, &err), 0);
  CHECK_EQ_INT(copies, 3);
  CHECK_EQ_INT(lsc_reissue_parse("16", &copies, &err), 0);
  CHECK_EQ_INT(copies, 16);
  const char *bad[] = {"17", "100000000000", "", " 2", "2x", "-2", "maybe", "1e1"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    CHECK_EQ_INT(lsc_reissue_parse(bad[i], &copies, &err), -1);
  CHECK_EQ_STR(err.message, "expected on, off (or another boolean: 0, 1, yes, no, true, false) or the most "
                            "copies of one chunk, 2..16");
  CHECK_EQ_INT(lsc_reissue_parse(NULL, &copies, &err), -1);
}

static void test_oldest_first(void) {
  lsc_reissue_table *t = lsc_reissue_create(2);
  CHECK(t != NULL);
  CHECK_EQ_INT(lsc_reissue_handed(t, 0, 10, 1), 0);
  CHECK_EQ_INT(lsc_reissue_handed(t, 10, 5, 2), 1);
  CHECK_EQ_INT(lsc_reissue_handed(t, 15, 3, 3), 2);
  CHECK_EQ_INT(lsc_reissue_handed(t, 10, 1, 3), -1); /* a start already in the table */
  CHECK_EQ_INT(lsc_reissue_outstanding(t), 3);
  lsc_chunk c;
  /* worker 1 holds chunk 0: it gets the next oldest, chunk 1 */
  CHECK_EQ_INT(lsc_reissue_pick(t, 1, &c), 1);
  CHECK_EQ_INT(c.start, 10);
  CHECK_EQ_INT(c.size, 5);
  /* worker 3 gets chunk 0; chunk 0 then has its two copies */
  CHECK_EQ_INT(lsc_reissue_pick(t, 3, &c), 0);
  CHECK_EQ_INT(c.start, 0);
  /* worker 4: chunks 0 and 1 have two copies each, chunk 2 has one */
  CHECK_EQ_INT(lsc_reissue_pick(t, 4, &c), 2);
  CHECK_EQ_INT(lsc_reissue_pick(t, 5, &c), -1);
  CHECK_EQ_INT(lsc_reissue_copies(t), 3);
  lsc_reissue_free(t);
}

static void test_first_result_wins(void) {
  lsc_reissue_table *t = lsc_reissue_create(3);
  lsc_chunk c;
  lsc_reissue_handed(t, 100, 50, 1);
  lsc_reissue_handed(t, 0, 100, 2);
  CHECK_EQ_INT(lsc_reissue_pick(t, 2, &c), 0);
  CHECK_EQ_INT(lsc_reissue_done(t, 100), 1); /* the copy's result: applied */
  CHECK_EQ_INT(lsc_reissue_done(t, 100), 0); /* the original's, later: dropped */
  CHECK_EQ_INT(lsc_reissue_done(t, 7), -1);  /* no chunk starts there */
  CHECK_EQ_INT(lsc_reissue_outstanding(t), 1);
  /* a done chunk is never copied again: the next pick skips it */
  CHECK_EQ_INT(lsc_reissue_pick(t, 3, &c), 1);
  CHECK_EQ_INT(c.start, 0);
  CHECK_EQ_INT(lsc_reissue_done(t, 0), 1);
  CHECK_EQ_INT(lsc_reissue_outstanding(t), 0);
  CHECK_EQ_INT(lsc_reissue_pick(t, 4, &c), -1);
  lsc_reissue_free(t);
}

static void test_one_copy_means_off(void) {
  lsc_reissue_table *t = lsc_reissue_create(1);
  lsc_chunk c;
  lsc_reissue_handed(t, 0, 4, 1);
  CHECK_EQ_INT(lsc_reissue_pick(t, 2, &c), -1);
  lsc_reissue_free(t);
  CHECK(lsc_reissue_create(0) == NULL);
  CHECK(lsc_reissue_create(LSC_REISSUE_MAX_COPIES + 1) == NULL);
}

/* Many chunks (the index grows and rehashes), with starts that collide in naive hashes: every chunk is found,
 * done once, and picks walk from the oldest not done. */
static void test_many_chunks(void) {
  enum { COUNT = 100000 };
  lsc_reissue_table *t = lsc_reissue_create(2);
  for (int64_t i = 0; i < COUNT; i++)
    CHECK_EQ_INT(lsc_reissue_handed(t, i * 1024, 1024, (int)(i % 7)), i);
  for (int64_t i = 0; i < COUNT; i += 2)
    CHECK_EQ_INT(lsc_reissue_done(t, i * 1024), 1);
  CHECK_EQ_INT(lsc_reissue_outstanding(t), COUNT / 2);
  lsc_chunk c;
  int64_t picked = 0, last = -1;
  for (int w = 100;; w++) {
    int64_t id = lsc_reissue_pick(t, w, &c);
    if (id < 0)
      break;
    CHECK(id % 2 == 1 && id > last); /* the odd ones, oldest first, each once */
    CHECK_EQ_INT(c.start, id * 1024);
    last = id;
    picked++;
  }
  CHECK_EQ_INT(picked, COUNT / 2);
  for (int64_t i = 1; i < COUNT; i += 2)
    CHECK_EQ_INT(lsc_reissue_done(t, i * 1024), 1);
  CHECK_EQ_INT(lsc_reissue_outstanding(t), 0);
  lsc_reissue_free(t);
}

/* The overdue rule: elapsed > 2 x expected, never without an expected time; the oldest overdue chunk first,
 * never one the asking worker holds, and the copy counts toward max_copies. */
static void test_overdue(void) {
  CHECK_EQ_INT(lsc_reissue_overdue(2.01, 1.0), 1);
  CHECK_EQ_INT(lsc_reissue_overdue(2.0, 1.0), 0);
  CHECK_EQ_INT(lsc_reissue_overdue(100.0, 0.0), 0);
  CHECK_EQ_INT(lsc_reissue_overdue(100.0, -1.0), 0);
  lsc_reissue_table *t = lsc_reissue_create(2);
  lsc_chunk c;
  CHECK_EQ_INT(lsc_reissue_handed(t, 0, 10, 1), 0);
  CHECK_EQ_INT(lsc_reissue_handed(t, 10, 10, 2), 1);
  CHECK_EQ_INT(lsc_reissue_handed(t, 20, 10, 3), 2);
  lsc_reissue_timed(t, 0, 0.0, 1.0);  /* overdue after 2.0 */
  lsc_reissue_timed(t, 1, 0.0, 0.5);  /* overdue after 1.0 */
  lsc_reissue_timed(t, 2, 0.0, -1.0); /* unknown: never */
  CHECK_EQ_INT(lsc_reissue_pick_overdue(t, 3, 0.9, &c), -1);
  CHECK_EQ_INT(lsc_reissue_pick_overdue(t, 3, 1.5, &c), 1);
  CHECK_EQ_INT(c.start, 10);
  CHECK_EQ_INT(lsc_reissue_pick_overdue(t, 3, 1.5, &c), -1); /* chunk 1 has its two copies */
  CHECK_EQ_INT(lsc_reissue_pick_overdue(t, 1, 3.0, &c), -1); /* worker 1 holds chunk 0 */
  CHECK_EQ_INT(lsc_reissue_pick_overdue(t, 0, 3.0, &c), 0);  /* rank 0 may take it */
  CHECK_EQ_INT(lsc_reissue_pick_overdue(t, 4, 1e9, &c), -1);
  CHECK_EQ_INT(lsc_reissue_done(t, 0), 1);
  CHECK_EQ_INT(lsc_reissue_pick(t, 4, &c), 2); /* the plain pick ignores time */
  lsc_reissue_free(t);
}

/* Calibration samples: withheld from copies and parts until released; released ones still out are overdue
 * once they have run longer than twice the expected time given, and a late sample's result after a copy's is
 * dropped. The deadline waits for half the samples, then twice the slowest, at least LSC_SAMPLE_WAIT_MIN. */
static void test_samples(void) {
  lsc_reissue_table *t = lsc_reissue_create(2);
  lsc_chunk c;
  CHECK_EQ_INT(lsc_reissue_handed(t, 0, 5, 1), 0);
  CHECK_EQ_INT(lsc_reissue_handed(t, 5, 5, 2), 1);
  lsc_reissue_paced(t, 0, 1.0, -1, 0);
  lsc_reissue_paced(t, 1, 1.0, -1, 0);
  lsc_reissue_withhold(t, 0);
  lsc_reissue_withhold(t, 1);
  CHECK_EQ_INT(lsc_reissue_withheld(t, 1), 1);
  CHECK_EQ_INT(lsc_reissue_withheld(t, 7), 0);
  CHECK_EQ_INT(lsc_reissue_pick(t, 3, &c), -1);
  CHECK_EQ_INT(lsc_reissue_pick_overdue(t, 3, 1e9, &c), -1);
  lsc_reissue_ask ask = {.worker = 3, .sharers = 3, .min = 1, .unit = 1, .now = 1e9, .pace = 1.0};
  CHECK_EQ_INT(lsc_reissue_split_pick(t, &ask, &c), -1);
  int64_t fresh = 0;
  CHECK_EQ_INT(lsc_reissue_result(t, 0, 0, 5, &fresh), 1); /* sample 0 is in */
  CHECK_EQ_INT(fresh, 5);
  CHECK_EQ_INT(lsc_reissue_release_withheld(t, 0.5), 1); /* sample 1 is still out */
  CHECK_EQ_INT(lsc_reissue_withheld(t, 1), 0);
  CHECK_EQ_INT(lsc_reissue_pick_overdue(t, 3, 1.9, &c), -1); /* out 0.9 s: not over 2 x 0.5 */
  CHECK_EQ_INT(lsc_reissue_pick_overdue(t, 3, 2.1, &c), 1);
  CHECK_EQ_INT(c.start, 5);
  CHECK_EQ_INT(lsc_reissue_done(t, 5), 1);                 /* the copy's result wins */
  CHECK_EQ_INT(lsc_reissue_result(t, 1, 5, 5, &fresh), 0); /* the late sample's is dropped */
  CHECK_EQ_INT(lsc_reissue_release_withheld(t, 0.5), 0);
  lsc_reissue_free(t);

  CHECK(lsc_reissue_sample_deadline(10.0, 0, 2, 1.0) < 0);  /* none in */
  CHECK(lsc_reissue_sample_deadline(10.0, 1, 3, 1.0) < 0);  /* fewer than half */
  CHECK(lsc_reissue_sample_deadline(10.0, 2, 3, -1.0) < 0); /* no time */
  CHECK(fabs(lsc_reissue_sample_deadline(10.0, 1, 2, 1.0) - 12.0) < 1e-12);
  CHECK(fabs(lsc_reissue_sample_deadline(10.0, 2, 3, 1e-4) - (10.0 + LSC_SAMPLE_WAIT_MIN)) < 1e-12);
}

int main(void) {
  RUN(test_parse);
  RUN(test_oldest_first);
  RUN(test_first_result_wins);
  RUN(test_one_copy_means_off);
  RUN(test_many_chunks);
  RUN(test_overdue);
  RUN(test_samples);
  return unit_result();
}
