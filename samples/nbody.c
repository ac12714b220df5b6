/* Direct N-body forces, the demo's kernel (`make demo`): the force on every body from all the others
 * (softened gravity), then a leapfrog step, for STEPS steps. Each iteration of the marked loop does N
 * interactions and reads the N positions, which travel to a worker once per loop: the work (N^2) dominates
 * the data (N), so the speedup lsc shows here is the schedule's, not the network's. Every iteration costs the
 * same, so a split by the ranks' speeds is right from the start: the loop the alpha phase is made for.
 * Plain sequential C; prints checksums of the final state, so any two builds can be compared byte for byte.
 */
#include <math.h>
#include <stdio.h>

#ifndef NBODIES
#define NBODIES 4096
#endif
#ifndef STEPS
#define STEPS 1
#endif
#define SOFTENING 1e-3
#define DT 1e-3

static double px[NBODIES], py[NBODIES], pz[NBODIES], vx[NBODIES], vy[NBODIES], vz[NBODIES], mass[NBODIES];
static double ax[NBODIES], ay[NBODIES], az[NBODIES];

int main(void) {
  for (int i = 0; i < NBODIES; i++) {
    px[i] = (double)((i * 37) % 1009) / 100.0;
    py[i] = (double)((i * 53) % 1013) / 100.0;
    pz[i] = (double)((i * 71) % 1019) / 100.0;
    mass[i] = 1.0 + (i % 3);
  }

  for (int s = 0; s < STEPS; s++) {
#pragma lsc parallel for schedule(fss)
    for (int i = 0; i < NBODIES; i++) {
      double fx = 0.0, fy = 0.0, fz = 0.0;
      for (int j = 0; j < NBODIES; j++) {
        double dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
        double r2 = dx * dx + dy * dy + dz * dz + SOFTENING;
        double inv = 1.0 / (r2 * sqrt(r2));
        fx += mass[j] * dx * inv;
        fy += mass[j] * dy * inv;
        fz += mass[j] * dz * inv;
      }
      ax[i] = fx;
      ay[i] = fy;
      az[i] = fz;
    }

    /* The update is O(N): not worth a message, so it stays sequential. */
    for (int i = 0; i < NBODIES; i++) {
      vx[i] += DT * ax[i];
      vy[i] += DT * ay[i];
      vz[i] += DT * az[i];
      px[i] += DT * vx[i];
      py[i] += DT * vy[i];
      pz[i] += DT * vz[i];
    }
  }

  double sp = 0.0, sv = 0.0;
  for (int i = 0; i < NBODIES; i++) {
    sp += px[i] * (i % 7 + 1) + py[i] - pz[i];
    sv += vx[i] * (i % 5 + 1) + vy[i] - vz[i];
  }
  printf("nbody %d bodies, %d step(s): positions %.17g velocities %.17g\n", NBODIES, STEPS, sp, sv);
  return 0;
}
