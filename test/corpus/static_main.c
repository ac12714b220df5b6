// static-main: a small program whose arrays are static locals of main (to keep them off the stack, as
// many codes do): a table of sines, then a smoothing of it, both DOALL loops written directly in main.
// RUN: %corpus-run %s %t
#include <math.h>
#include <stdio.h>

#define LEN 600

int main(void) {
  static double r[LEN];
  static double smooth[LEN];
  int i;
#pragma lsc parallel for
  for (i = 0; i < LEN; i++)
    r[i] = sin(0.01 * i) * (1.0 + 0.001 * i);
#pragma lsc parallel for
  for (i = 1; i < LEN - 1; i++)
    smooth[i] = 0.25 * r[i - 1] + 0.5 * r[i] + 0.25 * r[i + 1];
  smooth[0] = r[0];
  smooth[LEN - 1] = r[LEN - 1];
  for (i = 0; i < LEN; i++)
    printf("%d %.17g %.17g\n", i, r[i], smooth[i]);
  return 0;
}
