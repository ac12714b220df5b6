/* Identities and combination of every reduction operator on every type. */
#include "exec/reduce.h"
#include "unit.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>

#define IDENT(T, t, op) (lsc_reduce_identity(t, op, &v_##T), v_##T)

static void test_identities(void) {
  int v_int;
  CHECK_EQ_INT(IDENT(int, LSC_TYPE_INT, LSC_RED_ADD), 0);
  CHECK_EQ_INT(IDENT(int, LSC_TYPE_INT, LSC_RED_MUL), 1);
  CHECK_EQ_INT(IDENT(int, LSC_TYPE_INT, LSC_RED_MIN), INT_MAX);
  CHECK_EQ_INT(IDENT(int, LSC_TYPE_INT, LSC_RED_MAX), INT_MIN);
  CHECK_EQ_INT(IDENT(int, LSC_TYPE_INT, LSC_RED_BAND), -1);
  CHECK_EQ_INT(IDENT(int, LSC_TYPE_INT, LSC_RED_BOR), 0);
  CHECK_EQ_INT(IDENT(int, LSC_TYPE_INT, LSC_RED_BXOR), 0);
  CHECK_EQ_INT(IDENT(int, LSC_TYPE_INT, LSC_RED_LAND), 1);
  CHECK_EQ_INT(IDENT(int, LSC_TYPE_INT, LSC_RED_LOR), 0);
  unsigned char v_uc;
  CHECK_EQ_INT(IDENT(uc, LSC_TYPE_UCHAR, LSC_RED_MIN), UCHAR_MAX);
  CHECK_EQ_INT(IDENT(uc, LSC_TYPE_UCHAR, LSC_RED_BAND), UCHAR_MAX);
  char v_c;
  CHECK_EQ_INT(IDENT(c, LSC_TYPE_CHAR, LSC_RED_MAX), CHAR_MIN);
  unsigned long long v_ull;
  CHECK(IDENT(ull, LSC_TYPE_ULLONG, LSC_RED_BAND) == ULLONG_MAX);
  double v_d;
  CHECK(IDENT(d, LSC_TYPE_DOUBLE, LSC_RED_MIN) == INFINITY);
  CHECK(IDENT(d, LSC_TYPE_DOUBLE, LSC_RED_MAX) == -INFINITY);
  CHECK(IDENT(d, LSC_TYPE_DOUBLE, LSC_RED_MUL) == 1.0);
  long double v_ld;
  CHECK(IDENT(ld, LSC_TYPE_LDOUBLE, LSC_RED_ADD) == 0.0L);
  bool v_b;
  CHECK(IDENT(b, LSC_TYPE_BOOL, LSC_RED_LAND) == true);
  CHECK(IDENT(b, LSC_TYPE_BOOL, LSC_RED_BAND) == true);
  CHECK(IDENT(b, LSC_TYPE_BOOL, LSC_RED_MIN) == true);
}

