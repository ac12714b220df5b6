// A scalar that carries a value from one iteration to the next (read before this iteration writes it) is not
// private: refused at the read that may see the previous iteration's value, with the write.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[100], b[100], prev = 0;
  for (int i = 0; i < 100; i++)
    a[i] = i;
#pragma lsc parallel for
  for (int i = 0; i < 100; i++) {
    if (a[i] > 10)
      prev = a[i];
    b[i] = prev;
  }
  return b[5];
}

// ERR: {{.*}}private_carried.c:14:12: error: 'prev' may carry a value from one iteration to the next: this read can see the value written by the previous iteration, so the iterations cannot run in any order; if 'prev' accumulates a result, add a 'reduction(op: prev)' clause, otherwise write it before reading it in every iteration
// ERR-NEXT:     b[i] = prev;
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}private_carried.c:13:7: note: 'prev' is written here
// ERR-NEXT:       prev = a[i];
// ERR-NEXT:       ^
// ERR-NEXT: 1 error generated.
