// Invalid threads, weights and alpha values, each at its argument.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[10];
#pragma lsc parallel for threads(0)
  for (int i = 0; i < 10; i++)
    a[i] = i;
#pragma lsc parallel for weights(fast)
  for (int i = 0; i < 10; i++)
    a[i] = i;
#pragma lsc parallel for alpha(150)
  for (int i = 0; i < 10; i++)
    a[i] = i;
  return a[0];
}

// ERR: {{.*}}bad_values.c:[[@LINE-12]]:34: error: invalid threads '0': expected a thread count from 1 to 4096 or 'auto'
// ERR-NEXT: #pragma lsc parallel for threads(0)
// ERR-NEXT:                                  ^
// ERR-NEXT: {{.*}}bad_values.c:[[@LINE-12]]:34: error: invalid weights 'fast': expected 'clock', 'load', 'measured' or 'equal'
// ERR-NEXT: #pragma lsc parallel for weights(fast)
// ERR-NEXT:                                  ^
// ERR-NEXT: {{.*}}bad_values.c:[[@LINE-12]]:32: error: invalid alpha '150': bad alpha '150'; expected an integer 0..100 or auto
// ERR-NEXT: #pragma lsc parallel for alpha(150)
// ERR-NEXT:                                ^
// ERR-NEXT: 3 errors generated.
