/* Trip counts: the generated code's only arithmetic on the user's bounds, so every form is pinned here.
 *
 * lsc_iv_trip_count (C's types) is checked against brute force: the same loop written in C with the real
 * types, so the compiler applies the conversions, run until its condition fails or it has run more times
 * than its variable has values (then it never ends). With 8-bit variables every start and step is tried;
 * with 16-bit ones every start for a set of steps. Bounds come in every type the comparison can convert
 * them from, at the edges where conversions change a value. lsc_trip_count (64-bit, no wrap) keeps its table.
 */
#include "lsc.h"
#include "unit.h"

#include <limits.h>
#include <stdint.h>

/* The brute-force loops compare signed with unsigned on purpose: that is what they check. */
#pragma GCC diagnostic ignored "-Wsign-compare"

/* ---- lsc_trip_count: 64-bit integers, no wrap-around (programs written by hand) ---- */

static void test_ascending(void) {
  CHECK_EQ_INT(lsc_trip_count(0, 10, 1, LSC_CMP_LT), 10);
  CHECK_EQ_INT(lsc_trip_count(0, 10, 1, LSC_CMP_LE), 11);
  CHECK_EQ_INT(lsc_trip_count(0, 10, 3, LSC_CMP_LT), 4); /* 0 3 6 9 */
  CHECK_EQ_INT(lsc_trip_count(0, 9, 3, LSC_CMP_LE), 4);  /* 0 3 6 9 */
  CHECK_EQ_INT(lsc_trip_count(5, 5, 1, LSC_CMP_LT), 0);
  CHECK_EQ_INT(lsc_trip_count(5, 5, 1, LSC_CMP_LE), 1);
  CHECK_EQ_INT(lsc_trip_count(7, 3, 1, LSC_CMP_LT), 0);
}

static void test_descending(void) {
  CHECK_EQ_INT(lsc_trip_count(10, 0, -1, LSC_CMP_GT), 10);
  CHECK_EQ_INT(lsc_trip_count(10, 0, -1, LSC_CMP_GE), 11);
  CHECK_EQ_INT(lsc_trip_count(10, 0, -4, LSC_CMP_GE), 3); /* 10 6 2 */
  CHECK_EQ_INT(lsc_trip_count(0, 10, -1, LSC_CMP_GT), 0);
  CHECK_EQ_INT(lsc_trip_count(0, 10, 1, LSC_CMP_GT), 0);
}

static void test_not_equal(void) {
  CHECK_EQ_INT(lsc_trip_count(0, 10, 2, LSC_CMP_NE), 5);
  CHECK_EQ_INT(lsc_trip_count(10, 0, -5, LSC_CMP_NE), 2);
  CHECK_EQ_INT(lsc_trip_count(3, 3, 1, LSC_CMP_NE), 0);
  CHECK_EQ_INT(lsc_trip_count(0, 10, 3, LSC_CMP_NE), LSC_TRIP_FOREVER); /* steps over the bound */
  CHECK_EQ_INT(lsc_trip_count(0, 10, -1, LSC_CMP_NE), LSC_TRIP_FOREVER);
}

static void test_wrong_direction_and_zero_step(void) {
  CHECK_EQ_INT(lsc_trip_count(0, 10, 0, LSC_CMP_LT), LSC_TRIP_FOREVER);
  CHECK_EQ_INT(lsc_trip_count(0, 10, -1, LSC_CMP_LT), LSC_TRIP_FOREVER); /* runs away from the bound */
  CHECK_EQ_INT(lsc_trip_count(10, 0, 1, LSC_CMP_GT), LSC_TRIP_FOREVER);
  CHECK_EQ_INT(lsc_trip_count(10, 0, -1, LSC_CMP_LT), 0); /* condition false at once: fine with any step */
  CHECK_EQ_INT(lsc_trip_count(10, 0, 0, LSC_CMP_LT), 0);
}

static void test_extremes_do_not_overflow(void) {
  CHECK_EQ_INT(lsc_trip_count(INT64_MIN, INT64_MAX, INT64_MAX, LSC_CMP_LT), 3);
  CHECK_EQ_INT(lsc_trip_count(INT64_MAX, INT64_MIN, INT64_MIN + 1, LSC_CMP_GT), 3);
  CHECK_EQ_INT(lsc_trip_count(0, INT64_C(1) << 62, 1, LSC_CMP_LT), INT64_C(1) << 62);
  /* 2^63 iterations do not fit the count: refused rather than wrapped. */
  CHECK_EQ_INT(lsc_trip_count(-(INT64_C(1) << 62), INT64_C(1) << 62, 1, LSC_CMP_LT), LSC_TRIP_TOO_MANY);
  CHECK_EQ_INT(lsc_trip_count(INT64_MIN, INT64_MAX, 1, LSC_CMP_LE), LSC_TRIP_TOO_MANY);
}

