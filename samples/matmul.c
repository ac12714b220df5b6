/* Dense matrix multiplication C = A * B, the seeds' benchmark ([chang-alpha] section 3.3, [wu-hybrid]),
 * scaled to a small machine. Plain sequential C: build it with any compiler, or through lsc to run the marked
 * loop across MPI ranks. Prints a checksum so any two builds can be compared. */
#include <stdio.h>

#ifndef N
#define N 640
#endif

static double a[N][N], b[N][N], c[N][N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = (double)((i * 7 + j * 3) % 17) / 16.0;
      b[i][j] = (double)((i * 5 + j * 11) % 13) / 12.0;
    }

#pragma lsc parallel for schedule(gss)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double sum = 0.0;
      for (int k = 0; k < N; k++)
        sum += a[i][k] * b[k][j];
      c[i][j] = sum;
    }

  double checksum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      checksum += c[i][j] * (double)((i + j) % 7 + 1);
  printf("matmul %dx%d checksum %.6f\n", N, N, checksum);
  return 0;
}
