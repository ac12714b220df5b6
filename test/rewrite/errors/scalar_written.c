// A global scalar written in the body without private/reduction (any function may read it, so lsc does not
// privatize it on its own): named, with the write and the declaration, and a fix-it adding the clause its
// write suggests (an update: a reduction; a plain store: private) at the end of the pragma line, where it goes.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int last = 0;
int main(void) {
  int a[100];
#pragma lsc parallel for
  for (int i = 0; i < 100; i++) {
    a[i] = i;
    last = i;
  }
  return a[5] + last;
}

// ERR: {{.*}}scalar_written.c:13:5: error: 'last' is written in the parallel loop but is neither private nor a reduction; add it to a 'private(last)' or 'reduction(op: last)' clause
// ERR-NEXT:     last = i;
// ERR-NEXT:     ^
// ERR-NEXT: {{.*}}scalar_written.c:7:5: note: 'last' is declared here
// ERR-NEXT: int last = 0;
// ERR-NEXT:     ^
// ERR-NEXT: {{.*}}scalar_written.c:10:25: note: if each iteration sets it before reading it, add a 'private' clause
// ERR-NEXT: #pragma lsc parallel for
// ERR-NEXT:                         ^
// ERR-NEXT:                          private(last)
// ERR-NEXT: 1 error generated.
