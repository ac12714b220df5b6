/* trip_count.c - how many times `for (T i = init; i CMP bound; i += step)` runs in C, for every integer type
 * T of up to 64 bits (lsc_iv_trip_count in lsc.h), and whether i wraps around on the way (lsc_iv_wraps).
 *
 * Approach: i lives on the cycle of 2^W residues (W the width of T) and moves by a fixed residue d. The
 * comparison converts i to the comparison type C; on T's values that conversion keeps C's order along the
 * cycle read from one origin (residue 0, or T's minimum when both are signed), so "the condition is false" is
 * one interval B of positions on the cycle, found by counting T's values below the bound in C. The trip count
 * is then the first k with start + k*d in B: a walk that jumps over B wraps around and may land in it on a
 * later lap or never, which is the classic "first multiple of d modulo m in an interval" problem, solved in
 * O(log m) steps by Euclid-like recursion (first_hit). 128-bit integers hold 2^64 and the products. Pure C,
 * no MPI: the runtime, lsc-rewrite (constant loops at compile time) and the unit tests share it. */
#include "lsc.h"

#ifndef __SIZEOF_INT128__
#error "lsc counts loops over 64-bit types with 128-bit integers: build with gcc or clang on a 64-bit target"
#endif

typedef unsigned __int128 u128;
typedef __int128 s128;

#define NO_HIT (~(u128)0)

static int type_known(int t) {
  int bits = t / 2;
  return t >= 0 && t <= LSC_INT_TYPE_CODE_MAX && (bits == 8 || bits == 16 || bits == 32 || bits == 64);
}

/* The integer a W-bit pattern stands for in a type of that width and signedness. */
static s128 value_of(uint64_t pattern, int bits, int is_signed) {
  u128 low = (u128)pattern & (((u128)1 << bits) - 1);
  if (is_signed && (low >> (bits - 1)) != 0)
    return (s128)low - ((s128)1 << bits);
  return (s128)low;
}

/* How many of the `len` consecutive values first, first + 1, ... lie below b. */
static u128 below(s128 first, u128 len, s128 b) {
  if (b <= first)
    return 0;
  return (u128)(b - first) < len ? (u128)(b - first) : len;
}

/* Positions on the cycle: position p holds the T-value whose C-value is the p-th smallest. */
typedef struct cycle {
  int bits, t_signed, c_signed, c_bits;
  u128 size;   /* 2^W */
  u128 origin; /* the residue at position 0 */
} cycle;

/* Number of positions whose value in C is below b (a C-value). T's values in C are one increasing run,
 * except a signed T compared as unsigned: its negative half lands at the top of C's range. */
static u128 count_below(const cycle *c, s128 b) {
  u128 half = c->size / 2;
  if (!c->t_signed)
    return below(0, c->size, b);
  if (c->c_signed)
    return below(-(s128)half, c->size, b);
  return below(0, half, b) + below(((s128)1 << c->c_bits) - (s128)half, half, b);
}

/* Smallest x >= 0 with a*x mod m in [l, r], where 0 <= a < m <= 2^64 and 0 <= l <= r < m; NO_HIT when no x.
 * If some multiple of a falls in [l, r] before the first wrap, that is the answer. Otherwise [l, r] sits
 * strictly between two multiples of a, and a*x mod m = a*x - m*y lands in it exactly when m*y mod a lands in
 * [a - r mod a, a - l mod a]: the same problem for (m mod a, a), whose smallest y gives the smallest x. */
static u128 first_hit(u128 a, u128 m, u128 l, u128 r) {
  if (l == 0)
    return 0;
  if (a == 0)
    return NO_HIT;
  u128 x = (l - 1) / a + 1; /* ceil(l / a) */
  if (x <= r / a)
    return x;
  u128 y = first_hit(m % a, a, a - r % a, a - l % a);
  if (y == NO_HIT)
    return NO_HIT;
  u128 target = l + m * y; /* y < a <= 2^64 - 1 and m <= 2^64: below 2^128 */
  return target / a + (target % a != 0);
}

int64_t lsc_iv_trip_count(uint64_t init, uint64_t bound, uint64_t step, int cmp, int iv_type, int cmp_type) {
  if (!type_known(iv_type) || !type_known(cmp_type) || cmp < 0 || cmp >= LSC_CMP_COUNT)
    return LSC_TRIP_INVALID;
  cycle c = {iv_type / 2, iv_type & 1, cmp_type & 1, cmp_type / 2, 0, 0};
  /* C is the common type of promoted T and the bound: never narrower than T, and signed only if it holds
   * every value of T. Other pairs do not come from a C comparison. */
  if (c.c_bits < c.bits || (c.c_signed && !c.t_signed && c.c_bits == c.bits))
    return LSC_TRIP_INVALID;
  c.size = (u128)1 << c.bits;
  c.origin = c.t_signed && c.c_signed ? c.size / 2 : 0;
  u128 mask = c.size - 1;
  s128 b = value_of(bound, c.c_bits, c.c_signed);
  u128 lt = count_below(&c, b), le = count_below(&c, b + 1);
  /* The positions where the condition is false: one interval [false_at, false_at + false_len). */
  u128 false_at, false_len;
  switch (cmp) {
  case LSC_CMP_LT:
    false_at = lt, false_len = c.size - lt;
    break;
  case LSC_CMP_LE:
    false_at = le, false_len = c.size - le;
    break;
  case LSC_CMP_GT:
    false_at = 0, false_len = le;
    break;
  case LSC_CMP_GE:
    false_at = 0, false_len = lt;
    break;
  default: /* LSC_CMP_NE */
    false_at = lt, false_len = le - lt;
    break;
  }
  if (false_len == 0)
    return LSC_TRIP_FOREVER;
  u128 start = ((u128)init - c.origin) & mask, d = (u128)step & mask;
  if (start >= false_at && start < false_at + false_len)
    return 0;
  /* Forward distance from the start to the interval, which then spans [dist, dist + false_len - 1] < 2^W. */
  u128 dist = (false_at + c.size - start) & mask;
  u128 k = first_hit(d, c.size, dist, dist + false_len - 1);
  if (k == NO_HIT)
    return LSC_TRIP_FOREVER;
  return k > (u128)INT64_MAX ? LSC_TRIP_TOO_MANY : (int64_t)k;
}

int lsc_iv_wraps(uint64_t init, uint64_t step, int64_t n, int iv_type) {
  if (!type_known(iv_type) || n <= 1)
    return 0;
  int bits = iv_type / 2, is_signed = iv_type & 1;
  s128 first = value_of(init, bits, is_signed), delta = value_of(step, bits, 1);
  s128 last = first + (s128)(n - 1) * delta; /* |n - 1| < 2^63, |delta| <= 2^63: no overflow */
  s128 lo = is_signed ? -((s128)1 << (bits - 1)) : 0;
  s128 hi = is_signed ? ((s128)1 << (bits - 1)) - 1 : ((s128)1 << bits) - 1;
  return last < lo || last > hi;
}
