// The README's matrix product: global 2-D arrays, row slices, a whole array, OUT_EXACT rows.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra -I%S %lsc-libs
// RUN: %seq-build %t.seq %s -I%S -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: %mpirun -np 4 %t > %t.np4 && diff %t.expected %t.np4
/* Dense matrix multiplication C = A * B, the seeds' benchmark ([chang-alpha] section 3.3, [wu-hybrid]), scaled to a
 * small machine. Plain sequential C: build it with any compiler, or through lsc to run the marked loop across
 * MPI ranks. Prints a checksum so any two builds can be compared. */
#include <stdio.h>

#ifndef N
#define N 96
#endif

static double a[N][N], b[N][N], c[N][N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = (double)((i * 7 + j * 3) % 17) / 16.0;
      b[i][j] = (double)((i * 5 + j * 11) % 13) / 12.0;
    }

#pragma lsc parallel for schedule(gss)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double sum = 0.0;
      for (int k = 0; k < N; k++)
        sum += a[i][k] * b[k][j];
      c[i][j] = sum;
    }

  double checksum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      checksum += c[i][j] * (double)((i + j) % 7 + 1);
  printf("matmul %dx%d checksum %.6f\n", N, N, checksum);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}matmul_global_2d.c"
// CHECK: {{^ *}}struct lsc_env_30 {
// CHECK: {{^ *}}struct lsc_env_30 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}lsc_e->a = (void *)a;
// CHECK: {{^ *}}lsc_e->b = (void *)b;
// CHECK: {{^ *}}lsc_e->c = (void *)c;
// CHECK: {{^ *}}struct lsc_env_30 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 31 "{{.*}}matmul_global_2d.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_30 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}matmul_global_2d.c", .line = 30, .body = lsc_body_30, .bind = lsc_bind_30, .env_size = sizeof(struct lsc_env_30),
// CHECK-NEXT: {{^ *}}.schedule = "gss", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 22 "{{.*}}matmul_global_2d.c"
// CHECK: {{^ *}}struct lsc_env_30 lsc_env;
// CHECK: {{^ *}}{"a", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ, offsetof(struct lsc_env_30, a), sizeof(double), 0, 0, 9216, {96, 0, 96, 96, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"b", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ | LSC_VAR_WHOLE, offsetof(struct lsc_env_30, b), sizeof(double), 0, 0, 9216, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"c", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_30, c), sizeof(double), 0, 0, 9216, {0}, {96, 0, 96, 96, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_30, &lsc_env, lsc_vars, 3, lsc_iv_trip_count(0, N, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 36 "{{.*}}matmul_global_2d.c"
