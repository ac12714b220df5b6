// reproducible(on|off|boolean|B), B from 2: anything else is refused at its argument, a macro too (the runtime reads the text as
// it is, so B must be digits); twice is refused; and pipelined nests, which take no reductions, refuse it.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
#define BLOCK 64
int main(void) {
  double s = 0, a[10][10];
#pragma lsc parallel for reduction(+: s) reproducible(-4)
  for (int i = 0; i < 10; i++)
    s += i;
#pragma lsc parallel for reduction(+: s) reproducible(maybe)
  for (int i = 0; i < 10; i++)
    s += i;
#pragma lsc parallel for reduction(+: s) reproducible(BLOCK)
  for (int i = 0; i < 10; i++)
    s += i;
#pragma lsc parallel for reduction(+: s) reproducible(on) reproducible(off)
  for (int i = 0; i < 10; i++)
    s += i;
#pragma lsc pipeline for reproducible(on)
  for (int i = 1; i < 10; i++)
    for (int j = 0; j < 10; j++)
      a[i][j] = a[i - 1][j];
  return (int)s;
}

// ERR: {{.*}}bad_reproducible.c:[[@LINE-19]]:55: error: invalid reproducible '-4': expected 'on', 'off' (or another boolean: 0, 1, yes, no, true, false) or a block size in iterations (an integer literal from 2 to 2^62)
// ERR-NEXT: #pragma lsc parallel for reduction(+: s) reproducible(-4)
// ERR-NEXT:                                                       ^
// ERR-NEXT: {{.*}}bad_reproducible.c:[[@LINE-19]]:55: error: invalid reproducible 'maybe': expected 'on', 'off' (or another boolean: 0, 1, yes, no, true, false) or a block size in iterations (an integer literal from 2 to 2^62)
// ERR-NEXT: #pragma lsc parallel for reduction(+: s) reproducible(maybe)
// ERR-NEXT:                                                       ^
// ERR-NEXT: {{.*}}bad_reproducible.c:[[@LINE-19]]:55: error: invalid reproducible 'BLOCK': expected 'on', 'off' (or another boolean: 0, 1, yes, no, true, false) or a block size in iterations (an integer literal from 2 to 2^62)
// ERR-NEXT: #pragma lsc parallel for reduction(+: s) reproducible(BLOCK)
// ERR-NEXT:                                                       ^
// ERR-NEXT: {{.*}}bad_reproducible.c:[[@LINE-19]]:59: error: duplicate 'reproducible' clause
// ERR-NEXT: #pragma lsc parallel for reduction(+: s) reproducible(on) reproducible(off)
// ERR-NEXT:                                                           ^
// ERR-NEXT: {{.*}}bad_reproducible.c:[[@LINE-22]]:42: note: previous 'reproducible' clause is here
// ERR-NEXT: #pragma lsc parallel for reduction(+: s) reproducible(on) reproducible(off)
// ERR-NEXT:                                          ^
// ERR-NEXT: {{.*}}bad_reproducible.c:[[@LINE-22]]:26: error: clause 'reproducible' is not allowed in '#pragma lsc pipeline for'
// ERR-NEXT: #pragma lsc pipeline for reproducible(on)
// ERR-NEXT:                          ^
// ERR-NEXT: 5 errors generated.
