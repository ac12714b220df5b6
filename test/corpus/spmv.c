// spmv: sparse matrix-vector product in CSR form (row pointers, column indices, values), repeated as in an
// iterative solver. Each row is DOALL: y[i] from the nonzeros of row i, whose range comes from the row
// pointer array, and x gathered through the column indices.
// RUN: %corpus-run %s %t
#include <stdio.h>

#define NROWS 200
#define NNZ_PER_ROW 5
#define NNZ (NROWS * NNZ_PER_ROW)
#define NITER 3

static int rowptr[NROWS + 1], colidx[NNZ];
static double val[NNZ], x[NROWS], y[NROWS];

static void build(int n) {
  int i, k, nz = 0;
  for (i = 0; i < n; i++) {
    rowptr[i] = nz;
    for (k = 0; k < 1 + i % NNZ_PER_ROW; k++) {
      colidx[nz] = (i * 7 + k * 13) % n;
      val[nz] = 1.0 / (1 + k + i % 4);
      nz++;
    }
  }
  rowptr[n] = nz;
  for (i = 0; i < n; i++)
    x[i] = 1.0 + (i % 10) * 0.1;
}

static void spmv(int n) {
  int i, k;
#pragma lsc parallel for private(k)
  for (i = 0; i < n; i++) {
    double sum = 0.0;
    for (k = rowptr[i]; k < rowptr[i + 1]; k++)
      sum += val[k] * x[colidx[k]];
    y[i] = sum;
  }
}

int main(void) {
  int it, i;
  build(NROWS);
  for (it = 0; it < NITER; it++) {
    spmv(NROWS);
    for (i = 0; i < NROWS; i++)
      x[i] = y[i] / 4.0;
  }
  for (i = 0; i < NROWS; i++)
    printf("%d %.17g\n", i, y[i]);
  return 0;
}
