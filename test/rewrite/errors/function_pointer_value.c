// A captured function pointer: its value means nothing in another process.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
#include <math.h>
int main(void){
  double a[8];
  double (*f)(double) = sin;
#pragma lsc parallel for
  for (int i = 0; i < 8; i++)
    a[i] = f(i);
  return (int)a[1];
}

// ERR: {{.*}}function_pointer_value.c:[[@LINE-4]]:12: error: 'f' holds pointers, whose values mean nothing in another process
// ERR-NEXT:     a[i] = f(i);
// ERR-NEXT:            ^
// ERR-NEXT: 1 error generated.
