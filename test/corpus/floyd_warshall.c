// floyd-warshall: all-pairs shortest paths, in place. For a fixed k, the loop over rows i updates row i from
// row k; iteration i = k writes row k while every other iteration reads it. (The values of row k do not
// change at step k when path[k][k] is 0, but nothing in the code says so.) The pragma a user puts on the row
// loop must stay refused, with the conflict on 'path' named: iterations read row 'k' that iteration k
// writes.
// Today the error is the write test's ("cannot prove that different iterations ... write different elements
// of 'path'"): with run-time bounds the rows are not known disjoint (item 1). With constant bounds it is the
// read of row k, with a note at the write; the CHECK pins the line and the array, so it holds for both.
// RUN: rm -f %t.lsc.c
// RUN: not %lsc-rewrite %s -o %t.lsc.c 2> %t.err
// RUN: test ! -e %t.lsc.c
// RUN: FileCheck %s < %t.err
// CHECK: floyd_warshall.c:[[@LINE+33]]:{{[0-9]+}}: error: {{.*}}'path'
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define N 30
#endif
#ifdef SMALL_DATASET
#define N 90
#endif
#define DATA_TYPE int
#define DATA_PRINTF_MODIFIER "%d "

static void init_array(int n, DATA_TYPE path[N][N]) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      path[i][j] = i * j % 7 + 1;
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
        path[i][j] = 999;
    }
  for (i = 0; i < n; i++)
    path[i][i] = 0;
}

static void kernel_floyd_warshall(int n, DATA_TYPE path[N][N]) {
  int i, j, k;
  for (k = 0; k < n; k++) {
#pragma lsc parallel for private(j)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
  }
}

static void print_array(int n, DATA_TYPE path[N][N]) {
  int i, j;
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      printf(DATA_PRINTF_MODIFIER, path[i][j]);
    printf("\n");
  }
}

int main(void) {
  static DATA_TYPE path[N][N];
  init_array(N, path);
  kernel_floyd_warshall(N, path);
  print_array(N, path);
  return 0;
}
