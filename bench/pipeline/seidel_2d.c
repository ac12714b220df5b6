/* seidel_2d: PolyBench's 2-D Gauss-Seidel (9-point, in place), written as a user would, with the sweep as a
 * pipelined nest: flow (1,-1), (1,0), (1,1), (0,1) and the matching anti dependences give dep_rows 1 and
 * skew 1. Issue 15's case: at np 2 rank 0 used to serve only, so the whole nest ran on the one worker.
 * Sizes at compile time, -DN=... -DTSTEPS=... (PolyBench MEDIUM, 400 and 100, by default; LARGE is 2000 and
 * 500). Prints the output hash on stdout and kernel_seconds on stderr, as bench/kernels do. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, before any header */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef N
#define N 400
#endif
#ifndef TSTEPS
#define TSTEPS 100
#endif

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void kernel(double (*A)[N]) {
  for (int t = 0; t < TSTEPS; t++) {
#pragma lsc pipeline for
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] + A[i][j + 1] +
                   A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
  }
}

int main(void) {
  double(*A)[N] = malloc(sizeof(double[N][N]));
  if (!A)
    return 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((double)i * (j + 2) + 2) / N;
  double t0 = now();
  kernel(A);
  double seconds = now() - t0;
  unsigned long long h = 14695981039346656037ull; /* FNV-1a over the bytes: any bit changes it */
  const unsigned char *p = (const unsigned char *)A;
  for (size_t i = 0; i < sizeof(double[N][N]); i++)
    h = (h ^ p[i]) * 1099511628211ull;
  printf("hash=%016llx\n", h);
  fprintf(stderr, "kernel_seconds=%.6f\n", seconds);
  free(A);
  return 0;
}
