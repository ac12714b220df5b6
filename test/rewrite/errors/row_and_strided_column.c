// Row i and every other element of column i below the diagonal (c[i][j], c[j][i] for j >= i, j in steps
// of 2): two ranges per iteration that lie in no rows of their own, and the column is not one of lsc's
// slices (a step of 2 rows). Refused, naming both writes, with a way out.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --match-full-lines
// RUN: test ! -e %t.out
#define N 40
static void sym(int n, double c[N][N]) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j += 2) {
      c[i][j] = i * 100 + j;
      c[j][i] = c[i][j];
    }
}
int main(void) {
  static double c[N][N];
  sym(N, c);
  return (int)c[3][2];
}

// CHECK: {{.*}}row_and_strided_column.c:13:7: error: the writes to 'c' do not form one range per iteration, nor lie in rows of their own, nor in at most 4 slices (ranges, or columns) that hold only elements the iteration may write; split the loop into loops that each write one range or column
// CHECK-NEXT:       c[j][i] = c[i][j];
// CHECK-NEXT:       ^
// CHECK-NEXT: {{.*}}row_and_strided_column.c:12:7: note: 'c[i][j]' and 'c[j][i]' are written in the same iteration
// CHECK-NEXT:       c[i][j] = i * 100 + j;
// CHECK-NEXT:       ^
// CHECK-NEXT: 1 error generated.
