/* main of a two-file program: no pragma here, the parallel loop is in kernel.c. */
#include "kernel.h"

#include <stdio.h>

int main(void) {
  fill_cube_sums();
  double checksum = 0.0;
  for (int i = 0; i < KERNEL_ROWS; i++)
    checksum += cube_sum[i] / (double)(i + 1);
  printf("kernel: checksum %.6f\n", checksum);
  return 0;
}