#define COMBINE(T, t, op, a, b)                                                                              \
  (acc_##T = (a), part_##T = (b), lsc_reduce_combine(t, op, &acc_##T, &part_##T), acc_##T)

static void test_combine(void) {
  int acc_int, part_int;
  CHECK_EQ_INT(COMBINE(int, LSC_TYPE_INT, LSC_RED_ADD, 3, 4), 7);
  CHECK_EQ_INT(COMBINE(int, LSC_TYPE_INT, LSC_RED_ADD, INT_MAX, 1), INT_MIN); /* wraps, no UB */
  CHECK_EQ_INT(COMBINE(int, LSC_TYPE_INT, LSC_RED_MUL, -3, 4), -12);
  CHECK_EQ_INT(COMBINE(int, LSC_TYPE_INT, LSC_RED_MIN, -3, 4), -3);
  CHECK_EQ_INT(COMBINE(int, LSC_TYPE_INT, LSC_RED_MAX, -3, 4), 4);
  CHECK_EQ_INT(COMBINE(int, LSC_TYPE_INT, LSC_RED_BAND, 6, 3), 2);
  CHECK_EQ_INT(COMBINE(int, LSC_TYPE_INT, LSC_RED_BOR, 6, 3), 7);
  CHECK_EQ_INT(COMBINE(int, LSC_TYPE_INT, LSC_RED_BXOR, 6, 3), 5);
  CHECK_EQ_INT(COMBINE(int, LSC_TYPE_INT, LSC_RED_LAND, 6, 0), 0);
  CHECK_EQ_INT(COMBINE(int, LSC_TYPE_INT, LSC_RED_LOR, 0, 3), 1);
  signed char acc_sc, part_sc;
  CHECK_EQ_INT(COMBINE(sc, LSC_TYPE_SCHAR, LSC_RED_ADD, 127, 1), -128);
  unsigned short acc_us, part_us;
  CHECK_EQ_INT(COMBINE(us, LSC_TYPE_USHORT, LSC_RED_MUL, 300, 300), (300 * 300) % 65536);
  long long acc_ll, part_ll;
  CHECK_EQ_INT(COMBINE(ll, LSC_TYPE_LLONG, LSC_RED_MUL, LLONG_MAX, 2), -2);
  double acc_d, part_d;
  CHECK(COMBINE(d, LSC_TYPE_DOUBLE, LSC_RED_ADD, 0.5, 0.25) == 0.75);
  CHECK(COMBINE(d, LSC_TYPE_DOUBLE, LSC_RED_MIN, 0.5, -INFINITY) == -INFINITY);
  CHECK(COMBINE(d, LSC_TYPE_DOUBLE, LSC_RED_LAND, 0.5, 2.0) == 1.0);
  CHECK(COMBINE(d, LSC_TYPE_DOUBLE, LSC_RED_LOR, 0.0, 0.0) == 0.0);
  float acc_f, part_f;
  CHECK(COMBINE(f, LSC_TYPE_FLOAT, LSC_RED_MUL, 1.5f, 2.0f) == 3.0f);
  long double acc_ld, part_ld;
  CHECK(COMBINE(ld, LSC_TYPE_LDOUBLE, LSC_RED_MAX, 1.0L, 2.0L) == 2.0L);
  bool acc_b, part_b;
  CHECK(COMBINE(b, LSC_TYPE_BOOL, LSC_RED_ADD, true, true) == true);
  CHECK(COMBINE(b, LSC_TYPE_BOOL, LSC_RED_MUL, true, false) == false);
  CHECK(COMBINE(b, LSC_TYPE_BOOL, LSC_RED_BXOR, true, true) == false);
  unsigned long acc_ul, part_ul;
  CHECK(COMBINE(ul, LSC_TYPE_ULONG, LSC_RED_ADD, 0, ULONG_MAX) == ULONG_MAX);
}

/* Combining a value with the identity leaves it unchanged, for every supported pair. */
static void test_identity_is_neutral(void) {
  for (int t = LSC_TYPE_CHAR; t <= LSC_TYPE_BOOL; t++)
    for (int op = LSC_RED_ADD; op <= LSC_RED_LOR; op++) {
      if (!lsc_reduce_supported((lsc_type)t, (lsc_redop)op))
        continue;
      long double value = 0, ident = 0, acc;
      unsigned char *bytes = (unsigned char *)&value;
      size_t size = lsc_type_size((lsc_type)t);
      bytes[0] = 1; /* 1 in every integer type (little-endian); floating types are set below */
      float one_f = 1.0f;
      double one_d = 1.0;
      if (t == LSC_TYPE_FLOAT)
        memcpy(&value, &one_f, sizeof one_f);
      if (t == LSC_TYPE_DOUBLE)
        memcpy(&value, &one_d, sizeof one_d);
      if (t == LSC_TYPE_LDOUBLE)
        value = 1.0L;
      lsc_reduce_identity((lsc_type)t, (lsc_redop)op, &ident);
      acc = ident;
      lsc_reduce_combine((lsc_type)t, (lsc_redop)op, &acc, &value);
      if (memcmp(&acc, &value, size == 16 ? 10 : size) != 0)
        UNIT_FAIL_AT("%s %s: identity is not neutral", lsc_type_name((lsc_type)t),
                     lsc_redop_name((lsc_redop)op));
    }
}

static void test_supported(void) {
  CHECK(lsc_reduce_supported(LSC_TYPE_INT, LSC_RED_BXOR));
  CHECK(lsc_reduce_supported(LSC_TYPE_DOUBLE, LSC_RED_LOR));
  CHECK(!lsc_reduce_supported(LSC_TYPE_DOUBLE, LSC_RED_BAND));
  CHECK(!lsc_reduce_supported(LSC_TYPE_FLOAT, LSC_RED_BOR));
  CHECK(!lsc_reduce_supported(LSC_TYPE_LDOUBLE, LSC_RED_BXOR));
  CHECK(!lsc_reduce_supported((lsc_type)99, LSC_RED_ADD));
  CHECK(!lsc_reduce_supported(LSC_TYPE_INT, (lsc_redop)42));
  CHECK_EQ_INT(lsc_type_size(LSC_TYPE_SHORT), sizeof(short));
  CHECK_EQ_INT(lsc_type_size((lsc_type)99), 0);
  CHECK_EQ_STR(lsc_redop_name(LSC_RED_LAND), "&&");
  CHECK_EQ_STR(lsc_type_name(LSC_TYPE_ULLONG), "unsigned long long");
}

/* Reproducible mode's combine: the partials strictly left to right after the accumulator. With doubles whose
 * sum depends on the association, only that order gives these bits. */
static void test_in_order(void) {
  double parts[4] = {1e16, 1.0, -1e16, 1.0};
  double acc = 0.0;
  lsc_reduce_in_order(LSC_TYPE_DOUBLE, LSC_RED_ADD, &acc, parts, sizeof(double), 4);
  CHECK(acc == ((((0.0 + 1e16) + 1.0) + -1e16) + 1.0)); /* 1.0: the first 1.0 is absorbed by 1e16 */
  CHECK(acc == 1.0);
  acc = 0.0;
  lsc_reduce_in_order(LSC_TYPE_DOUBLE, LSC_RED_ADD, &acc, parts + 1, sizeof(double), 3); /* another order */
  CHECK(acc == 0.0 + ((1.0 + -1e16) + 1.0));
  /* The accumulator's value comes first: 1e16 + 1.0 loses the 1.0 that 1.0 + 1.0 would keep. */
  acc = 1.0;
  double two[2] = {1.0, 1e16};
  lsc_reduce_in_order(LSC_TYPE_DOUBLE, LSC_RED_ADD, &acc, two, sizeof(double), 2);
  CHECK(acc == (1.0 + 1.0) + 1e16);
  /* Count 0 leaves the accumulator alone. */
  acc = 42.0;
  lsc_reduce_in_order(LSC_TYPE_DOUBLE, LSC_RED_ADD, &acc, NULL, sizeof(double), 0);
  CHECK(acc == 42.0);
  /* The stride steps over the other variables of a block: blocks of {int, double}, min of the ints and
   * product of the doubles, as rank 0's table lays them out. */
  struct {
    int i;
    double d;
  } blocks[3] = {{5, 2.0}, {-3, 0.5}, {9, 3.0}};
  int mn = 4;
  double prod = 1.5;
  lsc_reduce_in_order(LSC_TYPE_INT, LSC_RED_MIN, &mn, &blocks[0].i, sizeof blocks[0], 3);
  lsc_reduce_in_order(LSC_TYPE_DOUBLE, LSC_RED_MUL, &prod, &blocks[0].d, sizeof blocks[0], 3);
  CHECK_EQ_INT(mn, -3);
  CHECK(prod == ((1.5 * 2.0) * 0.5) * 3.0);
  /* Integers wrap the same way in any order, through the same path. */
  unsigned char bytes[3] = {200, 100, 7}, sum = 10;
  lsc_reduce_in_order(LSC_TYPE_UCHAR, LSC_RED_ADD, &sum, bytes, 1, 3);
  CHECK_EQ_INT(sum, (10 + 200 + 100 + 7) % 256);
  unsigned bits[3] = {0xF0u, 0x3Cu, 0x0Fu}, x = 1;
  lsc_reduce_in_order(LSC_TYPE_UINT, LSC_RED_BXOR, &x, bits, sizeof(unsigned), 3);
  CHECK_EQ_INT(x, 1u ^ 0xF0u ^ 0x3Cu ^ 0x0Fu);
  /* max of -0.0 and +0.0 keeps whichever came first: the order fixes even that bit. */
  double zeros[2] = {-0.0, 0.0}, mx = -INFINITY;
  lsc_reduce_in_order(LSC_TYPE_DOUBLE, LSC_RED_MAX, &mx, zeros, sizeof(double), 2);
  CHECK(mx == 0.0 && signbit(mx));
}

int main(void) {
  RUN(test_identities);
  RUN(test_combine);
  RUN(test_identity_is_neutral);
  RUN(test_supported);
  RUN(test_in_order);
  return unit_result();
}
