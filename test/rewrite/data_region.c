// Data regions (OpenACC's data clauses): a 2-D Jacobi sweep inside `#pragma lsc data copy(A) create(B)` on its
// time loop, an `update host` before rank 0 reads A inside the region, a return that leaves the region from
// inside it, and `enter data` / `exit data` around a call whose loop runs in another function. The output
// matches the sequential program at every rank count, with the arrays kept on the ranks between the loops
// (the data directory), and the runtime checks that every exit and update names elements a region holds.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: grep -v '^// ' %t.lsc.c | FileCheck %s --check-prefix=CODE
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_MASTER=compute LSC_SLOWDOWN=1,3,1 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
#include <stdio.h>

#define N 120
static double A[N][N], B[N][N];

static double sweep(int n, int steps, int stop_at) {
#pragma lsc data copy(A) create(B)
  for (int t = 0; t < steps; t++) {
#pragma lsc parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
#pragma lsc parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = B[i][j];
    if (t == stop_at) {
#pragma lsc update host(A[0:n])
      if (A[n / 2][n / 2] > 0)
        return -A[n / 2][n / 2];
    }
  }
  return A[n / 2][n / 2];
}

static void scale(int n, double *v, double f) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    v[i] *= f;
}

int main(void) {
  static double v[1000];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 7 + j * 3) % 11;
  for (int i = 0; i < 1000; i++)
    v[i] = i;
  printf("%.17g\n", sweep(N, 10, -1));
  printf("%.17g\n", sweep(N, 10, 4));
#pragma lsc enter data copyin(v)
  scale(1000, v, 0.5);
  scale(1000, v, 3.0);
#pragma lsc exit data copyout(v)
  printf("%.17g %.17g\n", v[1], v[999]);
  return 0;
}

// CODE: {"A", (void *)(A), sizeof(A), LSC_DATA_COPY}, {"B", (void *)(B), sizeof(B), LSC_DATA_CREATE}}; lsc_data_enter(&lsc_dsite_21_0, lsc_ditems_21_0, 2);
// CODE: {"A", (void *)&(A)[0], (size_t)(n) * sizeof (A)[0], LSC_DATA_HOST}}; lsc_data_update(&lsc_dsite_32_1, lsc_ditems_32_1, 1); }
// CODE: { lsc_data_exit(&lsc_dsite_21_0, lsc_ditems_21_0, 2); return -A[n / 2][n / 2]; }
// CODE: } lsc_data_exit(&lsc_dsite_21_0, lsc_ditems_21_0, 2); }
// CODE: lsc_data_enter(&lsc_dsite_55_2, lsc_ditems_55_2, 1); }
// CODE: lsc_data_exit(&lsc_dsite_58_3, lsc_ditems_58_3, 1); }
