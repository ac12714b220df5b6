// Truly unsafe shapes stay refused, naming the dependence. Floyd-Warshall's in-place update of d[i][j] reads
// row k, which the iteration i == k writes; a triangular recurrence reads t[i - 1][j - 1], written by the
// iteration before.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --match-full-lines
// RUN: test ! -e %t.out
#define N 30
static double d[N][N];
static int t[N][N];

static void shortest(int n) {
  for (int k = 0; k < n; k++) {
#pragma lsc parallel for
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        if (d[i][k] + d[k][j] < d[i][j])
          d[i][j] = d[i][k] + d[k][j];
  }
}

static void triangle(void) {
#pragma lsc parallel for
  for (int i = 1; i < N; i++)
    for (int j = 1; j <= i; j++)
      t[i][j] = t[i - 1][j - 1] + t[j][i - j];
}

int main(void) {
  shortest(N);
  triangle();
  return (int)d[1][2] + t[3][2];
}

// CHECK: {{.*}}row_k_in_place.c:16:23: error: cannot prove that the elements of 'd' read here are not written by another iteration
// CHECK-NEXT:         if (d[i][k] + d[k][j] < d[i][j])
// CHECK-NEXT:                       ^
// CHECK-NEXT: {{.*}}row_k_in_place.c:17:11: note: 'd' is written here
// CHECK-NEXT:           d[i][j] = d[i][k] + d[k][j];
// CHECK-NEXT:           ^
// CHECK-NEXT: {{.*}}row_k_in_place.c:16:23: note: 'd[k][j]' in one iteration and 'd[i][j]' in another may be the same element
// CHECK-NEXT:         if (d[i][k] + d[k][j] < d[i][j])
// CHECK-NEXT:                       ^
// CHECK-NEXT: {{.*}}row_k_in_place.c:25:17: error: cannot prove that the elements of 't' read here are not written by another iteration
// CHECK-NEXT:       t[i][j] = t[i - 1][j - 1] + t[j][i - j];
// CHECK-NEXT:                 ^
// CHECK-NEXT: {{.*}}row_k_in_place.c:25:7: note: 't' is written here
// CHECK-NEXT:       t[i][j] = t[i - 1][j - 1] + t[j][i - j];
// CHECK-NEXT:       ^
// CHECK-NEXT: {{.*}}row_k_in_place.c:25:17: note: 't[i - 1][j - 1]' in one iteration and 't[i][j]' in another may be the same element
// CHECK-NEXT:       t[i][j] = t[i - 1][j - 1] + t[j][i - j];
// CHECK-NEXT:                 ^
// CHECK-NEXT: 2 errors generated.
