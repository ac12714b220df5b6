// A macro use that is an lsc pragma is replaced by the rewritten loop, so it is refused when it expands to
// more than the pragma, when no `for` follows the use in the source, and, like a written pragma, when a
// clause is wrong (the error points at the use: the words come from the definition). A macro that aliases
// the operator itself (`#define P _Pragma`) leaves the pragma's string outside the use: refused as
// unreadable rather than skipped.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
#define PARLOOP(n) _Pragma("lsc parallel for") for (int i = 0; i < (n); i++)
#define PAR _Pragma("lsc parallel for")
#define BADSCHED _Pragma("lsc parallel for schedule(nonsense)")
#define LOOP for (int i = 0; i < 10; i++)
#define P _Pragma

int main(void) {
  int a[10];
  PARLOOP(10) a[i] = i;
  PAR
  LOOP a[i] = 2 * i;
  BADSCHED
  for (int i = 0; i < 10; i++)
    a[i] = 3 * i;
  P("lsc parallel for")
  for (int i = 0; i < 10; i++)
    a[i] = 4 * i;
  return a[0];
}

// ERR: {{.*}}pragma_macro_misuse.c:[[@LINE-12]]:3: error: macro 'PARLOOP' expands to an lsc pragma and more; the macro's use is replaced by the rewritten loop, so it must expand to the pragma alone
// ERR-NEXT:   PARLOOP(10) a[i] = i;
// ERR-NEXT:   ^
// ERR-NEXT: {{.*}}pragma_macro_misuse.c:[[@LINE-9]]:3: error: lsc cannot read the pragma that macro 'P' expands to; write '#pragma lsc ...' or '_Pragma("lsc ...")' before the loop instead
// ERR-NEXT:   P("lsc parallel for")
// ERR-NEXT:   ^
// ERR-NEXT: {{.*}}pragma_macro_misuse.c:[[@LINE-16]]:3: error: '#pragma lsc parallel for' must be followed by a 'for' loop
// ERR-NEXT:   LOOP a[i] = 2 * i;
// ERR-NEXT:   ^
// ERR-NEXT: {{.*}}pragma_macro_misuse.c:[[@LINE-20]]:3: note: the pragma is the expansion of macro 'PAR' here; the 'for' must follow the macro's use in the source
// ERR-NEXT:   PAR
// ERR-NEXT:   ^
// ERR-NEXT: {{.*}}pragma_macro_misuse.c:[[@LINE-21]]:3: error: invalid schedule 'nonsense': {{.*}}
// ERR-NEXT:   BADSCHED
// ERR-NEXT:   ^
// ERR-NEXT: 4 errors generated.
