// break out of the parallel loop.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[100];
#pragma lsc parallel for
  for (int i = 0; i < 100; i++) {
    if (i == 50)
      break;
    a[i] = i;
  }
  return a[3];
}

// ERR: {{.*}}break_out.c:[[@LINE-6]]:7: error: 'break' would leave the parallel loop early; its iterations run in any order
// ERR-NEXT:       break;
// ERR-NEXT:       ^
// ERR-NEXT: 1 error generated.
