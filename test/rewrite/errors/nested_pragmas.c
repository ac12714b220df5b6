// A parallel loop inside another.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[10][10];
#pragma lsc parallel for
  for (int i = 0; i < 10; i++) {
#pragma lsc parallel for
    for (int j = 0; j < 10; j++)
      a[i][j] = i + j;
  }
  return a[0][0];
}

// ERR: {{.*}}nested_pragmas.c:[[@LINE-7]]:1: error: '#pragma lsc' loops cannot be nested; the enclosing loop is already parallel
// ERR-NEXT: #pragma lsc parallel for
// ERR-NEXT: ^
// ERR-NEXT: {{.*}}nested_pragmas.c:[[@LINE-12]]:1: note: the enclosing parallel loop
// ERR-NEXT: #pragma lsc parallel for
// ERR-NEXT: ^
// ERR-NEXT: 1 error generated.
