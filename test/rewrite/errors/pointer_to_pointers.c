// double **: rows are not contiguous.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
void clear(double **rows, int n, int m) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      rows[i][j] = 0;
}

// ERR: {{.*}}pointer_to_pointers.c:[[@LINE-3]]:7: error: 'rows' is accessed through a pointer stored in its elements; lsc can only move contiguous arrays
// ERR-NEXT:       rows[i][j] = 0;
// ERR-NEXT:       ^
// ERR-NEXT: 1 error generated.
