// 2mm: D = alpha*A*B*C + beta*D through a temporary, two DOALL row loops. Arrays are variable-length
// parameters of the kernel, heap-allocated in main as pointers to arrays; no clauses.
// Accepted since issue 13 item 6: the counters 'j', 'k' declared at the top are found private in both loops.
// RUN: %corpus-run %s %t
#include <stdio.h>
#include <stdlib.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define NI 16
#define NJ 18
#define NK 22
#define NL 24
#endif
#ifdef SMALL_DATASET
#define NI 40
#define NJ 50
#define NK 70
#define NL 80
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%.17g "

static void init_array(int ni, int nj, int nk, int nl, DATA_TYPE A[ni][nk], DATA_TYPE B[nk][nj],
                       DATA_TYPE C[nj][nl], DATA_TYPE D[ni][nl]) {
  int i, j;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % ni) / ni;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (DATA_TYPE)(i * (j + 1) % nj) / nj;
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++)
      C[i][j] = (DATA_TYPE)((i * (j + 3) + 1) % nl) / nl;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++)
      D[i][j] = (DATA_TYPE)(i * (j + 2) % nk) / nk;
}

static void kernel_2mm(int ni, int nj, int nk, int nl, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE tmp[ni][nj],
                       DATA_TYPE A[ni][nk], DATA_TYPE B[nk][nj], DATA_TYPE C[nj][nl], DATA_TYPE D[ni][nl]) {
  int i, j, k;
#pragma lsc parallel for
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (k = 0; k < nk; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
#pragma lsc parallel for
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (k = 0; k < nj; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}

static void print_array(int ni, int nl, DATA_TYPE D[ni][nl]) {
  int i, j;
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nl; j++)
      printf(DATA_PRINTF_MODIFIER, D[i][j]);
    printf("\n");
  }
}

int main(void) {
  int ni = NI, nj = NJ, nk = NK, nl = NL;
  DATA_TYPE(*tmp)[NI][NJ] = malloc(sizeof(*tmp));
  DATA_TYPE(*A)[NI][NK] = malloc(sizeof(*A));
  DATA_TYPE(*B)[NK][NJ] = malloc(sizeof(*B));
  DATA_TYPE(*C)[NJ][NL] = malloc(sizeof(*C));
  DATA_TYPE(*D)[NI][NL] = malloc(sizeof(*D));
  if (!tmp || !A || !B || !C || !D)
    return 1;
  init_array(ni, nj, nk, nl, *A, *B, *C, *D);
  kernel_2mm(ni, nj, nk, nl, 1.5, 1.2, *tmp, *A, *B, *C, *D);
  print_array(ni, nl, *D);
  free(tmp);
  free(A);
  free(B);
  free(C);
  free(D);
  return 0;
}
