// Footprints that are unions of slices: several write ranges of one array per iteration, and columns.
// sym: iteration i writes row i from the diagonal on and column i below it (c[i][j], c[j][i] for j >= i):
//   two slices, the column a strided one; no element is written by two iterations (i = j' >= i' = j >= i).
// symv: the same on a variable-length array, the diagonal written on its own (a third slice).
// cols: iteration j writes column j of a row-major matrix (a[i][j] for every i): a strided slice, which
//   interleaves with every other iteration's column; each chunk's columns come back without touching others'.
// pairs: a[2i] and a[2i+3]: two one-element slices that never meet.
// tmv: the transposed matrix-vector product reads column i (A[j][i]): a strided in slice, not the hull.
// window: a VLA read in rows i-1..i+1: three row slices, not the whole array.
// spread: a pointer of unknown size read at four strides: four one-element slices (no one range holds them).
// Runs at np 1, 3 and with LSC_SLOWDOWN (other chunks, other owners), output diffed with sequential.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra -I%S %lsc-libs
// RUN: %seq-build %t.seq %s -I%S -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_SLOWDOWN=1,3,1 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
// RUN: env LSC_SCHEDULE=static %mpirun -np 3 %t > %t.static && diff %t.expected %t.static
#include <stdio.h>

#define N 40

static void sym(int n, double c[N][N], double d[N][N]) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      c[i][j] = d[i][j] + d[j][i];
      c[j][i] = c[i][j] * 2;
    }
}

static void symv(int n, double c[n][n]) {
#pragma lsc parallel for
  for (int i = 0; i < n - 1; i++) {
    c[i][i] = 1.0;
    for (int j = i + 1; j < n; j++) {
      c[i][j] = i * 0.5 + j;
      c[j][i] = c[i][j];
    }
  }
}

static void cols(int m, int n, double a[N][N], const double q[N]) {
#pragma lsc parallel for
  for (int j = 1; j < n; j++) {
    double s = 0;
    for (int i = 0; i < m; i++)
      s += a[i][j] * q[i];
    for (int i = 0; i < m; i++)
      a[i][j] = a[i][j] - s * q[i];
  }
}

static void pairs(int *a) {
#pragma lsc parallel for
  for (int i = 0; i < 100; i++) {
    a[2 * i] = i;
    a[2 * i + 3] = -i;
  }
}

static void tmv(int n, double A[N][N], const double *x, double *y) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += A[j][i] * x[j];
    y[i] = s;
  }
}

static void window(int n, int m, double in[n][m], double out[n][m]) {
#pragma lsc parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 0; j < m; j++)
      out[i][j] = in[i - 1][j] + in[i][j] + in[i + 1][j];
}

static void spread(const int *p, int *out) {
#pragma lsc parallel for
  for (int i = 0; i < 20; i++)
    out[i] = p[i] + p[2 * i + 1] + p[3 * i + 2] + p[4 * i + 3];
}

int main(void) {
  static double c[N][N], d[N][N], cv[N][N], a[N][N], q[N], x[N], y[N], in[30][20], out[30][20];
  static int p[210], sp[20];
  for (int i = 0; i < N; i++) {
    q[i] = (i % 5) * 0.25;
    x[i] = i * 0.125;
    for (int j = 0; j < N; j++) {
      d[i][j] = (i * 7 + j * 3) % 11;
      a[i][j] = (i + 2 * j) % 13;
      c[i][j] = cv[i][j] = -1;
    }
  }
  for (int i = 0; i < 30; i++)
    for (int j = 0; j < 20; j++)
      in[i][j] = (i * j) % 17, out[i][j] = -2;
  sym(N - 3, c, d);
  symv(N, cv);
  cols(N - 5, N - 1, a, q);
  pairs(p);
  tmv(N, a, x, y);
  window(30, 20, in, out);
  spread(p, sp);
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += c[i][j] * (i + 1) + cv[i][j] * (j + 2) + a[i][j] * (i + j + 1);
  for (int i = 0; i < 210; i++)
    s += p[i] * (i % 7);
  for (int i = 0; i < N; i++)
    s += y[i] * (i + 3);
  for (int i = 0; i < 20; i++)
    s += sp[i] * (i + 1);
  for (int i = 0; i < 30; i++)
    for (int j = 0; j < 20; j++)
      s += out[i][j] * (i + 1);
  printf("%.6f\n", s);
  return 0;
}

