// A static local declared inside the loop body: one object that every iteration shares, which processes
// cannot share. (Static locals of the enclosing function are accepted: test/rewrite/static_local_arrays.c.)
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int table[100];
int main(void) {
#pragma lsc parallel for
  for (int i = 0; i < 100; i++) {
    static int calls;
    calls++;
    table[i] = calls;
  }
  return table[0];
}

// ERR: {{.*}}static_local.c:[[@LINE-7]]:16: error: static variable 'calls' inside a parallel loop would be shared by iterations on different processes
// ERR-NEXT:     static int calls;
// ERR-NEXT:                ^
// ERR-NEXT: 1 error generated.
