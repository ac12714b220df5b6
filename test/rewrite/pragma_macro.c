// _Pragma("lsc ...") produced by a macro is rewritten like the written pragma: an object-like macro, a
// stringizing function-like macro (`_Pragma(#x)`), a macro that expands to another, a macro from a header
// whose words are pasted from its argument, and a _Pragma inside another macro's argument. The macro's use
// is replaced by the loop; the output matches the sequential program.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c -- -I%S/Inputs
// RUN: FileCheck %s < %t.lsc.c
// RUN: FileCheck %s --check-prefix=CALLS < %t.lsc.c
// RUN: not grep -E '^ *(PAR|SUM_LOOP|LSC_PARALLEL_FOR\(tss\)|DO_PRAGMA\(lsc.*)$' %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra -I%S/Inputs %lsc-libs
// RUN: %seq-build %t.seq %s -I%S/Inputs -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
#include "lsc_macros.h"
#include <stdio.h>

#define PAR _Pragma("lsc parallel for schedule(gss)")
#define DO_PRAGMA(x) _Pragma(#x)
#define SUM_LOOP DO_PRAGMA(lsc parallel for reduction(+: total))
#define SAME(x) x

int main(void) {
  int a[300], b[300], c[300];
  long total = 0;
  PAR
  for (int i = 0; i < 300; i++)
    a[i] = 3 * i;
  DO_PRAGMA(lsc parallel for schedule(fss))
  for (int i = 0; i < 300; i++)
    b[i] = a[i] + 1;
  SUM_LOOP
  for (int i = 0; i < 300; i++)
    total += b[i];
  LSC_PARALLEL_FOR(tss)
  for (int i = 0; i < 300; i++)
    c[i] = b[i] - a[i];
  SAME(_Pragma("lsc parallel for"))
  for (int i = 0; i < 300; i++)
    c[i] += i;
  long check = 0;
  for (int i = 0; i < 300; i++)
    check += c[i] * (i % 7);
  printf("%ld %ld\n", total, check);
  return 0;
}

// The macro uses are gone; each loop is a site with the macro's clauses.
// CHECK: .line = 25, {{.*}}
// CHECK-NEXT: .schedule = "gss",
// CHECK: .line = 28, {{.*}}
// CHECK-NEXT: .schedule = "fss",
// CHECK: .line = 31, {{.*}}
// CHECK: .line = 34, {{.*}}
// CHECK-NEXT: .schedule = "tss",
// CHECK: .line = 37, {{.*}}
// CHECK: {{"total", LSC_VAR_REDUCTION}}
// CALLS-COUNT-5: {{^ *}}lsc_parallel_for(&lsc_site_
