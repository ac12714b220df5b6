// An lsc pragma in an included header, written out or from a macro used there, is refused at the header's
// line, with a note where the file includes it, and nothing is written. Under lsc-cc the file would
// otherwise have been compiled whole on every rank.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out -- -I%S/Inputs 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
#include "header_pragma.h"

int main(void) {
  double v[10] = {0};
  scale(v, 10);
  shift(v, 10);
  return (int)v[0];
}

// ERR: {{.*}}Inputs{{/|\\}}header_pragma.h:6:1: error: an lsc pragma in an included header cannot be rewritten: lsc-rewrite rewrites only the file it is given; move the loop into the .c file
// ERR-NEXT: #pragma lsc parallel for
// ERR-NEXT: ^
// ERR-NEXT: {{.*}}pragma_in_header.c:[[@LINE-12]]:10: note: '{{.*}}header_pragma.h' is included here
// ERR-NEXT: #include "header_pragma.h"
// ERR-NEXT:          ^
// ERR-NEXT: {{.*}}Inputs{{/|\\}}header_pragma.h:11:3: error: macro 'HEADER_PAR' expands to an lsc pragma in an included header, which cannot be rewritten: lsc-rewrite rewrites only the file it is given; move the loop into the .c file
// ERR-NEXT:   HEADER_PAR
// ERR-NEXT:   ^
// ERR-NEXT: {{.*}}pragma_in_header.c:[[@LINE-18]]:10: note: '{{.*}}header_pragma.h' is included here
// ERR-NEXT: #include "header_pragma.h"
// ERR-NEXT:          ^
// ERR-NEXT: 2 errors generated.
