// A bitwise reduction on a double: its only update form, s ^= e, is not valid C for it.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void){
  double s = 0;
#pragma lsc parallel for reduction(^: s)
  for (int i = 0; i < 8; i++)
    s += i;
  return (int)s;
}


// ERR: {{.*}}bitwise_reduction_float.c:[[@LINE-5]]:5: error: 's' is a reduction with '^'; update it only as 's ^= e' or 's = s ^ e'
// ERR-NEXT:     s += i;
// ERR-NEXT:     ^
// ERR-NEXT: 1 error generated.
