// The induction variable written in the body.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[100];
#pragma lsc parallel for
  for (int i = 0; i < 100; i++) {
    a[i] = i;
    i += 1;
  }
  return a[0];
}

// ERR: {{.*}}iv_modified.c:[[@LINE-5]]:5: error: the induction variable 'i' is modified in the loop body
// ERR-NEXT:     i += 1;
// ERR-NEXT:     ^
// ERR-NEXT: 1 error generated.
