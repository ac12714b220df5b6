/* reduce.c - identities and combination for every (type, operator) pair, generated from one table of types
 * (LSC_EACH_TYPE) so that no pair is written by hand; values move through memcpy, since partials arrive as
 * bytes of a message. + and * go through the type's unsigned counterpart: integers wrap, never overflow. */
#include "exec/reduce.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

/* Every type once: enum value, C type, the type its + and * wrap through, min, max, floating?, all bits set
 */
#define LSC_EACH_TYPE(X)                                                                                     \
  X(LSC_TYPE_CHAR, char, unsigned char, CHAR_MIN, CHAR_MAX, 0, UCHAR_MAX)                                    \
  X(LSC_TYPE_SCHAR, signed char, unsigned char, SCHAR_MIN, SCHAR_MAX, 0, UCHAR_MAX)                          \
  X(LSC_TYPE_UCHAR, unsigned char, unsigned char, 0, UCHAR_MAX, 0, UCHAR_MAX)                                \
  X(LSC_TYPE_SHORT, short, unsigned short, SHRT_MIN, SHRT_MAX, 0, USHRT_MAX)                                 \
  X(LSC_TYPE_USHORT, unsigned short, unsigned short, 0, USHRT_MAX, 0, USHRT_MAX)                             \
  X(LSC_TYPE_INT, int, unsigned, INT_MIN, INT_MAX, 0, UINT_MAX)                                              \
  X(LSC_TYPE_UINT, unsigned, unsigned, 0, UINT_MAX, 0, UINT_MAX)                                             \
  X(LSC_TYPE_LONG, long, unsigned long, LONG_MIN, LONG_MAX, 0, ULONG_MAX)                                    \
  X(LSC_TYPE_ULONG, unsigned long, unsigned long, 0, ULONG_MAX, 0, ULONG_MAX)                                \
  X(LSC_TYPE_LLONG, long long, unsigned long long, LLONG_MIN, LLONG_MAX, 0, ULLONG_MAX)                      \
  X(LSC_TYPE_ULLONG, unsigned long long, unsigned long long, 0, ULLONG_MAX, 0, ULLONG_MAX)                   \
  X(LSC_TYPE_FLOAT, float, float, -INFINITY, INFINITY, 1, 0)                                                 \
  X(LSC_TYPE_DOUBLE, double, double, -INFINITY, INFINITY, 1, 0)                                              \
  X(LSC_TYPE_LDOUBLE, long double, long double, -INFINITY, INFINITY, 1, 0)                                   \
  X(LSC_TYPE_BOOL, bool, unsigned, 0, 1, 0, 1)

size_t lsc_type_size(lsc_type t) {
  switch (t) {
#define SIZE_CASE(id, T, U, lo, hi, fp, ones)                                                                \
  case id:                                                                                                   \
    return sizeof(T);
    LSC_EACH_TYPE(SIZE_CASE)
#undef SIZE_CASE
  }
  return 0;
}

const char *lsc_type_name(lsc_type t) {
  switch (t) {
#define NAME_CASE(id, T, U, lo, hi, fp, ones)                                                                \
  case id:                                                                                                   \
    return #T;
    LSC_EACH_TYPE(NAME_CASE)
#undef NAME_CASE
  }
  return "(unknown type)";
}

const char *lsc_redop_name(lsc_redop op) {
  static const char *const names[] = {"+", "*", "min", "max", "&", "|", "^", "&&", "||"};
  return (unsigned)op < sizeof names / sizeof names[0] ? names[op] : "(unknown operator)";
}

static int is_floating(lsc_type t) {
  switch (t) {
#define FP_CASE(id, T, U, lo, hi, fp, ones)                                                                  \
  case id:                                                                                                   \
    return fp;
    LSC_EACH_TYPE(FP_CASE)
#undef FP_CASE
  }
  return 0;
}

int lsc_reduce_supported(lsc_type t, lsc_redop op) {
  if (lsc_type_size(t) == 0 || (unsigned)op > LSC_RED_LOR)
    return 0;
  return !(is_floating(t) && (op == LSC_RED_BAND || op == LSC_RED_BOR || op == LSC_RED_BXOR));
}

