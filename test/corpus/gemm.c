// gemm: C = alpha*A*B + beta*C, in the style of PolyBench: sizes from #define with dataset variants,
// constant-size array parameters, loop bounds from the size parameters, counters declared at the top.
// The outer row loop is DOALL: row i of C is written by iteration i only.
// Accepted since issue 13 items 6 and 1: 'j', 'k' from the top are found private; rows 'C[i]' of
// 'double C[NI][NJ]' are disjoint by the in-bounds rule.
// RUN: %corpus-run %s %t
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define NI 20
#define NJ 25
#define NK 30
#endif
#ifdef SMALL_DATASET
#define NI 60
#define NJ 70
#define NK 80
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%.17g "

static void init_array(int ni, int nj, int nk, DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE C[NI][NJ],
                       DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ]) {
  int i, j;
  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      C[i][j] = (DATA_TYPE)((i * j + 1) % ni) / ni;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (DATA_TYPE)(i * (j + 1) % nk) / nk;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (DATA_TYPE)(i * (j + 2) % nj) / nj;
}

static void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[NI][NJ],
                        DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ]) {
  int i, j, k;
#pragma lsc parallel for
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++)
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

static void print_array(int ni, int nj, DATA_TYPE C[NI][NJ]) {
  int i, j;
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      printf(DATA_PRINTF_MODIFIER, C[i][j]);
    printf("\n");
  }
}

int main(void) {
  static DATA_TYPE C[NI][NJ], A[NI][NK], B[NK][NJ];
  DATA_TYPE alpha, beta;
  init_array(NI, NJ, NK, &alpha, &beta, C, A, B);
  kernel_gemm(NI, NJ, NK, alpha, beta, C, A, B);
  print_array(NI, NJ, C);
  return 0;
}
