// return inside the parallel loop.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int f(int *a, int n) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      return i;
    a[i] = 0;
  }
  return -1;
}

// ERR: {{.*}}return_in_body.c:[[@LINE-6]]:7: error: 'return' inside a parallel loop: the body runs in other processes and cannot leave the function
// ERR-NEXT:       return i;
// ERR-NEXT:       ^
// ERR-NEXT: 1 error generated.