/* Bitwise operators never reach the floating instantiations (lsc_reduce_supported refuses them), but the
 * switch must still compile for every type: BITS(x) gives floating types a harmless integer stand-in. */
#define BITS_fp0(T, x) (x)
#define BITS_fp1(T, x) ((unsigned long long)0)

#define DEFINE_TYPE_OPS(id, T, U, lo, hi, fp, ones)                                                          \
  static T identity_##id(lsc_redop op) {                                                                     \
    switch (op) {                                                                                            \
    case LSC_RED_MUL:                                                                                        \
    case LSC_RED_LAND:                                                                                       \
      return (T)1;                                                                                           \
    case LSC_RED_MIN:                                                                                        \
      return (T)(hi);                                                                                        \
    case LSC_RED_MAX:                                                                                        \
      return (T)(lo);                                                                                        \
    case LSC_RED_BAND:                                                                                       \
      return (T)(ones);                                                                                      \
    case LSC_RED_ADD: /* -0.0, not 0.0: x + -0.0 is x for every x, -0.0 included (-0.0 + 0.0 is +0.0) */     \
      return (T)-0.0;                                                                                        \
    default:                                                                                                 \
      return (T)0;                                                                                           \
    }                                                                                                        \
  }                                                                                                          \
  static T combine_##id(lsc_redop op, T x, T y) {                                                            \
    switch (op) {                                                                                            \
    case LSC_RED_ADD: {                                                                                      \
      U sum = (U)x + (U)y;                                                                                   \
      return (T)sum;                                                                                         \
    }                                                                                                        \
    case LSC_RED_MUL: {                                                                                      \
      U product = (U)x * (U)y;                                                                               \
      return (T)product;                                                                                     \
    }                                                                                                        \
    case LSC_RED_MIN:                                                                                        \
      return y < x ? y : x;                                                                                  \
    case LSC_RED_MAX:                                                                                        \
      return y > x ? y : x;                                                                                  \
    case LSC_RED_BAND:                                                                                       \
      return (T)(BITS_fp##fp(T, x) & BITS_fp##fp(T, y));                                                     \
    case LSC_RED_BOR:                                                                                        \
      return (T)(BITS_fp##fp(T, x) | BITS_fp##fp(T, y));                                                     \
    case LSC_RED_BXOR:                                                                                       \
      return (T)(BITS_fp##fp(T, x) ^ BITS_fp##fp(T, y));                                                     \
    case LSC_RED_LAND:                                                                                       \
      return (T)(x && y);                                                                                    \
    case LSC_RED_LOR:                                                                                        \
      return (T)(x || y);                                                                                    \
    }                                                                                                        \
    return x;                                                                                                \
  }
LSC_EACH_TYPE(DEFINE_TYPE_OPS)
#undef DEFINE_TYPE_OPS

void lsc_reduce_identity(lsc_type t, lsc_redop op, void *out) {
  switch (t) {
#define IDENTITY_CASE(id, T, U, lo, hi, fp, ones)                                                            \
  case id: {                                                                                                 \
    T v = identity_##id(op);                                                                                 \
    memcpy(out, &v, sizeof v);                                                                               \
    return;                                                                                                  \
  }
    LSC_EACH_TYPE(IDENTITY_CASE)
#undef IDENTITY_CASE
  }
}

void lsc_reduce_combine(lsc_type t, lsc_redop op, void *acc, const void *part) {
  switch (t) {
#define COMBINE_CASE(id, T, U, lo, hi, fp, ones)                                                             \
  case id: {                                                                                                 \
    T x, y;                                                                                                  \
    memcpy(&x, acc, sizeof x);                                                                               \
    memcpy(&y, part, sizeof y);                                                                              \
    x = combine_##id(op, x, y);                                                                              \
    memcpy(acc, &x, sizeof x);                                                                               \
    return;                                                                                                  \
  }
    LSC_EACH_TYPE(COMBINE_CASE)
#undef COMBINE_CASE
  }
}

void lsc_reduce_in_order(lsc_type t, lsc_redop op, void *acc, const void *parts, size_t stride,
                         int64_t count) {
  const unsigned char *part = parts;
  for (int64_t i = 0; i < count; i++, part += stride)
    lsc_reduce_combine(t, op, acc, part);
}
