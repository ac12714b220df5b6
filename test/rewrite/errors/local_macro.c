// A macro defined inside the function: the outlined body, placed before the function, could not use it.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void){
  int a[8];
#define TWICE(x) ((x) * 2)
#pragma lsc parallel for
  for (int i = 0; i < 8; i++)
    a[i] = TWICE(i);
  return a[1];
}

// ERR: {{.*}}local_macro.c:[[@LINE-4]]:12: error: macro 'TWICE' is defined inside the function; the outlined loop body comes before the function, where it is not defined
// ERR-NEXT:     a[i] = TWICE(i);
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}local_macro.c:[[@LINE-10]]:9: note: 'TWICE' is defined here
// ERR-NEXT: #define TWICE(x) ((x) * 2)
// ERR-NEXT:         ^
// ERR-NEXT: 1 error generated.
