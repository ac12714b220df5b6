// reissue(on|off|boolean|N), N the most copies of one chunk from 2 to 16: anything else is refused at its
// argument, a macro too (the runtime reads the text as it is); twice is refused; and pipelined nests, where
// re-issue does not apply (docs/runtime.md), refuse it.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
#define COPIES 3
int main(void) {
  double s = 0, a[10][10];
#pragma lsc parallel for reduction(+: s) reissue(maybe)
  for (int i = 0; i < 10; i++)
    s += i;
#pragma lsc parallel for reduction(+: s) reissue(17)
  for (int i = 0; i < 10; i++)
    s += i;
#pragma lsc parallel for reduction(+: s) reissue(COPIES)
  for (int i = 0; i < 10; i++)
    s += i;
#pragma lsc parallel for reduction(+: s) reissue(on) reissue(off)
  for (int i = 0; i < 10; i++)
    s += i;
#pragma lsc pipeline for reissue(on)
  for (int i = 1; i < 10; i++)
    for (int j = 0; j < 10; j++)
      a[i][j] = a[i - 1][j];
  return (int)s;
}

// ERR: {{.*}}bad_reissue.c:10:50: error: invalid reissue 'maybe': expected on, off (or another boolean: 0, 1, yes, no, true, false) or the most copies of one chunk, 2..16
// ERR-NEXT: #pragma lsc parallel for reduction(+: s) reissue(maybe)
// ERR-NEXT:                                                  ^
// ERR-NEXT: {{.*}}bad_reissue.c:13:50: error: invalid reissue '17': expected on, off (or another boolean: 0, 1, yes, no, true, false) or the most copies of one chunk, 2..16
// ERR-NEXT: #pragma lsc parallel for reduction(+: s) reissue(17)
// ERR-NEXT:                                                  ^
// ERR-NEXT: {{.*}}bad_reissue.c:16:50: error: invalid reissue 'COPIES': expected on, off (or another boolean: 0, 1, yes, no, true, false) or the most copies of one chunk, 2..16
// ERR-NEXT: #pragma lsc parallel for reduction(+: s) reissue(COPIES)
// ERR-NEXT:                                                  ^
// ERR-NEXT: {{.*}}bad_reissue.c:19:54: error: duplicate 'reissue' clause
// ERR-NEXT: #pragma lsc parallel for reduction(+: s) reissue(on) reissue(off)
// ERR-NEXT:                                                      ^
// ERR-NEXT: {{.*}}bad_reissue.c:19:42: note: previous 'reissue' clause is here
// ERR-NEXT: #pragma lsc parallel for reduction(+: s) reissue(on) reissue(off)
// ERR-NEXT:                                          ^
// ERR-NEXT: {{.*}}bad_reissue.c:22:26: error: clause 'reissue' is not allowed in '#pragma lsc pipeline for'
// ERR-NEXT: #pragma lsc pipeline for reissue(on)
// ERR-NEXT:                          ^
// ERR-NEXT: 5 errors generated.
