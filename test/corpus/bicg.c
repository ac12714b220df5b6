// bicg: the BiCG sub-kernel, s = A'*r and q = A*p in one sweep over the rows. The row loop writes q[i]
// (DOALL) and adds into every s[j] (an array reduction: reduction(+: s[0:m]) as OpenMP 4.5 writes it).
// Integer-valued data keep every sum exact, so the order of the partial sums cannot show.
// Accepted since issue 13 item 8: 'reduction(+ : s[0:m])' with 's[j] = s[j] + ...' reduces the declared
// elements of 's', the run-time length 'm' checked against them.
// RUN: %corpus-run %s %t
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#define MINI_DATASET
#endif
#ifdef MINI_DATASET
#define M 38
#define N 42
#endif
#ifdef SMALL_DATASET
#define M 116
#define N 124
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%.17g "

static void init_array(int m, int n, DATA_TYPE A[N][M], DATA_TYPE r[N], DATA_TYPE p[M]) {
  int i, j;
  for (i = 0; i < m; i++)
    p[i] = i % 4 - 1;
  for (i = 0; i < n; i++) {
    r[i] = i % 3 + 1;
    for (j = 0; j < m; j++)
      A[i][j] = (DATA_TYPE)(i * (j + 1) % 5);
  }
}

static void kernel_bicg(int m, int n, DATA_TYPE A[N][M], DATA_TYPE s[M], DATA_TYPE q[N], DATA_TYPE p[M],
                        DATA_TYPE r[N]) {
  int i, j;
  for (i = 0; i < m; i++)
    s[i] = 0;
#pragma lsc parallel for private(j) reduction(+ : s[0:m]) reproducible(on)
  for (i = 0; i < n; i++) {
    q[i] = 0.0;
    for (j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

static void print_array(int m, int n, DATA_TYPE s[M], DATA_TYPE q[N]) {
  int i;
  for (i = 0; i < m; i++)
    printf(DATA_PRINTF_MODIFIER "\n", s[i]);
  for (i = 0; i < n; i++)
    printf(DATA_PRINTF_MODIFIER "\n", q[i]);
}

int main(void) {
  static DATA_TYPE A[N][M], s[M], q[N], p[M], r[N];
  init_array(M, N, A, r, p);
  kernel_bicg(M, N, A, s, q, p, r);
  print_array(M, N, s, q);
  return 0;
}
