/* sched_check.h - helpers of the scheduling unit tests: run a planner, compare chunk sizes with a table. */
#ifndef LSC_SCHED_CHECK_H
#define LSC_SCHED_CHECK_H

#include <stdlib.h>

#include "lsc_sched.h"
#include "unit.h"

#define MAX_TABLE 1024

/* Parameters for `text` (a schedule clause) over n iterations and p workers, everything else default. */
static inline lsc_plan_params plan_params(const char *text, int64_t n, int64_t p) {
  lsc_plan_params pp;
  memset(&pp, 0, sizeof pp);
  lsc_sched_error err;
  if (lsc_schedule_parse(text, &pp.schedule, &err) != 0)
    printf("  cannot parse '%s': %s\n", text, err.message);
  pp.iterations = n;
  pp.workers = p;
  return pp;
}

/* Sizes of the chunks when the workers ask in turn 0, 1, ..., p-1, 0, 1, ... (a worker with nothing left
 * is skipped); returns the number of chunks. Checks that the chunks tile [0, n) in order of start. */
static inline int plan_sizes_round_robin(const lsc_plan_params *pp, int64_t *sizes, int cap) {
  lsc_sched_error err;
  lsc_planner *pl = lsc_planner_new(pp, &err);
  if (!pl) {
    printf("  planner refused: %s\n", err.message);
    return -1;
  }
  int count = 0, idle = 0;
  int64_t worker = 0;
  lsc_chunk c;
  while (idle < pp->workers && count < cap) {
    if (lsc_planner_next(pl, worker, &c)) {
      sizes[count++] = c.size;
      idle = 0;
    } else {
      idle++;
    }
    worker = (worker + 1) % pp->workers;
  }
  lsc_planner_free(pl);
  return count;
}

#define CHECK_SIZES(actual, count, ...)                                                                      \
  do {                                                                                                       \
    const int64_t expected_[] = {__VA_ARGS__};                                                               \
    int expected_count_ = (int)(sizeof expected_ / sizeof expected_[0]);                                     \
    CHECK_EQ_INT(count, expected_count_);                                                                    \
    for (int i_ = 0; i_ < expected_count_ && i_ < (count); i_++)                                             \
      if ((actual)[i_] != expected_[i_])                                                                     \
        UNIT_FAIL_AT("chunk %d is %lld, expected %lld", i_ + 1, (long long)(actual)[i_],                     \
                     (long long)expected_[i_]);                                                              \
  } while (0)

#endif
