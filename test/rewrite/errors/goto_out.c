// goto to a label outside the loop.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[10];
#pragma lsc parallel for
  for (int i = 0; i < 10; i++) {
    a[i] = i;
    if (a[i] > 5)
      goto done;
  }
done:
  return a[0];
}

// ERR: {{.*}}goto_out.c:[[@LINE-6]]:7: error: 'goto' jumps out of the parallel loop
// ERR-NEXT:       goto done;
// ERR-NEXT:       ^
// ERR-NEXT: 1 error generated.
