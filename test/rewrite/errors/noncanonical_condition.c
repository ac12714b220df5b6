// A condition that is not a comparison of the induction variable.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[100];
#pragma lsc parallel for
  for (int i = 0; i * i < 100; i++)
    a[i] = i;
  return a[0];
}

// ERR: {{.*}}noncanonical_condition.c:[[@LINE-5]]:19: error: the loop condition must compare 'i' with '<', '<=', '>', '>=' or '!='
// ERR-NEXT:   for (int i = 0; i * i < 100; i++)
// ERR-NEXT:                   ^
// ERR-NEXT: 1 error generated.
