// A reduction clause without ':'.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[10], s = 0;
#pragma lsc parallel for reduction(+ s)
  for (int i = 0; i < 10; i++)
    s += a[i];
  return s;
}

// ERR: {{.*}}malformed_clause.c:[[@LINE-6]]:38: error: expected ':' after the reduction operator '+'
// ERR-NEXT: #pragma lsc parallel for reduction(+ s)
// ERR-NEXT:                                      ^
// ERR-NEXT: 1 error generated.
