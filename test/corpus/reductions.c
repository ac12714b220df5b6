// reductions: a reduction-heavy kernel, the statistics pass of a solver: dot product, squared norm, the
// largest and smallest entry, a count above a threshold and a checksum, each a scalar reduction with the
// clause an OpenMP user writes. The data are multiples of 1/8 of moderate size, so every floating-point
// partial sum is exact and no order can show; reproducible(on) fixes the order anyway.
// RUN: %corpus-run %s %t
#include <stdio.h>

#define N 5000
#define THRESHOLD 3.0

static double x[N], y[N];
static int label[N];

static void init(int n) {
  int i;
  for (i = 0; i < n; i++) {
    x[i] = (double)((i * 29) % 41 - 20) / 8.0;
    y[i] = (double)((i * 17) % 23 - 11) / 8.0;
    label[i] = (i * 7) % 11;
  }
}

int main(void) {
  int i;
  double dot = 0.0, nrm2 = 0.0, big = -1e300, small = 1e300;
  long above = 0;
  unsigned checksum = 0;
  init(N);
#pragma lsc parallel for reduction(+ : dot, nrm2) reproducible(on)
  for (i = 0; i < N; i++) {
    dot += x[i] * y[i];
    nrm2 += x[i] * x[i];
  }
#pragma lsc parallel for reduction(max : big) reduction(min : small)
  for (i = 0; i < N; i++) {
    double v = x[i] - 2.0 * y[i];
    big = v > big ? v : big;
    small = v < small ? v : small;
  }
#pragma lsc parallel for reduction(+ : above) reduction(^ : checksum)
  for (i = 0; i < N; i++) {
    if (x[i] > THRESHOLD || y[i] > THRESHOLD)
      above += 1;
    checksum ^= (unsigned)label[i] * 2654435761u + (unsigned)i;
  }
  printf("dot %.17g\nnrm2 %.17g\nmax %.17g\nmin %.17g\nabove %ld\nchecksum %u\n", dot, nrm2, big, small,
         above, checksum);
  return 0;
}
