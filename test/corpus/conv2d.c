// conv-2d: a 3x3 convolution of an image with a constant kernel, coefficients as macros (as PolyBench's
// convolution-2d writes them). The row loop is DOALL: B row i from A rows i-1..i+1. Global arrays with
// constant bounds written through macros (NI - 1).
// RUN: %corpus-run %s %t
// RUN: %corpus-run %s %t.small -DSMALL_DATASET
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define NI 32
#define NJ 40
#endif
#ifdef SMALL_DATASET
#define NI 128
#define NJ 160
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%.17g "
#define C11 0.2
#define C21 0.5
#define C31 -0.8
#define C12 -0.3
#define C22 0.6
#define C32 -0.9
#define C13 0.4
#define C23 0.7
#define C33 0.10

static DATA_TYPE A[NI][NJ], B[NI][NJ];

static void init_array(void) {
  int i, j;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      A[i][j] = (DATA_TYPE)((i * 7 + j * 3) % 17) / 17;
}

static void kernel_conv2d(void) {
  int i, j;
#pragma lsc parallel for private(j)
  for (i = 1; i < NI - 1; ++i)
    for (j = 1; j < NJ - 1; ++j)
      B[i][j] = C11 * A[i - 1][j - 1] + C12 * A[i + 0][j - 1] + C13 * A[i + 1][j - 1] +
                C21 * A[i - 1][j + 0] + C22 * A[i + 0][j + 0] + C23 * A[i + 1][j + 0] +
                C31 * A[i - 1][j + 1] + C32 * A[i + 0][j + 1] + C33 * A[i + 1][j + 1];
}

static void print_array(void) {
  int i, j;
  for (i = 0; i < NI; i++) {
    for (j = 0; j < NJ; j++)
      printf(DATA_PRINTF_MODIFIER, B[i][j]);
    printf("\n");
  }
}

int main(void) {
  init_array();
  kernel_conv2d();
  print_array();
  return 0;
}
