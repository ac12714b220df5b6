// A floating-point induction variable.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  double a[10];
#pragma lsc parallel for
  for (double x = 0; x < 10; x += 1)
    a[(int)x] = x;
  return (int)a[0];
}

// ERR: {{.*}}non_integer_iv.c:[[@LINE-5]]:15: error: the induction variable 'x' must have integer type (char, short, int, long or long long, signed or unsigned), not 'double'
// ERR-NEXT:   for (double x = 0; x < 10; x += 1)
// ERR-NEXT:               ^
// ERR-NEXT: 1 error generated.
