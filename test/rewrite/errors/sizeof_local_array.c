// sizeof of a captured local array, which the outlined body sees as a pointer.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void){
  int a[8];
#pragma lsc parallel for
  for (int i = 0; i < 8; i++)
    a[i] = (int)sizeof a;
  return a[1];
}

// ERR: {{.*}}sizeof_local_array.c:[[@LINE-4]]:17: error: 'sizeof' of the array 'a': in the outlined loop body 'a' is a pointer; use the element count instead
// ERR-NEXT:     a[i] = (int)sizeof a;
// ERR-NEXT:                 ^
// ERR-NEXT: 1 error generated.
