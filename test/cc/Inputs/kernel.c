/* The parallel part of a two-file program (see driver.c, which holds main and has no pragma). */
#include "kernel.h"

double cube_sum[KERNEL_ROWS];

void fill_cube_sums(void) {
#pragma lsc parallel for schedule(gss)
  for (int i = 0; i < KERNEL_ROWS; i++) {
    double sum = 0.0;
    for (int k = 0; k <= i; k++)
      sum += (double)k * k * k;
    cube_sum[i] = sum;
  }
}