/* ---- lsc_iv_trip_count: C's types, against brute force ---- */

/* The lsc.h code of an integer type, and of the type a comparison of a T with a B is made in: the
 * conditional operator applies the same usual arithmetic conversions as `<`. */
#define TYPE_CODE(x)                                                                                         \
  _Generic((x), signed char                                                                                  \
           : LSC_I8, unsigned char                                                                           \
           : LSC_U8, short                                                                                   \
           : LSC_I16, unsigned short                                                                         \
           : LSC_U16, int                                                                                    \
           : LSC_I32, unsigned                                                                               \
           : LSC_U32, long                                                                                   \
           : (int)sizeof(long) * 16 + 1, unsigned long                                                       \
           : (int)sizeof(long) * 16, long long                                                               \
           : LSC_I64, unsigned long long                                                                     \
           : LSC_U64)
#define COMMON_CODE(T, B) TYPE_CODE(1 ? (T)0 : (B)0)

static int failures_reported;

/* One brute-force counter per (variable type T, bound type B): the loop as the user writes it, once per
 * comparison operator so the compiler sees each condition as written. */
#define WALK(T, op)                                                                                          \
  do {                                                                                                       \
    T i = init;                                                                                              \
    for (int64_t k = 0; k <= limit; k++) {                                                                   \
      if (!(i op bound))                                                                                     \
        return k;                                                                                            \
      i = (T)(i + step);                                                                                     \
    }                                                                                                        \
    return LSC_TRIP_FOREVER; /* more iterations than values: it cycles */                                    \
  } while (0)
#define BRUTE(name, T, B)                                                                                    \
  static int64_t brute_##name(T init, B bound, T step, int cmp) {                                            \
    int64_t limit = (int64_t)1 << (8 * sizeof(T));                                                           \
    switch (cmp) {                                                                                           \
    case LSC_CMP_LT:                                                                                         \
      WALK(T, <);                                                                                            \
    case LSC_CMP_LE:                                                                                         \
      WALK(T, <=);                                                                                           \
    case LSC_CMP_GT:                                                                                         \
      WALK(T, >);                                                                                            \
    case LSC_CMP_GE:                                                                                         \
      WALK(T, >=);                                                                                           \
    default:                                                                                                 \
      WALK(T, !=);                                                                                           \
    }                                                                                                        \
  }                                                                                                          \
  static void check_##name(T init, B bound, T step, int cmp) {                                               \
    int64_t want = brute_##name(init, bound, step, cmp);                                                     \
    int64_t got = lsc_iv_trip_count((uint64_t)init, (uint64_t)bound, (uint64_t)step, cmp, TYPE_CODE(init),   \
                                    COMMON_CODE(T, B));                                                      \
    if (got != want && failures_reported++ < 10)                                                             \
      UNIT_FAIL_AT("%s i = %lld; i cmp%d (%s)%lld; i += %lld: %lld iterations, lsc_iv_trip_count says %lld", \
                   #T, (long long)init, cmp, #B, (long long)bound, (long long)step, (long long)want,         \
                   (long long)got);                                                                          \
    else if (got != want)                                                                                    \
      unit_current_failed++;                                                                                 \
  }

BRUTE(uc_int, unsigned char, int)
BRUTE(sc_int, signed char, int)
BRUTE(uc_uint, unsigned char, unsigned)
BRUTE(sc_uint, signed char, unsigned)
BRUTE(sc_ulong, signed char, unsigned long)
BRUTE(uc_long, unsigned char, long)
BRUTE(us_int, unsigned short, int)
BRUTE(ss_int, short, int)
BRUTE(ss_uint, short, unsigned)
BRUTE(us_ulonglong, unsigned short, unsigned long long)

/* Bounds where conversions matter: around 0, the edges of the 8- and 16-bit ranges, past them, and values
 * that change sign when converted to a 32- or 64-bit unsigned comparison. */
static const long long bounds8[] = {0, 5, -1, 127, 128, 200, 255, 256, 300, -128, -129, 4294967295LL};