// CHECK: {{^ *}}/* c: iteration k reads [41*k, 40*k + (int64_t)n); iteration k writes [41*k, 40*k + (int64_t)n) and [41*k, 41*k + 1) and every 40 elements after it, (int64_t)n - k times */
// CHECK: {{^ *}}{"c", LSC_VAR_ARRAY, LSC_VAR_READ | LSC_VAR_WRITE, offsetof(struct lsc_env_28, c), sizeof(double), 0, 0, 1600, {41, 0, 40, (int64_t)n, 0, 0, 0}, {41, 0, 40, (int64_t)n, 0, 0, 0}, 0, 1, { {0} }, { {41, 0, 41, 1, 40, -1, (int64_t)n} }},
// CHECK: {{^ *}}/* d: iteration k reads [41*k, 40*k + (int64_t)n) and [41*k, 41*k + 1) and every 40 elements after it, (int64_t)n - k times */
// CHECK: {{^ *}}{"d", LSC_VAR_ARRAY, LSC_VAR_READ, offsetof(struct lsc_env_28, d), sizeof(double), 0, 0, 1600, {41, 0, 40, (int64_t)n, 0, 0, 0}, {0}, 1, 0, { {41, 0, 41, 1, 40, -1, (int64_t)n} }, { {0} }},
// CHECK: {{^ *}}/* c: iteration k reads [((int64_t)n + 1)*k + 1, (int64_t)n*k + (int64_t)n); iteration k writes [((int64_t)n + 1)*k, ((int64_t)n + 1)*k + 1) and [((int64_t)n + 1)*k + 1, (int64_t)n*k + (int64_t)n) and [((int64_t)n + 1)*k + (int64_t)n, ((int64_t)n + 1)*k + (int64_t)n + 1) and every (int64_t)n elements after it, (int64_t)n - 1 - k times */
// CHECK: {{^ *}}{"c", LSC_VAR_ARRAY, LSC_VAR_READ | LSC_VAR_WRITE, offsetof(struct lsc_env_37, c), sizeof(double), 0, 0, (int64_t)n * (int64_t)n, {(int64_t)n + 1, 1, (int64_t)n, (int64_t)n, 0, 0, 0}, {(int64_t)n + 1, 0, (int64_t)n + 1, 1, 0, 0, 0}, 0, 2, { {0} }, { {(int64_t)n + 1, 1, (int64_t)n, (int64_t)n, 0, 0, 0}, {(int64_t)n + 1, (int64_t)n, (int64_t)n + 1, (int64_t)n + 1, (int64_t)n, -1, (int64_t)n - 1} }},
// CHECK: {{^ *}}/* a: iteration k reads [k + 1, k + 2) and every 40 elements after it, (int64_t)m times; iteration k writes [k + 1, k + 2) and every 40 elements after it, (int64_t)m times */
// CHECK: {{^ *}}{"a", LSC_VAR_ARRAY, LSC_VAR_READ | LSC_VAR_WRITE, offsetof(struct lsc_env_48, a), sizeof(double), 0, 0, 1600, {1, 1, 1, 2, 40, 0, (int64_t)m}, {1, 1, 1, 2, 40, 0, (int64_t)m}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}/* a: iteration k writes [2*k, 2*k + 1) and [2*k + 3, 2*k + 4) */
// CHECK: {{^ *}}{"a", LSC_VAR_ARRAY, LSC_VAR_WRITE, offsetof(struct lsc_env_59, a), sizeof(int), 0, 0, 0, {0}, {2, 0, 2, 1, 0, 0, 0}, 0, 1, { {0} }, { {2, 3, 2, 4, 0, 0, 0} }},
// CHECK: {{^ *}}/* A: iteration k reads [k, k + 1) and every 40 elements after it, (int64_t)n times */
// CHECK: {{^ *}}{"A", LSC_VAR_ARRAY, LSC_VAR_READ, offsetof(struct lsc_env_67, A), sizeof(double), 0, 0, 1600, {1, 0, 1, 1, 40, 0, (int64_t)n}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}/* in: iteration k reads [(int64_t)m*k, (int64_t)m*k + (int64_t)m) and [(int64_t)m*k + (int64_t)m, (int64_t)m*k + 2 * (int64_t)m) and [(int64_t)m*k + 2 * (int64_t)m, (int64_t)m*k + 3 * (int64_t)m) */
// CHECK: {{^ *}}{"in", LSC_VAR_ARRAY, LSC_VAR_READ, offsetof(struct lsc_env_77, in), sizeof(double), 0, 0, (int64_t)m * (int64_t)n, {(int64_t)m, 0, (int64_t)m, (int64_t)m, 0, 0, 0}, {0}, 2, 0, { {(int64_t)m, (int64_t)m, (int64_t)m, 2 * (int64_t)m, 0, 0, 0}, {(int64_t)m, 2 * (int64_t)m, (int64_t)m, 3 * (int64_t)m, 0, 0, 0} }, { {0} }},
// CHECK: {{^ *}}/* p: iteration k reads [k, k + 1) and [2*k + 1, 2*k + 2) and [3*k + 2, 3*k + 3) and [4*k + 3, 4*k + 4) */
// CHECK: {{^ *}}{"p", LSC_VAR_ARRAY, LSC_VAR_READ, offsetof(struct lsc_env_84, p), sizeof(int), 0, 0, 0, {1, 0, 1, 1, 0, 0, 0}, {0}, 3, 0, { {2, 1, 2, 2, 0, 0, 0}, {3, 2, 3, 3, 0, 0, 0}, {4, 3, 4, 4, 0, 0, 0} }, { {0} }},
