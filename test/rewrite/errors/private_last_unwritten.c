// A private scalar read after the loop must hold the last iteration's value there; when not every iteration
// writes it (here the inner loop may run zero times), that value is unknown to lsc: refused at the read after
// the loop, with the write, for an inferred and for a named private variable alike; also when the read comes
// first in an enclosing time loop (the next time step reads it). A later loop that writes the counter before
// reading it (`for (k = 0; ...)`) is not a read of the value: h's second loop is not refused.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int f(int n, int *a) {
  int j, k = 0;
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < j; k++)
        a[i] += k;
  return k;
}

int g(int *a) {
  int t = 0;
#pragma lsc parallel for private(t)
  for (int i = 0; i < 100; i++) {
    if (i % 2)
      t = i;
    a[i] = i;
  }
  return t;
}

static double a[10][10];
void h(int n) {
  int i, j, k = 7;
  for (int t = 0; t < 3; t++) {
    a[0][0] += k;
#pragma lsc parallel for
    for (i = 0; i < 10; i++)
      for (j = 0; j < i; j++) {
        k = j;
        a[i][j] += k;
      }
#pragma lsc parallel for
    for (i = 0; i < 10; i++)
      for (j = 0; j < i; j++)
        a[i][j] += 1;
    for (j = 0; j < n; j++)
      a[j][0] += j;
  }
}

// ERR: {{.*}}private_last_unwritten.c:16:10: error: 'k' is read after the loop, but not every iteration writes it, so its value there is the one of the last iteration that did, which lsc does not track; write 'k' in every iteration, or declare a variable for it inside the loop body
// ERR-NEXT:   return k;
// ERR-NEXT:          ^
// ERR-NEXT: {{.*}}private_last_unwritten.c:14:12: note: 'k' is written here
// ERR-NEXT:       for (k = 0; k < j; k++)
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}private_last_unwritten.c:27:10: error: 't' is read after the loop, but not every iteration writes it, so its value there is the one of the last iteration that did, which lsc does not track; write 't' in every iteration, or declare a variable for it inside the loop body
// ERR-NEXT:   return t;
// ERR-NEXT:          ^
// ERR-NEXT: {{.*}}private_last_unwritten.c:24:7: note: 't' is written here
// ERR-NEXT:       t = i;
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}private_last_unwritten.c:34:16: error: 'k' is read after the loop, but not every iteration writes it, so its value there is the one of the last iteration that did, which lsc does not track; write 'k' in every iteration, or declare a variable for it inside the loop body
// ERR-NEXT:     a[0][0] += k;
// ERR-NEXT:                ^
// ERR-NEXT: {{.*}}private_last_unwritten.c:38:9: note: 'k' is written here
// ERR-NEXT:         k = j;
// ERR-NEXT:         ^
// ERR-NEXT: 3 errors generated.
