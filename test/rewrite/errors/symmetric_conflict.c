// Row i right of the diagonal and column i above it (c[i][j] for j >= i, c[j][i] for j <= i): iteration 1
// writes c[1][2] as a row element and iteration 2 writes it as a column element. Footprints may be unions of
// slices, but these meet: refused, naming the two writes.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --match-full-lines
// RUN: test ! -e %t.out
#define N 40
static void sym(int n, double c[N][N]) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++) {
    for (int j = i; j < n; j++)
      c[i][j] = i * 100 + j;
    for (int j = 0; j <= i; j++)
      c[j][i] = -1;
  }
}
int main(void) {
  static double c[N][N];
  sym(N, c);
  return (int)c[3][2];
}

// CHECK: {{.*}}symmetric_conflict.c:12:7: error: cannot prove that different iterations of the parallel loop write different elements of 'c'
// CHECK-NEXT:       c[i][j] = i * 100 + j;
// CHECK-NEXT:       ^
// CHECK-NEXT: {{.*}}symmetric_conflict.c:14:7: note: 'c' is also written here
// CHECK-NEXT:       c[j][i] = -1;
// CHECK-NEXT:       ^
// CHECK-NEXT: {{.*}}symmetric_conflict.c:14:7: note: 'c[j][i]' in one iteration and 'c[i][j]' in another may be the same element
// CHECK-NEXT:       c[j][i] = -1;
// CHECK-NEXT:       ^
// CHECK-NEXT: 1 error generated.
