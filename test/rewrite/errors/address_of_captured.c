// The address of a captured scalar.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
static void bump(int *p) { (void)p; }
int main(void) {
  int a[10], n = 10;
#pragma lsc parallel for
  for (int i = 0; i < 10; i++) {
    bump(&n);
    a[i] = n;
  }
  return a[0];
}

// ERR: {{.*}}address_of_captured.c:[[@LINE-6]]:11: error: the address of captured variable 'n' is taken; the body runs in other processes, where it would not point at the caller's 'n'
// ERR-NEXT:     bump(&n);
// ERR-NEXT:           ^
// ERR-NEXT: 1 error generated.
