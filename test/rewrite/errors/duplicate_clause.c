// A clause given twice.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[10];
#pragma lsc parallel for schedule(gss) alpha(50) schedule(fss)
  for (int i = 0; i < 10; i++)
    a[i] = i;
  return a[0];
}

// ERR: {{.*}}duplicate_clause.c:[[@LINE-6]]:50: error: duplicate 'schedule' clause
// ERR-NEXT: #pragma lsc parallel for schedule(gss) alpha(50) schedule(fss)
// ERR-NEXT:                                                  ^
// ERR-NEXT: {{.*}}duplicate_clause.c:[[@LINE-9]]:26: note: previous 'schedule' clause is here
// ERR-NEXT: #pragma lsc parallel for schedule(gss) alpha(50) schedule(fss)
// ERR-NEXT:                          ^
// ERR-NEXT: 1 error generated.
