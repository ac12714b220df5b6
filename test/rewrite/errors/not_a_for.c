// The pragma on a while loop.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[10], i = 0;
#pragma lsc parallel for
  while (i < 10) {
    a[i] = i;
    i++;
  }
  return a[0];
}

// ERR: {{.*}}not_a_for.c:[[@LINE-7]]:3: error: '#pragma lsc parallel for' must be followed by a 'for' loop
// ERR-NEXT:   while (i < 10) {
// ERR-NEXT:   ^
// ERR-NEXT: {{.*}}not_a_for.c:[[@LINE-11]]:1: note: the pragma is here
// ERR-NEXT: #pragma lsc parallel for
// ERR-NEXT: ^
// ERR-NEXT: 1 error generated.
