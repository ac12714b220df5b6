// An array passed to a function that may write it.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
void fill(int *row, int n);
void all(int *m, int rows, int cols) {
#pragma lsc parallel for
  for (int r = 0; r < rows; r++)
    fill(&m[r * cols], cols);
}

// ERR: {{.*}}mutable_argument.c:[[@LINE-3]]:11: error: 'm' is passed to 'fill', which may write it; give the elements it touches with an 'out(m[lo:len])' or 'inout(m[lo:len])' clause
// ERR-NEXT:     fill(&m[r * cols], cols);
// ERR-NEXT:           ^
// ERR-NEXT: 1 error generated.
