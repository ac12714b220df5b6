// A step the tool cannot see: disjoint writes cannot be proved, so the loop is refused.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int a[100];
void f(int n, int s){
#pragma lsc parallel for
 for(int i=n;i<100;i+=s) a[i]=i;
}

// ERR: {{.*}}symbolic_step.c:[[@LINE-3]]:26: error: cannot prove that different iterations of the parallel loop write different elements of 'a'
// ERR-NEXT:  for(int i=n;i<100;i+=s) a[i]=i;
// ERR-NEXT:                          ^
// ERR-NEXT: 1 error generated.
