// A misspelt directive.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[100];
#pragma lsc paralel for
  for (int i = 0; i < 100; i++)
    a[i] = i;
  return a[0];
}

// ERR: {{.*}}unknown_directive.c:[[@LINE-6]]:13: error: unknown lsc directive 'paralel'; did you mean 'parallel for'? expected 'parallel for', 'pipeline for', 'data', 'update', 'enter data' or 'exit data'
// ERR-NEXT: #pragma lsc paralel for
// ERR-NEXT:             ^
// ERR-NEXT: 1 error generated.
