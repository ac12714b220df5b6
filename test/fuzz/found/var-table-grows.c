// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s --input-file %t.lsc.c
// CHECK: {"p6", LSC_VAR_ARRAY, LSC_VAR_READ,
// RUN: %lsc-build %t %t.lsc.c %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: for np in 1 2 3; do %mpirun -np $np %t > %t.np$np && diff %t.expected %t.np$np || exit 1; done
/* Found by the lsc fuzzer (test/fuzz, classes alias varstart; seed n5000 loop 3711),
   reduced by hand.

   WRONG: the loop starts from a variable the body does not use (lo1). The footprint step met it first, when
   it turned i into init + k*step, and added it to the variable table, whose realloc moved the table under
   the body_var pointer the step held: p6's accesses were written into freed memory and its descriptor went
   out empty ({"p6", LSC_VAR_ARRAY, 0, ...}), so workers read zeros or garbage through p6.
     sequential, np 1:  a2[4] = 413 ...
     np 2, 3:           a2[4] = 19 ...
   The same bug as var-start-eight-variables.c (which only needed the table to hold 8 entries then); the
   sanitized rewriter (AddressSanitizer: heap-use-after-free in inferred_array) shows it at once.

   Fixed: the header's polynomial is computed before the footprints (analysis iv_k), and the table is frozen
   while they are computed (a variable met then stops lsc-rewrite with an internal error, never a wrong
   descriptor). The fuzzer runs the sanitized lsc-rewrite when the build has one.
*/
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

static int64_t g3[156];

int main(void) {
  int na2 = 160;
  int a2[na2];
  for (int t = 0; t < 160; t++)
    a2[t] = (t * 13 + 12) % 101 - 50;
  int na4 = 183;
  unsigned short a4[na4];
  for (int t = 0; t < 183; t++)
    a4[t] = (unsigned short)((t * 13 + 28) % 1000);
  ptrdiff_t lo1 = 0L;
  unsigned short *q7 = a4 + 28;
  unsigned short *p6 = q7;
#pragma lsc parallel for
  for (ptrdiff_t i = lo1; i < 77L; i += 1) {
    {
      long acc9 = 0;
      for (int j8 = 0; j8 < 1; j8++)
        acc9 += p6[(i * 2L) + 2L] + 19;
      a2[156L - (2L * i)] = acc9;
    }
    {
      long acc12 = 0;
      for (int j11 = 0; j11 < 20; j11++)
        acc12 += (-20) + a2[157L - (2L * i)];
      g3[(i * 2L) + 2L] = acc12;
    }
  }
  for (int t = 0; t < 160; t++)
    printf("a2[%d] = %d\n", t, a2[t]);
  for (int t = 0; t < 156; t++)
    printf("g3[%d] = %lld\n", t, (long long)g3[t]);
  return 0;
}
