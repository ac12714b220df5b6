// Function-like macros anywhere in marked loops survive into the generated code: a bound written
// BOUND(NI, ni) (whose expansion ends in an argument), a body whose last token is a macro argument
// (SV(9.0) with `#define SV(x) x`), macros in subscripts, conditions, inner loop headers and steps, an
// object-like macro that expands to a function-like one (SCALE(2.0)), a whole bound in one macro
// (UPPER_NI), and a pipelined nest whose inner bound and body end in macros.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra -I%S %lsc-libs
// RUN: %seq-build %t.seq %s -I%S -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
#include <stdio.h>

#include "Inputs/kernel_macros.h"

static double A[NI][NJ], B[NI], C[NI], D[NI];
static double G[NI][NJ];

static void kernel(int ni) {
#pragma lsc parallel for
  for (int i = 0; i < BOUND(NI, ni); i++)
    B[i] = (double)i / SV(9.0);
#pragma lsc parallel for
  for (int i = SV(0); i < LAST_ROW(BOUND(NI, ni)); i += SV(1))
    for (int j = 0; j < BOUND(NJ, NJ); j++)
      if (IS_EVEN(j))
        IDX(A[i], j) = B[SV(i)] * SCALE(2.0);
      else
        A[i][SV(j)] = SCALE(j) + SV(B[i]);
#pragma lsc parallel for
  for (int i = 0; i < UPPER_NI; i++)
    C[SV(i)] = B[i] + SV(A[i][0]);
#pragma lsc parallel for
  for (int i = 0; SV(i) < ni; i++) {
    D[i] = C[i] * SV(0.5);
  }
#pragma lsc pipeline for
  for (int i = 1; i < BOUND(NI, NI); i++)
    for (int j = 1; j < BOUND(NJ, NJ); j++)
      G[i][j] = G[i - 1][j] + SV(G[i][j - 1]);
}

int main(void) {
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      G[i][j] = (i * 7 + j * 3) % 11;
  kernel(NI);
  double s = 0;
  for (int i = 0; i < NI; i++) {
    s += B[i] + C[i] + D[i];
    for (int j = 0; j < NJ; j++)
      s += (A[i][j] + G[i][j] * 1e-3) * (j + 1);
  }
  printf("%.6f\n", s);
  return 0;
}

// The bound, the first value and the step keep their macros; no text is cut short or left behind.
// CHECK: lsc_iv_trip_count(0, BOUND(NI, ni), 1, LSC_CMP_LT,
// CHECK: lsc_iv_trip_count(SV(0), LAST_ROW(BOUND(NI, ni)), 1, LSC_CMP_LT,
// CHECK: lsc_iv_trip_count(0, UPPER_NI, 1, LSC_CMP_LT,
