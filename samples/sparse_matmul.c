/* Sparse matrix multiplication ([wu-hybrid] section 4.2): C = A * B where the lower half of A is zero and the
 * products with zeros are skipped, so row i costs (N - i) / N of a dense row: a decreasing, data-heavy
 * workload. Prints a checksum so builds can be compared. */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 512
#endif

int main(void) {
  double *a = malloc(sizeof(double) * N * N);
  double *b = malloc(sizeof(double) * N * N);
  double *c = malloc(sizeof(double) * N * N);
  if (!a || !b || !c) {
    fprintf(stderr, "sparse_matmul: out of memory\n");
    return 1;
  }
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++) {
      a[i * N + k] = k < i ? 0.0 : (double)((i * 3 + k * 7) % 11 + 1) / 8.0;
      b[i * N + k] = (double)((i * 13 + k * 5) % 9) / 4.0;
    }

#pragma lsc parallel for schedule(tss)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double sum = 0.0;
      for (int k = 0; k < N; k++)
        if (a[i * N + k] != 0.0)
          sum += a[i * N + k] * b[k * N + j];
      c[i * N + j] = sum;
    }

  double checksum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      checksum += c[i * N + j] * (double)((2 * i + j) % 5 + 1);
  printf("sparse_matmul %dx%d checksum %.6f\n", N, N, checksum);
  free(a);
  free(b);
  free(c);
  return 0;
}
