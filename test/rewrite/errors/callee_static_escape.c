// Static storage whose address leaves lsc's sight in a called function: handed to a library function that
// may write it, taken with &, or an array used as a pointer value. lsc cannot follow the writes made through
// the pointer, so it refuses; the same for an array member of a static struct. A read-only view (const
// pointer, const parameter) is a read and passes. A called function reading the reduction variable would
// see a partial result: refused.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
#include <string.h>

static char line[64];
static int counter;
static double scratch[8];
static double total;
static struct {
  double row[4];
  int used;
} box;

static int clear_line(int i) {
  memset(line, 0, sizeof line);
  return i;
}
static int bump(int i) {
  int *p = &counter;
  *p += 1;
  return i;
}
static double fill(int i) {
  double *q = scratch;
  q[0] = i;
  return q[0];
}
static double peek(int i) {
  const double *view = scratch;
  return view[1] + (double)strlen(line) + i;
}
static double so_far(void) { return total; }
static double reset_box(int i) {
  memset(box.row, 0, sizeof box.row);
  return box.row[i % 4];
}

int main(void) {
  double a[100];
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    a[i] = clear_line(i) + bump(i) + fill(i) + peek(i);
#pragma lsc parallel for reduction(+: total)
  for (int i = 0; i < 100; i++)
    total += so_far();
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    a[i] = reset_box(i);
  return (int)a[0];
}

// ERR: {{.*}}callee_static_escape.c:[[@LINE-10]]:12: error: 'line' (a global variable) may be written by 'clear_line', called from the parallel loop: its address is passed to 'memset', which may write through it, and lsc cannot follow the writes made through it; each process would update its own copy
// ERR-NEXT:     a[i] = clear_line(i) + bump(i) + fill(i) + peek(i);
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}callee_static_escape.c:[[@LINE-40]]:10: note: the address of 'line' is taken here
// ERR-NEXT:   memset(line, 0, sizeof line);
// ERR-NEXT:          ^
// ERR-NEXT: {{.*}}callee_static_escape.c:[[@LINE-16]]:28: error: 'counter' (a global variable) may be written by 'bump', called from the parallel loop: its address is taken, and lsc cannot follow the writes made through it; each process would update its own copy
// ERR-NEXT:     a[i] = clear_line(i) + bump(i) + fill(i) + peek(i);
// ERR-NEXT:                            ^
// ERR-NEXT: {{.*}}callee_static_escape.c:[[@LINE-42]]:12: note: the address of 'counter' is taken here
// ERR-NEXT:   int *p = &counter;
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}callee_static_escape.c:[[@LINE-22]]:38: error: 'scratch' (a global variable) may be written by 'fill', called from the parallel loop: its address is used as a pointer value, and lsc cannot follow the writes made through it; each process would update its own copy
// ERR-NEXT:     a[i] = clear_line(i) + bump(i) + fill(i) + peek(i);
// ERR-NEXT:                                      ^
// ERR-NEXT: {{.*}}callee_static_escape.c:[[@LINE-43]]:15: note: the address of 'scratch' is taken here
// ERR-NEXT:   double *q = scratch;
// ERR-NEXT:               ^
// ERR-NEXT: {{.*}}callee_static_escape.c:[[@LINE-25]]:14: error: 'so_far' reads the reduction variable 'total'; inside the loop it would see a partial result
// ERR-NEXT:     total += so_far();
// ERR-NEXT:              ^
// ERR-NEXT: {{.*}}callee_static_escape.c:[[@LINE-41]]:37: note: 'total' is read here
// ERR-NEXT: static double so_far(void) { return total; }
// ERR-NEXT:                                     ^
// ERR-NEXT: {{.*}}callee_static_escape.c:[[@LINE-28]]:12: error: 'box' (a global variable) may be written by 'reset_box', called from the parallel loop: its address is passed to 'memset', which may write through it, and lsc cannot follow the writes made through it; each process would update its own copy
// ERR-NEXT:     a[i] = reset_box(i);
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}callee_static_escape.c:[[@LINE-45]]:10: note: the address of 'box' is taken here
// ERR-NEXT:   memset(box.row, 0, sizeof box.row);
// ERR-NEXT:          ^
// ERR-NEXT: 5 errors generated.
