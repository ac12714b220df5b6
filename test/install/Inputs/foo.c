/* The README's by-hand recipe builds this: one marked loop and a checksum. */
#include <stdio.h>

#define N 1000
static double x[N];

int main(void) {
  double sum = 0.0;
#pragma lsc parallel for schedule(gss) reduction(+ : sum)
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 * i;
    sum += x[i];
  }
  printf("sum %.1f, x[999] %.1f\n", sum, x[N - 1]);
  return 0;
}
