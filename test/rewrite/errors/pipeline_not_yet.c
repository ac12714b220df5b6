// '#pragma lsc pipeline for' is recognised but not supported yet.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[100];
#pragma lsc pipeline for
  for (int i = 1; i < 100; i++)
    a[i] = a[i - 1] + 1;
  return a[0];
}

// ERR: {{.*}}pipeline_not_yet.c:[[@LINE-6]]:13: error: '#pragma lsc pipeline for' is not supported yet
// ERR-NEXT: #pragma lsc pipeline for
// ERR-NEXT:             ^
// ERR-NEXT: 1 error generated.
