// fdtd-2d: 2-D finite-difference time domain, four DOALL loops per time step (the source row of ey, the
// ey, ex and hz updates), each over rows of constant-size parameters with run-time bounds nx, ny.
// Accepted since issue 13 items 6 and 1: 'j' from the top is found private; rows of 'ey', 'ex', 'hz' are
// disjoint by the in-bounds rule.
// RUN: %corpus-run %s %t
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define TMAX 20
#define NX 20
#define NY 30
#endif
#ifdef SMALL_DATASET
#define TMAX 40
#define NX 60
#define NY 80
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%.17g "

static void init_array(int tmax, int nx, int ny, DATA_TYPE ex[NX][NY], DATA_TYPE ey[NX][NY],
                       DATA_TYPE hz[NX][NY], DATA_TYPE fict[TMAX]) {
  int i, j;
  for (i = 0; i < tmax; i++)
    fict[i] = (DATA_TYPE)i;
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++) {
      ex[i][j] = ((DATA_TYPE)i * (j + 1)) / nx;
      ey[i][j] = ((DATA_TYPE)i * (j + 2)) / ny;
      hz[i][j] = ((DATA_TYPE)i * (j + 3)) / nx;
    }
}

static void kernel_fdtd_2d(int tmax, int nx, int ny, DATA_TYPE ex[NX][NY], DATA_TYPE ey[NX][NY],
                           DATA_TYPE hz[NX][NY], DATA_TYPE fict[TMAX]) {
  int t, i, j;
  for (t = 0; t < tmax; t++) {
#pragma lsc parallel for
    for (j = 0; j < ny; j++)
      ey[0][j] = fict[t];
#pragma lsc parallel for
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma lsc parallel for
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
#pragma lsc parallel for
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}

static void print_array(int nx, int ny, DATA_TYPE ex[NX][NY], DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY]) {
  int i, j;
  for (i = 0; i < nx; i++) {
    for (j = 0; j < ny; j++)
      printf(DATA_PRINTF_MODIFIER DATA_PRINTF_MODIFIER DATA_PRINTF_MODIFIER, ex[i][j], ey[i][j], hz[i][j]);
    printf("\n");
  }
}

int main(void) {
  static DATA_TYPE ex[NX][NY], ey[NX][NY], hz[NX][NY], fict[TMAX];
  init_array(TMAX, NX, NY, ex, ey, hz, fict);
  kernel_fdtd_2d(TMAX, NX, NY, ex, ey, hz, fict);
  print_array(NX, NY, ex, ey, hz);
  return 0;
}
