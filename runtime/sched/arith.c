/* arith.c - 64-bit products and quotients that must not overflow for N up to 2^62 and 10^6 workers, and the
 * formulas several schemes share (the trapezoid of TSS, TFSS and DTSS), so no scheme file calls another. */
#include "sched_internal.h"

#ifdef __SIZEOF_INT128__
/* The compilers lsc supports (gcc, clang) have 128-bit integers on every 64-bit target. */
typedef unsigned __int128 lsc_wide;

int64_t lsc_mul_div_floor(int64_t a, int64_t b, int64_t c) {
  return (int64_t)((lsc_wide)(uint64_t)a * (uint64_t)b / (uint64_t)c);
}

int64_t lsc_mul_div_ceil(int64_t a, int64_t b, int64_t c) {
  lsc_wide product = (lsc_wide)(uint64_t)a * (uint64_t)b;
  return (int64_t)((product + (uint64_t)c - 1) / (uint64_t)c);
}
#else
/* Without 128-bit integers: split a into quotient and remainder by c so no intermediate exceeds 64 bits
 * as long as b and c stay below 2^31, which every caller guarantees on such targets. */
int64_t lsc_mul_div_floor(int64_t a, int64_t b, int64_t c) {
  return (a / c) * b + (a % c) * b / c;
}

int64_t lsc_mul_div_ceil(int64_t a, int64_t b, int64_t c) {
  int64_t whole = (a / c) * b, part = (a % c) * b;
  return whole + part / c + (part % c != 0);
}
#endif

int64_t lsc_div_ceil(int64_t a, int64_t b) {
  return a / b + (a % b != 0);
}

int64_t lsc_trapezoid_mean(int64_t first, int64_t delta, int64_t floor_value, int64_t count) {
  /* Terms stay above the floor for i <= (first - floor) / delta; the rest sit on the floor. */
  int64_t sloped = count;
  if (delta > 0 && (first - floor_value) / delta + 1 < count)
    sloped = (first - floor_value) / delta + 1;
#ifdef __SIZEOF_INT128__
  __int128 sum = (__int128)sloped * first - (__int128)delta * sloped * (sloped - 1) / 2 +
                 (__int128)(count - sloped) * floor_value;
  return (int64_t)(sum / count);
#else
  long double sum = (long double)sloped * first - (long double)delta * sloped * (sloped - 1) / 2 +
                    (long double)(count - sloped) * floor_value;
  return (int64_t)(sum / count);
#endif
}

int64_t lsc_size_from_real(double size) {
  if (!(size >= 1.0))
    return 1;
  if (size >= (double)LSC_SCHED_MAX_ITERATIONS)
    return LSC_SCHED_MAX_ITERATIONS;
  return (int64_t)size;
}

void lsc_trapezoid(int64_t total, int64_t procs, int64_t first, int64_t last, int64_t *f, int64_t *l,
                   int64_t *d) {
  /* [chang-alpha] 2.1.2 (TSS): F = floor(I/2p), L = 1, N = ceil(2I/(F+L)), D = floor((F-L)/(N-1)) */
  int64_t big_l = last > 0 ? last : 1;
  int64_t big_f = first > 0 ? first : lsc_max64(total / (2 * procs), 1);
  if (big_f < big_l) /* a defaulted F below a user's L: the trapezoid degenerates to chunks of L */
    big_f = big_l;
  /* 2I reaches 2^63 for I = 2^62: counted in unsigned arithmetic */
  uint64_t twice = 2 * (uint64_t)total, sum = (uint64_t)big_f + (uint64_t)big_l;
  uint64_t steps = twice / sum + (twice % sum != 0);
  *f = big_f;
  *l = big_l;
  *d = steps > 1 ? (int64_t)((uint64_t)(big_f - big_l) / (steps - 1)) : 0;
}
