// a[i] = a[i-1]: a uniform loop-carried dependence; the hint says pipeline for needs a nest of depth 2.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  double a[1000];
  a[0] = 1;
#pragma lsc parallel for
  for (int i = 1; i < 1000; i++)
    a[i] = a[i - 1] * 0.5;
  return (int)a[999];
}

// ERR: {{.*}}carried_dependence.c:[[@LINE-4]]:12: error: loop-carried dependence: an iteration reads elements of 'a' that another iteration writes
// ERR-NEXT:     a[i] = a[i - 1] * 0.5;
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}carried_dependence.c:[[@LINE-7]]:5: note: 'a' is written here
// ERR-NEXT:     a[i] = a[i - 1] * 0.5;
// ERR-NEXT:     ^
// ERR-NEXT: {{.*}}carried_dependence.c:[[@LINE-12]]:1: note: the dependence has a constant distance of 1 iteration; '#pragma lsc pipeline for' runs such dependences in perfect loop nests of depth 2 or more
// ERR-NEXT: #pragma lsc parallel for
// ERR-NEXT: ^
// ERR-NEXT: 1 error generated.
