// Signed variables of int's rank or wider must not overflow (C leaves it undefined): when the constants show a
// loop whose variable overflows, lsc-rewrite warns and still rewrites (the run time then counts as if the
// variable wrapped around, or stops a loop that never ends). Loops that end exactly at the type's limit are fine.
// RUN: %lsc-rewrite %s -o %t.lsc.c 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: FileCheck %s < %t.lsc.c
#include <limits.h>

long s0, s1, s2, s3;

void f(void) {
#pragma lsc parallel for reduction(+ : s0)
  for (int i = 0; i <= INT_MAX; i++)
    s0 += i;
#pragma lsc parallel for reduction(+ : s1)
  for (int i = INT_MAX - 5; i < INT_MAX; i += 3)
    s1 += i;
#pragma lsc parallel for reduction(+ : s2)
  for (long i = 0; i < LONG_MAX; i++) /* ends at LONG_MAX: no overflow */
    s2 += i;
#pragma lsc parallel for reduction(+ : s3)
  for (signed char c = 100; c != -100; c++) /* wraps, but a narrow type wraps by conversion, not overflow */
    s3 += c;
}

// WARN: overflow_warnings.c:12:19: warning: 'i <= INT_MAX' is true for every value of 'int': the loop never ends ('i' overflows 'int' first: undefined behaviour in C); lsc stops it at run time with an error
// WARN: overflow_warnings.c:15:29: warning: 'i' overflows 'int' after 2 iterations (from INT_MAX - 5, steps of 3): undefined behaviour in C; lsc counts as if it wrapped around
// CHECK: lsc_iv_trip_count(0, INT_MAX, 1, LSC_CMP_LE, LSC_I32, LSC_I32)
// CHECK: lsc_iv_trip_count(0, LONG_MAX, 1, LSC_CMP_LT, LSC_I64, LSC_I64)
// CHECK: lsc_iv_trip_count(100, -100, 1, LSC_CMP_NE, LSC_I8, LSC_I32)
