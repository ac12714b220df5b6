// A symmetric update writes row i and column i in one iteration (c[i][j] and c[j][i] for j >= i): two
// ranges of one array per iteration, which lie in no rows of their own. lsc moves one range per array and
// iteration, so it refuses, naming both writes.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --match-full-lines
// RUN: test ! -e %t.out
#define N 40
static void sym(int n, double c[N][N]) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      c[i][j] = i * 100 + j;
      c[j][i] = c[i][j];
    }
}
int main(void) {
  static double c[N][N];
  sym(N, c);
  return (int)c[3][2];
}

// CHECK: {{.*}}symmetric_update.c:13:7: error: the writes to 'c' do not form one range per iteration, nor lie in rows of their own; lsc moves one range per array and iteration
// CHECK-NEXT:       c[j][i] = c[i][j];
// CHECK-NEXT:       ^
// CHECK-NEXT: {{.*}}symmetric_update.c:12:7: note: 'c[i][j]' and 'c[j][i]' are written in the same iteration
// CHECK-NEXT:       c[i][j] = i * 100 + j;
// CHECK-NEXT:       ^
// CHECK-NEXT: 1 error generated.
