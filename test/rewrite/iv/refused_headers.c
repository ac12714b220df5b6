// Headers lsc cannot count as C does are refused with the cause: a bound compared as floating point (C would
// compare i converted to double), a step that is not an integer (i += 0.5 converts back to i's type each time),
// and a _Bool variable (++ saturates). Each error names the way out.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
double a[100];

void f(double limit, double half) {
#pragma lsc parallel for
  for (int i = 0; i < limit; i++)
    a[i] = i;
#pragma lsc parallel for
  for (int i = 0; i < 100; i += half)
    a[i] = i;
#pragma lsc parallel for
  for (_Bool b = 0; b < 1; b++)
    a[b] = b;
}

// ERR: {{.*}}refused_headers.c:11:19: error: 'i' is compared with its bound as 'double': the bound must have an integer type
// ERR-NEXT:   for (int i = 0; i < limit; i++)
// ERR-NEXT:                   ^
// ERR-NEXT: {{.*}}refused_headers.c:14:33: error: the step of 'i' must have an integer type, not 'double'
// ERR-NEXT:   for (int i = 0; i < 100; i += half)
// ERR-NEXT:                                 ^
// ERR-NEXT: {{.*}}refused_headers.c:17:14: error: the induction variable 'b' must have integer type (char, short, int, long or long long, signed or unsigned), not '_Bool'
// ERR-NEXT:   for (_Bool b = 0; b < 1; b++)
// ERR-NEXT:              ^
// ERR-NEXT: 3 errors generated.
