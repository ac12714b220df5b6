// A pipelined nest gives no private value back: a private scalar read after the nest is refused at that read.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
double smooth(int rows, int cols, double g[rows][cols]) {
  double t = 0;
#pragma lsc pipeline for private(t)
  for (int r = 1; r < rows; r++)
    for (int c = 1; c < cols; c++) {
      t = g[r - 1][c] * 0.5;
      g[r][c] = t + g[r][c - 1];
    }
  return t;
}

// ERR: {{.*}}private_pipeline_after.c:13:10: error: 't' is read after the pipelined nest, but its iterations each write their own copy and a pipelined nest gives none back; declare a variable for it inside the nest's body
// ERR-NEXT:   return t;
// ERR-NEXT:          ^
// ERR-NEXT: 1 error generated.
