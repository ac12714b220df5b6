// Iteration i writes every other element of column i (c[j][i] for even j): legal, but no slice holds
// exactly those elements (a column with a step of 2 rows is not one of lsc's strided slices), and the
// hull of each iteration's writes interleaves with the others'. Refused, with a way out.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --match-full-lines
// RUN: test ! -e %t.out
#define N 40
static void even_rows(int n, double c[N][N]) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j += 2)
      c[j][i] = i + j;
}
int main(void) {
  static double c[N][N];
  even_rows(N, c);
  return (int)c[2][3];
}

// CHECK: {{.*}}column_step.c:12:7: error: the elements of 'c' that different iterations write interleave, and lsc finds no slices (ranges, or columns) that hold only elements the iteration may write; write each column from a loop over consecutive rows (skip rows with an 'if'), or split the loop into loops that each write one range or column per iteration
// CHECK-NEXT:       c[j][i] = i + j;
// CHECK-NEXT:       ^
// CHECK-NEXT: 1 error generated.
