// doitgen: multiresolution analysis kernel, A[r][q][.] = A[r][q][.] * C4 for every (r, q) of a 3-D array,
// through a scratch vector sum[] passed in by the caller. The loop over r is DOALL once sum is private to
// each iteration, which an OpenMP user states with private(q, p, s, sum); bounds are run-time sizes of
// constant-size 3-D parameters.
// Accepted since issue 13 item 1: planes A[r] of the 3-D parameter are disjoint by the in-bounds rule
// (docs/pragma.md, "Arrays of arrays").
// RUN: %corpus-run %s %t
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define NQ 8
#define NR 10
#define NP 12
#endif
#ifdef SMALL_DATASET
#define NQ 20
#define NR 25
#define NP 30
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%.17g "

static void init_array(int nr, int nq, int np, DATA_TYPE A[NR][NQ][NP], DATA_TYPE C4[NP][NP]) {
  int i, j, k;
  for (i = 0; i < nr; i++)
    for (j = 0; j < nq; j++)
      for (k = 0; k < np; k++)
        A[i][j][k] = (DATA_TYPE)((i * j + k) % np) / np;
  for (i = 0; i < np; i++)
    for (j = 0; j < np; j++)
      C4[i][j] = (DATA_TYPE)(i * j % np) / np;
}

static void kernel_doitgen(int nr, int nq, int np, DATA_TYPE A[NR][NQ][NP], DATA_TYPE C4[NP][NP],
                           DATA_TYPE sum[NP]) {
  int r, q, p, s;
#pragma lsc parallel for private(q, p, s, sum)
  for (r = 0; r < nr; r++)
    for (q = 0; q < nq; q++) {
      for (p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
}

static void print_array(int nr, int nq, int np, DATA_TYPE A[NR][NQ][NP]) {
  int i, j, k;
  for (i = 0; i < nr; i++)
    for (j = 0; j < nq; j++) {
      for (k = 0; k < np; k++)
        printf(DATA_PRINTF_MODIFIER, A[i][j][k]);
      printf("\n");
    }
}

int main(void) {
  static DATA_TYPE A[NR][NQ][NP], C4[NP][NP], sum[NP];
  init_array(NR, NQ, NP, A, C4);
  kernel_doitgen(NR, NQ, NP, A, C4, sum);
  print_array(NR, NQ, NP, A);
  return 0;
}
