// An enumerator of an enum declared inside the enclosing function.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void){
  int a[8];
  enum { K = 2 };
#pragma lsc parallel for
  for (int i = 0; i < 8; i++)
    a[i] = i * K;
  return a[1];
}

// ERR: {{.*}}local_enum.c:[[@LINE-4]]:16: error: 'K' belongs to an enum declared inside a function; move it to file scope so the outlined loop body can use it
// ERR-NEXT:     a[i] = i * K;
// ERR-NEXT:                ^
// ERR-NEXT: 1 error generated.
