/* Row i sums BASE_TERMS + 6000 * (i % 7) terms of a series: uneven work per iteration, the case
 * self-scheduling is for. Plain sequential C; built through lsc (lsc-cc, the CMake package or pkg-config),
 * the marked loop runs across MPI ranks and the program prints the same line. */
#include "series.h"

#include <stdio.h>

static double row_sum[ROWS];

int main(void) {
#pragma lsc parallel for schedule(fss)
  for (int i = 0; i < ROWS; i++) {
    int terms = BASE_TERMS + 6000 * (i % 7);
    double sum = 0.0;
    for (int k = 1; k <= terms; k++)
      sum += 1.0 / ((double)k * k + (double)i);
    row_sum[i] = sum;
  }

  double checksum = 0.0;
  for (int i = 0; i < ROWS; i++)
    checksum += row_sum[i] * (double)(i % 5 + 1);
  printf("series: %d rows, checksum %.12f\n", ROWS, checksum);
  return 0;
}
