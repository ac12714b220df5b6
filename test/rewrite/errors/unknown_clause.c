// An unknown clause, at its column.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[10];
#pragma lsc parallel for schedule(gss) nowait
  for (int i = 0; i < 10; i++)
    a[i] = i;
  return a[0];
}

// ERR: {{.*}}unknown_clause.c:[[@LINE-6]]:40: error: unknown clause 'nowait' in '#pragma lsc parallel for'
// ERR-NEXT: #pragma lsc parallel for schedule(gss) nowait
// ERR-NEXT:                                        ^
// ERR-NEXT: 1 error generated.
