// A static local array of the enclosing function.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  static int table[100];
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    table[i] = i;
  return table[0];
}

// ERR: {{.*}}static_local.c:[[@LINE-4]]:5: error: 'table' is a static local variable; the outlined loop body cannot refer to it
// ERR-NEXT:     table[i] = i;
// ERR-NEXT:     ^
// ERR-NEXT: 1 error generated.