static void test_8_bit_every_start_and_step(void) {
  for (size_t b = 0; b < sizeof bounds8 / sizeof bounds8[0]; b++)
    for (int cmp = 0; cmp < LSC_CMP_COUNT; cmp++)
      for (int init = 0; init < 256; init++)
        for (int step = 0; step < 256; step++) {
          long long bound = bounds8[b];
          check_uc_int((unsigned char)init, (int)bound, (unsigned char)step, cmp);
          check_sc_int((signed char)init, (int)bound, (signed char)step, cmp);
          check_uc_uint((unsigned char)init, (unsigned)bound, (unsigned char)step, cmp);
          check_sc_uint((signed char)init, (unsigned)bound, (signed char)step, cmp);
          if (b % 3 == 0) { /* 64-bit comparisons: a third of the bounds is enough */
            check_sc_ulong((signed char)init, (unsigned long)bound, (signed char)step, cmp);
            check_uc_long((unsigned char)init, (long)bound, (unsigned char)step, cmp);
          }
        }
}

static void test_16_bit_every_start(void) {
  static const int steps[] = {1, -1, 3, -3, 4097, -32768, 0};
  static const long long bounds16[] = {5, -5, 32767, 32768, 65535, 65536, -1};
  for (size_t b = 0; b < sizeof bounds16 / sizeof bounds16[0]; b++)
    for (int cmp = 0; cmp < LSC_CMP_COUNT; cmp++)
      for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++)
        for (int init = 0; init < 65536; init += 4099) {
          long long bound = bounds16[b];
          int step = steps[s];
          check_us_int((unsigned short)init, (int)bound, (unsigned short)step, cmp);
          check_ss_int((short)init, (int)bound, (short)step, cmp);
          check_ss_uint((short)init, (unsigned)bound, (short)step, cmp);
          check_us_ulonglong((unsigned short)init, (unsigned long long)bound, (unsigned short)step, cmp);
        }
}

