/* unit.h - the smallest unit-test harness that does the job: each check that fails prints where and why,
 * each test prints one PASS/FAIL line, and the program's exit status says whether all passed.
 * scripts/check.py counts the PASS/FAIL lines of every unit-test executable.
 *
 *   static void test_sum(void) { CHECK_EQ_INT(sum(2, 2), 4); }
 *   int main(void) { RUN(test_sum); return unit_result(); }
 */
#ifndef LSC_UNIT_H
#define LSC_UNIT_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int unit_failed_tests;
static int unit_current_failed;

#define RUN(fn)                                                                                             \
  do {                                                                                                      \
    unit_current_failed = 0;                                                                                \
    fn();                                                                                                   \
    printf("%s: %s\n", unit_current_failed ? "FAIL" : "PASS", #fn);                                         \
    fflush(stdout);                                                                                         \
    unit_failed_tests += unit_current_failed != 0;                                                          \
  } while (0)

#define UNIT_FAIL_AT(...)                                                                                   \
  do {                                                                                                      \
    printf("  %s:%d: ", __FILE__, __LINE__);                                                                \
    printf(__VA_ARGS__);                                                                                    \
    printf("\n");                                                                                           \
    unit_current_failed++;                                                                                  \
  } while (0)

#define CHECK(cond)                                                                                         \
  do {                                                                                                      \
    if (!(cond))                                                                                            \
      UNIT_FAIL_AT("check failed: %s", #cond);                                                              \
  } while (0)

#define CHECK_EQ_INT(actual, expected)                                                                      \
  do {                                                                                                      \
    long long unit_a_ = (long long)(actual), unit_e_ = (long long)(expected);                               \
    if (unit_a_ != unit_e_)                                                                                 \
      UNIT_FAIL_AT("%s == %lld, expected %s == %lld", #actual, unit_a_, #expected, unit_e_);                \
  } while (0)

#define CHECK_EQ_STR(actual, expected)                                                                      \
  do {                                                                                                      \
    const char *unit_a_ = (actual), *unit_e_ = (expected);                                                  \
    if (!unit_a_ || !unit_e_ || strcmp(unit_a_, unit_e_) != 0)                                              \
      UNIT_FAIL_AT("%s == \"%s\", expected \"%s\"", #actual, unit_a_ ? unit_a_ : "(null)",                  \
                   unit_e_ ? unit_e_ : "(null)");                                                           \
  } while (0)

static inline int unit_result(void) { return unit_failed_tests ? 1 : 0; }

#endif
