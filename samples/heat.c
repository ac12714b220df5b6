/* Heat equation on a plate, relaxed in place in Gauss-Seidel order, the pipelined benchmark of [ciorba-hopt]
 * and [ciorba-dmps]: every point moves towards its four neighbours, those above and to the left already
 * updated in this sweep, those below and to the right not yet. Each sweep is a nest with the constant
 * dependence distances (1,0) and (0,1): not a DOALL loop, but a pipeline (chunks of rows i, the scheduling
 * dimension, flow from worker to worker, synchronizing every h columns j). Plain sequential C; prints a
 * checksum so any two builds can be compared. */
#include <stdio.h>

#ifndef N
#define N 200 /* rows, the scheduling dimension */
#endif
#ifndef M
#define M 240 /* columns, the synchronization dimension */
#endif
#ifndef STEPS
#define STEPS 40 /* sweeps: each one is a pipelined nest */
#endif

static double u[N][M];

int main(void) {
  /* a hot top edge, a warm left edge, a cold rest with a few deterministic warm spots */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      u[i][j] = i == 0 ? 100.0 : j == 0 ? 50.0 : (double)((i * 13 + j * 7) % 29 == 0) * 20.0;

  const double rate = 0.2; /* below 0.25: every sweep keeps the values bounded */
  for (int step = 0; step < STEPS; step++) {
#pragma lsc pipeline for schedule(dtss) sync(auto)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < M - 1; j++)
        u[i][j] += rate * (u[i - 1][j] + u[i][j - 1] + u[i + 1][j] + u[i][j + 1] - 4.0 * u[i][j]);
  }

  double checksum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      checksum += u[i][j] * (double)((i + 2 * j) % 5 + 1);
  printf("heat %dx%d, %d steps: checksum %.6f, centre %.6f\n", N, M, STEPS, checksum, u[N / 2][M / 2]);
  return 0;
}
