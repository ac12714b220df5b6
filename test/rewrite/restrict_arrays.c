// The plain outlined body declares its arrays `restrict` where lsc-rewrite proves statically that no two of
// the loop's arrays overlap: restrict pointers (scale), distinct declared arrays (blur: a global and a
// local array), and the body has an inner loop for a vectorizer (a body without one, shift, is left as it
// is). gcc honours restrict on parameters, so those arrays become parameters of lsc_loop_<line>.
// Plain pointers that may overlap (copy_rows) get no restrict: the runtime's overlap test is no proof, since
// with one rank, or when it finds an overlap, the same body runs. A VLA row length (vla_rows) keeps that
// array a local after the scalar that gives it. Subscripts the in-bounds proof rests on are checked in a
// twin lsc_body_<line>_checked that the plain body calls only under LSC_CHECK_BOUNDS. Every run matches the
// sequential build; copy_rows is also called on overlapping rows (rank 0 runs it alone).
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s --check-prefix=CODE < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wall -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_CHECK_BOUNDS=1 %mpirun -np 3 %t > %t.checked && diff %t.expected %t.checked
#include <stdio.h>

#define N 48
static double G[N][N], H[N][N];

static void scale(int n, const double (*restrict x)[N], double (*restrict y)[N]) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < N; j++)
      y[i][j] = 2 * x[i][j] + 1;
}

static void blur(int n) {
  double w[N];
  for (int j = 0; j < N; j++)
    w[j] = (j % 3) * 0.25;
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      G[i][j] = H[i][j] * w[j] + i;
}

static void copy_rows(int n, double (*dst)[N], double (*src)[N]) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < N; j++)
      dst[i][j] = src[i][j] + 1;
}

static void shift(int n, const double *restrict x, double *restrict z) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    z[i] = x[i] - 1;
}

static void vla_rows(int n, int m, double (*restrict A)[m], double *restrict b) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = A[i][j] * b[i];
}

int main(void) {
  static double x[N][N], y[N][N], z[N], M[N + 1][N], V[N][N - 8], b[N];
  for (int i = 0; i < N; i++) {
    b[i] = i % 4;
    for (int j = 0; j < N; j++) {
      x[i][j] = i + 2 * j;
      H[i][j] = i - j;
      M[i][j] = i * j % 7;
      if (j < N - 8)
        V[i][j] = i + j;
    }
  }
  scale(N, x, y);
  shift(N, b, z);
  blur(N);
  copy_rows(N, M, M + 1); /* overlapping rows: the loop runs as written, row i from row i + 1 */
  vla_rows(N, N - 8, V, b);
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += y[i][j] + z[i] + G[i][j] + M[i][j] + (j < N - 8 ? V[i][j] : 0);
  printf("%.3f\n", s);
  return 0;
}

// CODE-LABEL: static inline LSC_OUTLINED void lsc_loop_26(int64_t lsc_lo, int64_t lsc_hi, struct lsc_env_26 *lsc_e, double (*restrict y)[48], double (*restrict x)[48]) {
// CODE-NOT: lsc_e->x;
// CODE: y[i][j] = 2 * x[i][j] + 1;
// CODE-LABEL: static LSC_OUTLINED void lsc_body_26(int64_t lsc_lo, int64_t lsc_hi, void *lsc_env_ptr) {
// CODE-NEXT: struct lsc_env_26 *lsc_e = lsc_env_ptr;
// CODE-NEXT: lsc_loop_26(lsc_lo, lsc_hi, lsc_e, lsc_e->y, lsc_e->x);
// CODE-LABEL: static LSC_OUTLINED void lsc_body_36_checked(int64_t lsc_lo, int64_t lsc_hi, void *lsc_env_ptr) {
// CODE: G[i][lsc_subscript((j), 48, &lsc_sub_36_0)] = H[i][j] * w[j] + i;
// CODE-LABEL: static inline LSC_OUTLINED void lsc_loop_36(int64_t lsc_lo, int64_t lsc_hi, struct lsc_env_36 *lsc_e, double *restrict w) {
// CODE-NOT: lsc_subscript
// CODE: G[i][j] = H[i][j] * w[j] + i;
// CODE-LABEL: static LSC_OUTLINED void lsc_body_36(int64_t lsc_lo, int64_t lsc_hi, void *lsc_env_ptr) {
// CODE-NEXT: if (lsc_check_bounds) {
// CODE-NEXT: lsc_body_36_checked(lsc_lo, lsc_hi, lsc_env_ptr);
// CODE-NEXT: return;
// CODE-NEXT: }
// CODE-NEXT: struct lsc_env_36 *lsc_e = lsc_env_ptr;
// CODE-NEXT: lsc_loop_36(lsc_lo, lsc_hi, lsc_e, lsc_e->w);
// CODE-LABEL: static LSC_OUTLINED void lsc_body_43(
// CODE-NOT: {{\*restrict }}
// CODE: double (*dst)[48] = lsc_e->dst;
// CODE-NEXT: double (*src)[48] = lsc_e->src;
// CODE-NOT: {{\*restrict }}
// CODE: dst[i][j] = src[i][j] + 1;
// CODE-LABEL: static LSC_OUTLINED void lsc_body_50(
// CODE-NOT: {{\*restrict }}
// CODE: double *z = lsc_e->z;
// CODE-NEXT: double *x = lsc_e->x;
// CODE-NOT: {{\*restrict }}
// CODE: z[i] = x[i] - 1;
// CODE-LABEL: static inline LSC_OUTLINED void lsc_loop_56(int64_t lsc_lo, int64_t lsc_hi, struct lsc_env_56 *lsc_e, double *restrict b) {
// CODE: int64_t lsc_dim_A_1 = lsc_e->lsc_dim_A_1;
// CODE: double (*A)[lsc_dim_A_1] = lsc_e->A;
// CODE: A[i][j] = A[i][j] * b[i];
