// A variable whose type is declared inside the enclosing function.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void){ typedef struct {int v;} L; L arr[4];
#pragma lsc parallel for
 for(int i=0;i<4;i++) arr[i].v=i;
 return arr[1].v;}

// ERR: {{.*}}local_type.c:[[@LINE-3]]:23: error: the type of 'arr' is declared inside a function; move it to file scope so the outlined loop body can use it
// ERR-NEXT:  for(int i=0;i<4;i++) arr[i].v=i;
// ERR-NEXT:                       ^
// ERR-NEXT: 1 error generated.
