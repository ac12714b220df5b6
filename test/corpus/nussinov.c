// nussinov: RNA folding by dynamic programming over a triangular table, filled from the last row up. Cell
// (i, j) reads (i+1, j), (i, j-1), (i+1, j-1) and the splits (i, k) + (k+1, j): row i needs rows below it as
// this same outer loop has filled them, at distances that vary with k (non-uniform). The pragma on the row
// loop must stay refused, naming 'table'.
// Today the error is the write test's ("cannot prove that different iterations ... write different elements
// of 'table'"): with run-time bounds the rows are not known disjoint (item 1). With constant bounds it is
// the read of the rows below, with a note at the write; the CHECK pins the lines of the loop body and the
// array, so it holds for both.
// RUN: rm -f %t.lsc.c
// RUN: not %lsc-rewrite %s -o %t.lsc.c 2> %t.err
// RUN: test ! -e %t.lsc.c
// RUN: FileCheck %s < %t.err
// CHECK: nussinov.c:{{4[5-9]|5[0-7]}}:{{[0-9]+}}: error: {{.*}}'table'
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define N 60
#endif
#ifdef SMALL_DATASET
#define N 180
#endif
#define DATA_TYPE int
#define DATA_PRINTF_MODIFIER "%d "
#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

typedef char base;

static void init_array(int n, base seq[N], DATA_TYPE table[N][N]) {
  int i, j;
  for (i = 0; i < n; i++)
    seq[i] = (base)((i + 1) % 4);
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      table[i][j] = 0;
}

static void kernel_nussinov(int n, base seq[N], DATA_TYPE table[N][N]) {
  int i, j, k;
#pragma lsc parallel for private(j, k)
  for (i = n - 1; i >= 0; i--) {
    for (j = i + 1; j < n; j++) {
      if (j - 1 >= 0)
        table[i][j] = max_score(table[i][j], table[i][j - 1]);
      if (i + 1 < n)
        table[i][j] = max_score(table[i][j], table[i + 1][j]);
      if (j - 1 >= 0 && i + 1 < n) {
        if (i < j - 1)
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1] + match(seq[i], seq[j]));
        else
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1]);
      }
      for (k = i + 1; k < j; k++)
        table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j]);
    }
  }
}

static void print_array(int n, DATA_TYPE table[N][N]) {
  int i, j;
  for (i = 0; i < n; i++) {
    for (j = i; j < n; j++)
      printf(DATA_PRINTF_MODIFIER, table[i][j]);
    printf("\n");
  }
}

int main(void) {
  static base seq[N];
  static DATA_TYPE table[N][N];
  init_array(N, seq, table);
  kernel_nussinov(N, seq, table);
  print_array(N, table);
  return 0;
}
