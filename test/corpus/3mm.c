// 3mm: G = (A*B)*(C*D), three DOALL row loops over constant-size parameters with run-time bounds; the
// counters at the top are named in private(...), as an OpenMP user writes them.
// Accepted since issue 13 item 1: rows of the constant-size parameters are disjoint by the in-bounds rule
// (docs/pragma.md, "Arrays of arrays").
// RUN: %corpus-run %s %t
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define NI 16
#define NJ 18
#define NK 20
#define NL 22
#define NM 24
#endif
#ifdef SMALL_DATASET
#define NI 40
#define NJ 50
#define NK 60
#define NL 70
#define NM 80
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%.17g "

static void init_array(int ni, int nj, int nk, int nl, int nm, DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ],
                       DATA_TYPE C[NJ][NM], DATA_TYPE D[NM][NL]) {
  int i, j;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % ni) / (5 * ni);
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (DATA_TYPE)((i * (j + 1) + 2) % nj) / (5 * nj);
  for (i = 0; i < nj; i++)
    for (j = 0; j < nm; j++)
      C[i][j] = (DATA_TYPE)(i * (j + 3) % nl) / (5 * nl);
  for (i = 0; i < nm; i++)
    for (j = 0; j < nl; j++)
      D[i][j] = (DATA_TYPE)((i * (j + 2) + 2) % nk) / (5 * nk);
}

static void kernel_3mm(int ni, int nj, int nk, int nl, int nm, DATA_TYPE E[NI][NJ], DATA_TYPE A[NI][NK],
                       DATA_TYPE B[NK][NJ], DATA_TYPE F[NJ][NL], DATA_TYPE C[NJ][NM], DATA_TYPE D[NM][NL],
                       DATA_TYPE G[NI][NL]) {
  int i, j, k;
#pragma lsc parallel for private(j, k)
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      E[i][j] = 0.0;
      for (k = 0; k < nk; ++k)
        E[i][j] += A[i][k] * B[k][j];
    }
#pragma lsc parallel for private(j, k)
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++) {
      F[i][j] = 0.0;
      for (k = 0; k < nm; ++k)
        F[i][j] += C[i][k] * D[k][j];
    }
#pragma lsc parallel for private(j, k)
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      G[i][j] = 0.0;
      for (k = 0; k < nj; ++k)
        G[i][j] += E[i][k] * F[k][j];
    }
}

static void print_array(int ni, int nl, DATA_TYPE G[NI][NL]) {
  int i, j;
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nl; j++)
      printf(DATA_PRINTF_MODIFIER, G[i][j]);
    printf("\n");
  }
}

static DATA_TYPE E[NI][NJ], A[NI][NK], B[NK][NJ], F[NJ][NL], C[NJ][NM], D[NM][NL], G[NI][NL];

int main(void) {
  init_array(NI, NJ, NK, NL, NM, A, B, C, D);
  kernel_3mm(NI, NJ, NK, NL, NM, E, A, B, F, C, D, G);
  print_array(NI, NL, G);
  return 0;
}
