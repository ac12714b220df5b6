// A macro use whose tokens do not all belong to the text lsc copies is refused at the macro's use: one that
// ends the loop's body and goes on after it, one that yields a statement after an unbraced body, a bound
// inside a macro with the induction variable, and a bound whose macro also yields the comparison.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
#define END_ROW(x) x; } total += 1
#define STORE(v) a[i] = v; b = 2
#define CMP(x, y) x < y
#define LESS_N < n
int a[100], total, b;

void close_in_macro(int n) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++) {
    a[i] = END_ROW(i);
}

void statement_after(int n) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    STORE(i);
}

void bound_with_iv(int n) {
  int i;
#pragma lsc parallel for
  for (i = 0; CMP(i, n); i++)
    a[i] = i;
}

void bound_with_operator(int n) {
  int i;
#pragma lsc parallel for
  for (i = 0; i LESS_N; i++)
    a[i] = i;
}

// ERR: {{.*}}macro_crosses_loop.c:16:12: error: macro 'END_ROW' yields tokens both inside and outside the loop's body; lsc moves the body into a function of its own: keep each macro use wholly inside the body or wholly outside the loop
// ERR-NEXT:     a[i] = END_ROW(i);
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}macro_crosses_loop.c:22:5: error: macro 'STORE' yields tokens both inside and outside the loop's body; lsc moves the body into a function of its own: keep each macro use wholly inside the body or wholly outside the loop
// ERR-NEXT:     STORE(i);
// ERR-NEXT:     ^
// ERR-NEXT: {{.*}}macro_crosses_loop.c:28:15: error: macro 'CMP' yields more than the loop's bound (or the bound and more); lsc copies the bound's text, which must be whole macro uses: write the bound outside the macro, or as a macro of its own
// ERR-NEXT:   for (i = 0; CMP(i, n); i++)
// ERR-NEXT:               ^
// ERR-NEXT: {{.*}}macro_crosses_loop.c:35:17: error: macro 'LESS_N' yields more than the loop's bound (or the bound and more); lsc copies the bound's text, which must be whole macro uses: write the bound outside the macro, or as a macro of its own
// ERR-NEXT:   for (i = 0; i LESS_N; i++)
// ERR-NEXT:                 ^
// ERR-NEXT: 4 errors generated.
