// An error in the input is reported as clang reports it.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[10];
#pragma lsc parallel for
  for (int i = 0; i < 10; i++)
    a[i] = undeclared_thing;
  return a[0];
}

// ERR: {{.*}}parse_error.c:[[@LINE-4]]:12: error: use of undeclared identifier 'undeclared_thing'
// ERR-NEXT:     a[i] = undeclared_thing;
// ERR-NEXT:            ^
// ERR-NEXT: 1 error generated.
