// clang-format off
// A reduction of every operator on every lsc_type, plus one through a global (LSC_VAR_INDIRECT). Integer
// arithmetic wraps and the float values are exact, so any association gives the sequential result bit for bit.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: %t | FileCheck %s
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// Reproducible mode: per block from the identities, combined in block order; the same exact results.
// RUN: env LSC_REPRODUCIBLE=on %t | FileCheck %s
// RUN: env LSC_REPRODUCIBLE=7 LSC_SCHEDULE=fss %mpirun -np 3 %t | FileCheck %s
// The smallest block (2 iterations; 0 and 1 are the booleans off and on):
// RUN: env LSC_REPRODUCIBLE=2 LSC_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// RUN: env LSC_REPRODUCIBLE=1 LSC_SCHEDULE=css %mpirun -np 3 %t | FileCheck %s
// CHECK: 127 reductions: equal
// CHECK-NOT: differs
// clang-format on
#include "Inputs/site_helpers.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* tag, C type, lsc_type, is floating */
#define TYPES(X)                                                                                             \
  X(c, char, LSC_TYPE_CHAR, 0)                                                                               \
  X(sc, signed char, LSC_TYPE_SCHAR, 0)                                                                      \
  X(uc, unsigned char, LSC_TYPE_UCHAR, 0)                                                                    \
  X(s, short, LSC_TYPE_SHORT, 0)                                                                             \
  X(us, unsigned short, LSC_TYPE_USHORT, 0)                                                                  \
  X(i, int, LSC_TYPE_INT, 0)                                                                                 \
  X(u, unsigned, LSC_TYPE_UINT, 0)                                                                           \
  X(l, long, LSC_TYPE_LONG, 0)                                                                               \
  X(ul, unsigned long, LSC_TYPE_ULONG, 0)                                                                    \
  X(ll, long long, LSC_TYPE_LLONG, 0)                                                                        \
  X(ull, unsigned long long, LSC_TYPE_ULLONG, 0)                                                             \
  X(f, float, LSC_TYPE_FLOAT, 1)                                                                             \
  X(d, double, LSC_TYPE_DOUBLE, 1)                                                                           \
  X(ld, long double, LSC_TYPE_LDOUBLE, 1)                                                                    \
  X(b, bool, LSC_TYPE_BOOL, 0)

#define N 1000
/* Iteration k's operand for each operator: arithmetic that wraps for integers and stays exact for floats. */
#define V_ADD(T, k) ((T)((k) % 23 - 7))
#define V_MUL(T, k) ((T)((k) % 97 == 0 ? 2 : 1))
#define V_MIN(T, k) ((T)(((k)*37) % 101 - 50))
#define V_MAX(T, k) ((T)(((k)*53) % 103 - 20))
#define V_BITS(T, k) ((T)((unsigned long long)(k)*0x9E3779B97F4A7C15ull >> ((k) % 7)))
#define V_LAND(T, k) ((T)((k) != 777))
#define V_LOR(T, k) ((T)((k) == 555))

struct env_red {
#define FIELDS(tag, T, id, fp)                                                                               \
  T add_##tag, mul_##tag, min_##tag, max_##tag, land_##tag, lor_##tag;                                       \
  T band_##tag, bor_##tag, bxor_##tag;
  TYPES(FIELDS)
  long *global_sum;
};
static long global_sum = 100;

static void bind_red(void *env) {
  ((struct env_red *)env)->global_sum = &global_sum;
}

/* x * y, as && for bool: gcc with -fsanitize=undefined warns about '*' in boolean context. */
#define TIMES(x, y) _Generic((x), _Bool: (x) && (y), default: (x) * (y))

#define APPLY(e, tag, T, fp, k)                                                                              \
  do {                                                                                                       \
    (e)->add_##tag += V_ADD(T, k);                                                                           \
    (e)->mul_##tag = TIMES((e)->mul_##tag, V_MUL(T, k));                                                     \
    T mn = V_MIN(T, k), mx = V_MAX(T, k);                                                                    \
    (e)->min_##tag = mn < (e)->min_##tag ? mn : (e)->min_##tag;                                              \
    (e)->max_##tag = mx > (e)->max_##tag ? mx : (e)->max_##tag;                                              \
    (e)->land_##tag = (e)->land_##tag && V_LAND(T, k);                                                       \
    (e)->lor_##tag = (e)->lor_##tag || V_LOR(T, k);                                                          \
    if (!fp)                                                                                                 \
      apply_bits_##tag(e, k);                                                                                \
  } while (0)

