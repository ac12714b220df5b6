// Every spelling the preprocessor takes for `#pragma lsc` is found (each was passed over in silence once):
// a comment before the `#` on its line, comments between the words, a line splice inside the directive, and
// a `_Pragma` on a continuation line of a `#define` (the macro's use is the pragma, not the definition), and
// the digraph `%:` for `#`.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
#include <stdio.h>

#define MARK \
  _Pragma("lsc parallel for")

int main(void) {
  double a[200], b[200], c[200], d[200];
  /* first */ #pragma lsc parallel for
  for (int i = 0; i < 200; i++)
    a[i] = i * 0.5;
  # /* between */ pragma /* the words */ lsc parallel for
  for (int i = 0; i < 200; i++)
    b[i] = a[i] + 1;
#pragma lsc \
    parallel for
  for (int i = 0; i < 200; i++)
    c[i] = b[i] * 2;
  MARK
  for (int i = 0; i < 200; i++)
    d[i] = c[i] - a[i];
  %:pragma lsc parallel for
  for (int i = 0; i < 200; i++)
    d[i] += b[i];
  double s = 0;
  for (int i = 0; i < 200; i++)
    s += d[i] * (i % 3);
  printf("%.2f\n", s);
  return 0;
}

// CHECK-COUNT-5: {{^ *}}lsc_parallel_for(&lsc_site_
