// A '+' reduction read inside the loop, assigned, and multiplied: each refused.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void){
  long s = 0;
  int a[8];
#pragma lsc parallel for reduction(+: s)
  for (int i = 0; i < 8; i++) {
    a[i] = (int)s;
    s = i;
    s *= 2;
  }
  return (int)(s + a[0]);
}

// ERR: {{.*}}reduction_misuse.c:[[@LINE-7]]:17: error: 's' is a reduction variable; reading it inside the loop would see a partial result
// ERR-NEXT:     a[i] = (int)s;
// ERR-NEXT:                 ^
// ERR-NEXT: {{.*}}reduction_misuse.c:[[@LINE-9]]:5: error: 's' is a reduction with '+'; update it only as 's += e', 's -= e', 's = s + e', 's = s - e', '++' or '--'
// ERR-NEXT:     s = i;
// ERR-NEXT:     ^
// ERR-NEXT: {{.*}}reduction_misuse.c:[[@LINE-11]]:5: error: 's' is a reduction with '+'; update it only as 's += e', 's -= e', 's = s + e', 's = s - e', '++' or '--'
// ERR-NEXT:     s *= 2;
// ERR-NEXT:     ^
// ERR-NEXT: 3 errors generated.
