// A pointer to an element kept in a local: the writes through it cannot be followed.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
void scale_rows(double *a, int n, int m) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++) {
    double *row = &a[i * m];
    for (int j = 0; j < m; j++)
      row[j] *= 2;
  }
}

// ERR: {{.*}}element_address.c:[[@LINE-6]]:20: error: the address of an element of 'a' is taken; lsc cannot follow the accesses made through it (name them in an 'in'/'out'/'inout' clause)
// ERR-NEXT:     double *row = &a[i * m];
// ERR-NEXT:                    ^
// ERR-NEXT: 1 error generated.
