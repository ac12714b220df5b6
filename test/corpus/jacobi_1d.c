// jacobi-1d: three-point averaging in a time loop over two vectors, both sweeps DOALL. A temporary that
// is assigned before use in every iteration ('t', declared at the top with the counters) is the only
// scalar the body writes.
// Accepted since issue 13 item 6: the temporary 's' from the top, assigned before use in every iteration, is
// found private.
// RUN: %corpus-run %s %t
#include <stdio.h>

#define TSTEPS 30
#define N 400
#define DATA_TYPE double

static void init_array(int n, DATA_TYPE A[N], DATA_TYPE B[N]) {
  int i;
  for (i = 0; i < n; i++) {
    A[i] = ((DATA_TYPE)i + 2) / n;
    B[i] = ((DATA_TYPE)i + 3) / n;
  }
}

static void kernel_jacobi_1d(int tsteps, int n, DATA_TYPE A[N], DATA_TYPE B[N]) {
  int t, i;
  DATA_TYPE s;
  for (t = 0; t < tsteps; t++) {
#pragma lsc parallel for
    for (i = 1; i < n - 1; i++) {
      s = A[i - 1] + A[i] + A[i + 1];
      B[i] = 0.33333 * s;
    }
#pragma lsc parallel for
    for (i = 1; i < n - 1; i++) {
      s = B[i - 1] + B[i] + B[i + 1];
      A[i] = 0.33333 * s;
    }
  }
}

int main(void) {
  static DATA_TYPE A[N], B[N];
  int i;
  init_array(N, A, B);
  kernel_jacobi_1d(TSTEPS, N, A, B);
  for (i = 0; i < N; i++)
    printf("%.17g\n", A[i]);
  return 0;
}
