// Static storage written anywhere the body reaches through calls: a static local of a same-file function,
// directly and two calls deep (the counter: sequential 9900, 7929 at np 2 before it was refused),
// and a global written by a function of the file two calls down. Each error is at the loop's call, with the
// write and, below the loop's own callee, the call path.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
static double f(int i) {
  static int calls;
  return i + calls++;
}
static double g(int i) { return f(i) * 2; }

static long hits;
static void count(void) { hits += 1; }
static void log_hit(void) { count(); }
static double h(int i) {
  log_hit();
  return i;
}

int main(void) {
  double a[100];
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    a[i] = f(i);
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    a[i] = g(i);
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    a[i] = h(i);
  return (int)a[0];
}

// ERR: {{.*}}callee_static_local.c:[[@LINE-10]]:12: error: 'calls' (a static local of 'f') is written by 'f', called from the parallel loop; each process would update its own copy, so the iterations would not see each other's updates
// ERR-NEXT:     a[i] = f(i);
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}callee_static_local.c:[[@LINE-29]]:14: note: 'calls' is written here
// ERR-NEXT:   return i + calls++;
// ERR-NEXT:              ^
// ERR-NEXT: {{.*}}callee_static_local.c:[[@LINE-13]]:12: error: 'calls' (a static local of 'f') is written by 'f', called from the parallel loop; each process would update its own copy, so the iterations would not see each other's updates
// ERR-NEXT:     a[i] = g(i);
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}callee_static_local.c:[[@LINE-35]]:14: note: 'calls' is written here
// ERR-NEXT:   return i + calls++;
// ERR-NEXT:              ^
// ERR-NEXT: {{.*}}callee_static_local.c:[[@LINE-36]]:33: note: call path: loop -> g -> f
// ERR-NEXT: static double g(int i) { return f(i) * 2; }
// ERR-NEXT:                                 ^
// ERR-NEXT: {{.*}}callee_static_local.c:[[@LINE-19]]:12: error: 'hits' (a global variable) is written by 'count', called from the parallel loop; each process would update its own copy, so the iterations would not see each other's updates
// ERR-NEXT:     a[i] = h(i);
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}callee_static_local.c:[[@LINE-39]]:27: note: 'hits' is written here
// ERR-NEXT: static void count(void) { hits += 1; }
// ERR-NEXT:                           ^
// ERR-NEXT: {{.*}}callee_static_local.c:[[@LINE-41]]:29: note: call path: loop -> h -> log_hit -> count
// ERR-NEXT: static void log_hit(void) { count(); }
// ERR-NEXT:                             ^
// ERR-NEXT: 3 errors generated.
