// A pipelined nest maps rows and columns to array slices linearly in the logical iterations and has no
// run-time fallback to one rank, so a variable that may wrap around inside the loop is refused; a unit step
// towards a < bound is proven not to wrap, whatever the type.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
double g[64][64];

void f(unsigned char n) {
#pragma lsc pipeline for
  for (unsigned char t = 1; t < n; t += 3)
    for (unsigned char j = 1; j < 63; j++)
      g[t][j] = g[t - 1][j] + g[t][j - 1];
}

// ERR: {{.*}}pipeline_wrap_refused.c:11:29: error: 't' ('unsigned char') may wrap around inside the loop, and a pipelined nest maps its iterations to array slices linearly; use a signed 'int' or 'long', or a step of 1 or -1 with '<', '<=', '>' or '>='
// ERR-NEXT:   for (unsigned char t = 1; t < n; t += 3)
// ERR-NEXT:                             ^
// ERR-NEXT: 1 error generated.
