// nbody: one step of a direct N-body simulation: the force on every body from all the others (softened),
// then the leapfrog update. The force loop is DOALL over bodies and reads every position; the update loop is
// DOALL too. Body state in separate global arrays, the softening and time step as macros.
// RUN: %corpus-run %s %t
#include <math.h>
#include <stdio.h>

#define NBODIES 96
#define NSTEPS 4
#define SOFTENING 1e-3
#define DT 0.01

static double px[NBODIES], py[NBODIES], pz[NBODIES], vx[NBODIES], vy[NBODIES], vz[NBODIES], mass[NBODIES];
static double fx[NBODIES], fy[NBODIES], fz[NBODIES];

static void init_bodies(int n) {
  int i;
  for (i = 0; i < n; i++) {
    px[i] = (double)((i * 37) % 101) / 10.0;
    py[i] = (double)((i * 53) % 103) / 10.0;
    pz[i] = (double)((i * 71) % 107) / 10.0;
    vx[i] = vy[i] = vz[i] = 0.0;
    mass[i] = 1.0 + (i % 3);
  }
}

static void forces(int n) {
  int i, j;
#pragma lsc parallel for private(j)
  for (i = 0; i < n; i++) {
    double ax = 0.0, ay = 0.0, az = 0.0;
    for (j = 0; j < n; j++) {
      double dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
      double r2 = dx * dx + dy * dy + dz * dz + SOFTENING;
      double inv = 1.0 / (r2 * sqrt(r2));
      ax += mass[j] * dx * inv;
      ay += mass[j] * dy * inv;
      az += mass[j] * dz * inv;
    }
    fx[i] = ax;
    fy[i] = ay;
    fz[i] = az;
  }
}

static void advance(int n) {
  int i;
#pragma lsc parallel for
  for (i = 0; i < n; i++) {
    vx[i] += DT * fx[i];
    vy[i] += DT * fy[i];
    vz[i] += DT * fz[i];
    px[i] += DT * vx[i];
    py[i] += DT * vy[i];
    pz[i] += DT * vz[i];
  }
}

int main(void) {
  int s, i;
  init_bodies(NBODIES);
  for (s = 0; s < NSTEPS; s++) {
    forces(NBODIES);
    advance(NBODIES);
  }
  for (i = 0; i < NBODIES; i++)
    printf("%.17g %.17g %.17g %.17g %.17g %.17g\n", px[i], py[i], pz[i], vx[i], vy[i], vz[i]);
  return 0;
}
