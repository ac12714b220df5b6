// Writes a[2i] and a[2i+3]: never the same element, but the ranges of different iterations interleave.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void){
  int a[400];
  for (int k = 0; k < 400; k++) a[k] = 0;
#pragma lsc parallel for
  for (int i = 0; i < 100; i++) {
    a[2 * i] = 1;
    a[2 * i + 3] = 2;
  }
  return a[5];
}

// ERR: {{.*}}interleaved_writes.c:[[@LINE-6]]:5: error: the elements of 'a' that different iterations write interleave; lsc returns each iteration's writes as one range
// ERR-NEXT:     a[2 * i] = 1;
// ERR-NEXT:     ^
// ERR-NEXT: 1 error generated.