#define BITS_FN(tag, T, id, fp) BITS_FN_##fp(tag, T)
#define BITS_FN_0(tag, T)                                                                                    \
  static void apply_bits_##tag(struct env_red *e, int64_t k) {                                               \
    e->band_##tag &= V_BITS(T, k) | (T)(k % 3 ? ~0ull : 0);                                                  \
    e->bor_##tag |= V_BITS(T, k) & (T)(k % 5 == 0);                                                          \
    e->bxor_##tag ^= V_BITS(T, k);                                                                           \
  }
#define BITS_FN_1(tag, T)                                                                                    \
  static void apply_bits_##tag(struct env_red *e, int64_t k) {                                               \
    (void)e;                                                                                                 \
    (void)k;                                                                                                 \
  }
TYPES(BITS_FN)

static void apply_all(struct env_red *e, int64_t k) {
#define APPLY_TYPE(tag, T, id, fp) APPLY(e, tag, T, fp, k);
  TYPES(APPLY_TYPE)
}

/* As the contract says: reductions are read into locals at entry and stored back at exit. */
static void body_red(int64_t lo, int64_t hi, void *env) {
  struct env_red *e = env, acc = *e;
  long gsum = *e->global_sum;
  for (int64_t k = lo; k < hi; k++) {
    apply_all(&acc, k);
    gsum += k % 11;
  }
  acc.global_sum = e->global_sum;
  *e = acc;
  *e->global_sum = gsum;
}
static const lsc_site site_red = LSC_SITE_INIT(__FILE__, __LINE__, body_red, bind_red, struct env_red);

static void init(struct env_red *e) {
  memset(e, 0, sizeof *e);
#define INIT(tag, T, id, fp)                                                                                 \
  e->add_##tag = (T)3;                                                                                       \
  e->mul_##tag = (T)3;                                                                                       \
  e->min_##tag = (T)40;                                                                                      \
  e->max_##tag = (T)(-3);                                                                                    \
  e->land_##tag = (T)1;                                                                                      \
  e->lor_##tag = (T)0;                                                                                       \
  e->band_##tag = (T)(fp ? 0 : -1);                                                                          \
  e->bor_##tag = (T)8;                                                                                       \
  e->bxor_##tag = (T)5;
  TYPES(INIT)
}

int main(void) {
  struct env_red env, ref;
  init(&env);
  init(&ref);
  lsc_var vars[140];
  int nv = 0;
#define VAR(tag, T, id, fp, opname, op)                                                                      \
  vars[nv++] = (lsc_var)TEST_REDUCTION(struct env_red, opname##_##tag, id, op);
#define VARS(tag, T, id, fp)                                                                                 \
  VAR(tag, T, id, fp, add, LSC_RED_ADD)                                                                      \
  VAR(tag, T, id, fp, mul, LSC_RED_MUL)                                                                      \
  VAR(tag, T, id, fp, min, LSC_RED_MIN)                                                                      \
  VAR(tag, T, id, fp, max, LSC_RED_MAX)                                                                      \
  VAR(tag, T, id, fp, land, LSC_RED_LAND)                                                                    \
  VAR(tag, T, id, fp, lor, LSC_RED_LOR)                                                                      \
  if (!fp) {                                                                                                 \
    VAR(tag, T, id, fp, band, LSC_RED_BAND)                                                                  \
    VAR(tag, T, id, fp, bor, LSC_RED_BOR)                                                                    \
    VAR(tag, T, id, fp, bxor, LSC_RED_BXOR)                                                                  \
  }
  TYPES(VARS)
  vars[nv++] = (lsc_var){.name = "global_sum",
                         .kind = LSC_VAR_REDUCTION,
                         .flags = LSC_VAR_INDIRECT,
                         .offset = offsetof(struct env_red, global_sum),
                         .size = sizeof(long),
                         .type = LSC_TYPE_LONG,
                         .op = LSC_RED_ADD};
  lsc_parallel_for(&site_red, &env, vars, nv, lsc_trip_count(0, N, 1, LSC_CMP_LT));

  long ref_global = 100;
  for (int64_t k = 0; k < N; k++) {
    apply_all(&ref, k);
    ref_global += k % 11;
  }
  int bad = 0;
  for (int v = 0; v < nv - 1; v++)
    if (memcmp((char *)&env + vars[v].offset, (char *)&ref + vars[v].offset,
               vars[v].type == LSC_TYPE_LDOUBLE ? 10 : vars[v].size) != 0 &&
        ++bad)
      printf("%s differs\n", vars[v].name);
  if (global_sum != ref_global && ++bad)
    printf("global_sum differs: %ld vs %ld\n", global_sum, ref_global);
  printf("%d reductions: %s\n", nv, bad ? "differ" : "equal");
  return bad != 0;
}
