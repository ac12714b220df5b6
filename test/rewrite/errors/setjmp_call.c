// setjmp in the body.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
#include <setjmp.h>
static jmp_buf env;
int main(void) {
  int a[10];
#pragma lsc parallel for
  for (int i = 0; i < 10; i++)
    a[i] = setjmp(env);
  return a[0];
}

// ERR: {{.*}}setjmp_call.c:[[@LINE-4]]:12: error: '_setjmp' cannot be used in a parallel loop: non-local jumps cannot cross between processes
// ERR-NEXT:     a[i] = setjmp(env);
// ERR-NEXT:            ^
// ERR-NEXT: 1 error generated.