/* The loops of issue 12, at full width, with the answers C gives. */
static void test_wide_loops(void) {
  /* int lo = -3; for (unsigned i = lo; i < 5; i++): i starts at 4294967293 */
  CHECK_EQ_INT(lsc_iv_trip_count((uint64_t)-3, 5, 1, LSC_CMP_LT, LSC_U32, LSC_U32), 0);
  /* unsigned i = 4294967000u; i < n with int n = -1: n converts to UINT_MAX */
  CHECK_EQ_INT(lsc_iv_trip_count(4294967000u, (uint64_t)-1, 1, LSC_CMP_LT, LSC_U32, LSC_U32), 295);
  /* for (size_t i = n - 1; i < n; i--), n = 10: ends when i wraps to SIZE_MAX */
  CHECK_EQ_INT(lsc_iv_trip_count(9, 10, (uint64_t)-1, LSC_CMP_LT, LSC_U64, LSC_U64), 10);
  CHECK_EQ_INT(lsc_iv_trip_count((uint64_t)0 - 1, 0, (uint64_t)-1, LSC_CMP_LT, LSC_U64, LSC_U64), 0);
  /* unsigned i = 10; i < 100; i -= 3: 10 7 4 1 */
  CHECK_EQ_INT(lsc_iv_trip_count(10, 100, 0 - (uint64_t)3, LSC_CMP_LT, LSC_U32, LSC_U32), 4);
  /* for (unsigned char c = 250; c != 4; c++): 250..255, 0..3 */
  CHECK_EQ_INT(lsc_iv_trip_count(250, 4, 1, LSC_CMP_NE, LSC_U8, LSC_I32), 10);
  /* unsigned char c < 300 is always true: never ends */
  CHECK_EQ_INT(lsc_iv_trip_count(0, 300, 1, LSC_CMP_LT, LSC_U8, LSC_I32), LSC_TRIP_FOREVER);
  /* int i <= INT_MAX: always true (and i++ would overflow in C) */
  CHECK_EQ_INT(lsc_iv_trip_count(0, INT_MAX, 1, LSC_CMP_LE, LSC_I32, LSC_I32), LSC_TRIP_FOREVER);
  /* unsigned i = 0; i != 10; i += 3: every residue is visited, 10 after 2863311534 steps */
  CHECK_EQ_INT(lsc_iv_trip_count(0, 10, 3, LSC_CMP_NE, LSC_U32, LSC_U32), 2863311534LL);
  CHECK_EQ_INT(lsc_iv_trip_count(0, 10, 4, LSC_CMP_NE, LSC_U32, LSC_U32), LSC_TRIP_FOREVER);
  /* unsigned long i = ULONG_MAX - 5; i < ULONG_MAX; i += 3: wraps, lands on ULONG_MAX after 2^64 / 3 steps */
  CHECK_EQ_INT(lsc_iv_trip_count(UINT64_MAX - 5, UINT64_MAX, 3, LSC_CMP_LT, LSC_U64, LSC_U64),
               6148914691236517207LL);
  /* unsigned long i = 0; i != 1; i += 2 ... never; i != 10 with 3: more than INT64_MAX steps */
  CHECK_EQ_INT(lsc_iv_trip_count(0, 1, 2, LSC_CMP_NE, LSC_U64, LSC_U64), LSC_TRIP_FOREVER);
  CHECK_EQ_INT(lsc_iv_trip_count(0, UINT64_MAX, 1, LSC_CMP_LT, LSC_U64, LSC_U64), LSC_TRIP_TOO_MANY);
  /* long i = LONG_MIN; i < 0; i += LONG_MAX: LONG_MIN, -1 */
  CHECK_EQ_INT(lsc_iv_trip_count((uint64_t)INT64_MIN, 0, INT64_MAX, LSC_CMP_LT, LSC_I64, LSC_I64), 2);
  /* int i < unsigned n compares as unsigned: -1 is UINT_MAX, not below 5 */
  CHECK_EQ_INT(lsc_iv_trip_count((uint64_t)-1, 5, 1, LSC_CMP_LT, LSC_I32, LSC_U32), 0);
  /* int i < long n: compared as long */
  CHECK_EQ_INT(lsc_iv_trip_count((uint64_t)-1, 5, 1, LSC_CMP_LT, LSC_I32, LSC_I64), 6);
  /* codes that no comparison produces */
  CHECK_EQ_INT(lsc_iv_trip_count(0, 5, 1, LSC_CMP_LT, LSC_U32, LSC_I32), LSC_TRIP_INVALID);
  CHECK_EQ_INT(lsc_iv_trip_count(0, 5, 1, LSC_CMP_LT, LSC_I64, LSC_I32), LSC_TRIP_INVALID);
  CHECK_EQ_INT(lsc_iv_trip_count(0, 5, 1, LSC_CMP_LT, 7, LSC_I32), LSC_TRIP_INVALID);
  CHECK_EQ_INT(lsc_iv_trip_count(0, 5, 1, LSC_CMP_COUNT, LSC_I32, LSC_I32), LSC_TRIP_INVALID);
}

static void test_wraps(void) {
  CHECK_EQ_INT(lsc_iv_wraps(250, 1, 10, LSC_U8), 1);           /* 250..255, 0..3 */
  CHECK_EQ_INT(lsc_iv_wraps(250, 1, 6, LSC_U8), 0);            /* 250..255 */
  CHECK_EQ_INT(lsc_iv_wraps(9, (uint64_t)-1, 10, LSC_U64), 0); /* size_t from 9 down to 0 */
  CHECK_EQ_INT(lsc_iv_wraps(9, (uint64_t)-1, 11, LSC_U64), 1);
  CHECK_EQ_INT(lsc_iv_wraps((uint64_t)-3, 1, 3, LSC_I32), 0); /* -3 -2 -1 */
  CHECK_EQ_INT(lsc_iv_wraps(126, 1, 3, LSC_I8), 1);           /* 126 127 -128 */
  CHECK_EQ_INT(lsc_iv_wraps(0, 1, 1, LSC_U8), 0);
  CHECK_EQ_INT(lsc_iv_wraps(0, 1, 0, LSC_U8), 0);
  CHECK_EQ_INT(lsc_iv_wraps((uint64_t)INT64_MIN, INT64_MAX, 3, LSC_I64), 0);
  CHECK_EQ_INT(lsc_iv_wraps((uint64_t)INT64_MIN, INT64_MAX, 4, LSC_I64), 1);
}

int main(void) {
  RUN(test_ascending);
  RUN(test_descending);
  RUN(test_not_equal);
  RUN(test_wrong_direction_and_zero_step);
  RUN(test_extremes_do_not_overflow);
  RUN(test_8_bit_every_start_and_step);
  RUN(test_16_bit_every_start);
  RUN(test_wide_loops);
  RUN(test_wraps);
  return unit_result();
}
