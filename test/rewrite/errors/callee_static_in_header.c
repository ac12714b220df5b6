// A called function defined in an included header is walked like one of the file: its static local is
// written, so the loop is refused, and the note points into the header.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out -- -I%S/Inputs 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
#include "next_id.h"

int main(void) {
  int ids[100];
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    ids[i] = next_id();
  return ids[0];
}

// ERR: {{.*}}callee_static_in_header.c:[[@LINE-4]]:14: error: 'id' (a static local of 'next_id') is written by 'next_id', called from the parallel loop; each process would update its own copy, so the iterations would not see each other's updates
// ERR-NEXT:     ids[i] = next_id();
// ERR-NEXT:              ^
// ERR-NEXT: {{.*}}Inputs{{/|\\}}next_id.h:6:10: note: 'id' is written here
// ERR-NEXT:   return ++id;
// ERR-NEXT:          ^
// ERR-NEXT: 1 error generated.
