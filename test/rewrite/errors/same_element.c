// Every iteration writes hist[0].
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[100], hist[10];
#pragma lsc parallel for
  for (int i = 0; i < 100; i++) {
    a[i] = i;
    hist[0] = a[i];
  }
  return hist[0];
}


// ERR: {{.*}}same_element.c:[[@LINE-6]]:5: error: every iteration of the parallel loop writes the same element of 'hist'
// ERR-NEXT:     hist[0] = a[i];
// ERR-NEXT:     ^
// ERR-NEXT: 1 error generated.
