// A same-file function called by the body writes a global.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
static int calls;
static int counted(int x) {
  calls++;
  return x * 2;
}
int main(void) {
  int a[100];
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    a[i] = counted(i);
  return a[0] + calls;
}

// ERR: {{.*}}callee_writes_global.c:[[@LINE-4]]:12: error: 'calls' (a global variable) is written by 'counted', called from the parallel loop; each process would update its own copy, so the iterations would not see each other's updates
// ERR-NEXT:     a[i] = counted(i);
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}callee_writes_global.c:[[@LINE-14]]:3: note: 'calls' is written here
// ERR-NEXT:   calls++;
// ERR-NEXT:   ^
// ERR-NEXT: 1 error generated.
