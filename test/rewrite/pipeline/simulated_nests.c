// Nests with every kind of distance, run through Inputs/pipeline_sim.c (a one-process stand-in for the DMPS
// runtime that follows include/lsc.h's contract: private copies per chunk, inputs from before the nest,
// boundary cells per block in skewed columns) for several chunk sizes and intervals: each run prints what
// the sequential program prints. Without the skew, the nests that need one go wrong.
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %seq-build %t.sim %t.lsc.c %S/Inputs/pipeline_sim.c %lsc-src/runtime/sched/trip_count.c -I%include -Wextra -Werror
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: env LSC_SIM_CHUNK=1 LSC_SIM_H=1 %t.sim | diff %t.expected -
// RUN: env LSC_SIM_CHUNK=2 LSC_SIM_H=3 %t.sim | diff %t.expected -
// RUN: env LSC_SIM_CHUNK=3 LSC_SIM_H=7 %t.sim | diff %t.expected -
// RUN: env LSC_SIM_CHUNK=5 LSC_SIM_H=1000 %t.sim | diff %t.expected -
// RUN: env LSC_SIM_CHUNK=1000 LSC_SIM_H=2 %t.sim | diff %t.expected -
// RUN: env LSC_SIM_CHUNK=2 LSC_SIM_H=3 LSC_SIM_IGNORE_SKEW=1 %t.sim > %t.noskew
// RUN: not diff -q %t.expected %t.noskew
#include <stdio.h>
#include <string.h>

#define N 23
#define M 31
#define K 3
static double a[N + 1][M + 1], b[N + 1][M + 4], c[N + 1][M + 1], field[N][M][K];
static double p[N + 1][M + 2], q[N + 1][M + 2];

/* anti (0, 1) and anti (1, -1): skew 1, nothing to send */
static void upwards(void) {
#pragma lsc pipeline for sync(4)
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++)
      a[i][j] = 0.25 * (a[i][j + 1] + a[i + 1][j - 1] + a[i][j]) + 0.5;
}

/* the same read with the outer loop running down: flow (1, 1) */
static void downwards(void) {
#pragma lsc pipeline for
  for (int i = N - 1; i >= 1; i--)
    for (int j = 1; j < M; j++)
      c[i][j] = 0.25 * (c[i][j + 1] + c[i + 1][j - 1] + c[i][j]) + 0.5;
}

/* flow (1, -1) and (2, -3): two rows from before the chunk, skew 2 */
static void flow_back(void) {
#pragma lsc pipeline for
  for (int i = 2; i < N; i++)
    for (int j = 1; j < M; j++)
      b[i][j] = 0.5 * b[i - 1][j + 1] - 0.25 * b[i - 2][j + 3] + 1.0;
}

/* two arrays crossing rows, two boundary cells: p flow (1, 0); q flow (1, -1) and (0, 1) via p: skew 1 */
static void two_arrays(void) {
#pragma lsc pipeline for sync(5)
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= M; j++) {
      p[i][j] = 0.5 * p[i - 1][j] + 0.25 * q[i][j - 1];
      q[i][j] = 0.5 * q[i - 1][j + 1] + 0.125 * p[i][j];
    }
}

/* depth 3: flow (1, 0) and (0, 1) over K-element cells */
static void depth3(void) {
#pragma lsc pipeline for sync(2 * 3)
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++)
      for (int k = 0; k < K; k++)
        field[i][j][k] = 0.5 * (field[i - 1][j][k] + field[i][j - 1][k]) + k;
}

/* a VLA parameter, private and firstprivate scalars, a conditional write with continue */
static void smooth(int rows, int cols, double g[rows][cols], double w) {
  double t;
#pragma lsc pipeline for private(t) firstprivate(w)
  for (int r = 1; r < rows; r++)
    for (int q = 1; q < cols; q++) {
      t = g[r - 1][q] * w;
      if (t > 1e6)
        continue;
      g[r][q] = t + 0.5 * g[r][q - 1];
    }
}

/* a local VLA: the edit distance table */
static int edit_distance(const char *s, const char *u) {
  int n = (int)strlen(s), m = (int)strlen(u);
  int d[n + 1][m + 1];
  for (int i = 0; i <= n; i++)
    d[i][0] = i;
  for (int j = 0; j <= m; j++)
    d[0][j] = j;
#pragma lsc pipeline for sync(3)
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++) {
      int best = d[i - 1][j - 1] + (s[i - 1] != u[j - 1]);
      if (d[i - 1][j] + 1 < best)
        best = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < best)
        best = d[i][j - 1] + 1;
      d[i][j] = best;
    }
  return d[n][m];
}

static double sum2(int rows, int cols, const double *p) {
  double s = 0;
  for (int i = 0; i < rows * cols; i++)
    s += p[i] * (i % 7 + 1);
  return s;
}

int main(void) {
  for (int i = 0; i <= N; i++)
    for (int j = 0; j <= M; j++)
      a[i][j] = c[i][j] = (i * 7 + j * 3) % 11;
  for (int i = 0; i <= N; i++)
    for (int j = 0; j < M + 4; j++)
      b[i][j] = (i + 2 * j) % 5;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        field[i][j][k] = (i + j + k) % 4;
  for (int i = 0; i <= N; i++)
    for (int j = 0; j < M + 2; j++)
      p[i][j] = q[i][j] = (i * 5 + j) % 9;
  double g[17][13];
  for (int i = 0; i < 17; i++)
    for (int j = 0; j < 13; j++)
      g[i][j] = (i * j) % 3;
  upwards();
  downwards();
  flow_back();
  two_arrays();
  depth3();
  smooth(17, 13, g, 0.75);
  printf("a %.12g c %.12g b %.12g field %.12g g %.12g\n", sum2(N + 1, M + 1, &a[0][0]), sum2(N + 1, M + 1, &c[0][0]),
         sum2(N + 1, M + 4, &b[0][0]), sum2(N * M, K, &field[0][0][0]), sum2(17, 13, &g[0][0]));
  printf("p %.12g q %.12g\n", sum2(N + 1, M + 2, &p[0][0]), sum2(N + 1, M + 2, &q[0][0]));
  printf("edit distance %d\n", edit_distance("pipelined self-scheduling", "self-scheduled pipelines"));
  return 0;
}
