// Flattened 2-D indexing a[i*n + j] over malloc'd pointers: rows of n elements per iteration.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra -I%S %lsc-libs
// RUN: %seq-build %t.seq %s -I%S -lm
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: %mpirun -np 4 %t > %t.np4 && diff %t.expected %t.np4
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 120;
  int *a = malloc(sizeof *a * (size_t)(n * n));
  int *t = malloc(sizeof *t * (size_t)(n * n));
  for (int k = 0; k < n * n; k++)
    a[k] = k % 97;
#pragma lsc parallel for schedule(tss)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      t[i * n + j] = a[i * n + j] * 2 + a[i * n + (n - 1 - j)];
  long s = 0;
  for (int k = 0; k < n * n; k++)
    s += (long)t[k] * (k % 13);
  printf("%ld\n", s);
  free(a);
  free(t);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}flattened_index.c"
// CHECK: {{^ *}}struct lsc_env_21 {
// CHECK: {{^ *}}struct lsc_env_21 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int n = lsc_e->n;
// CHECK: {{^ *}}int *t = lsc_e->t;
// CHECK: {{^ *}}int *a = lsc_e->a;
// CHECK: {{^ *}}int i = (int)(0 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 22 "{{.*}}flattened_index.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_21 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}flattened_index.c", .line = 21, .body = lsc_body_21, .bind = 0, .env_size = sizeof(struct lsc_env_21),
// CHECK-NEXT: {{^ *}}.schedule = "tss", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 14 "{{.*}}flattened_index.c"
// CHECK: {{^ *}}struct lsc_env_21 lsc_env;
// CHECK: {{^ *}}lsc_env.n = n;
// CHECK: {{^ *}}lsc_env.t = (void *)t;
// CHECK: {{^ *}}lsc_env.a = (void *)a;
// CHECK: {{^ *}}{"n", LSC_VAR_SCALAR, 0, offsetof(struct lsc_env_21, n), sizeof(int), 0, 0, 0, {0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"t", LSC_VAR_ARRAY, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_21, t), sizeof(int), 0, 0, 0, {0}, {(int64_t)n, 0, (int64_t)n, (int64_t)n, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"a", LSC_VAR_ARRAY, LSC_VAR_READ, offsetof(struct lsc_env_21, a), sizeof(int), 0, 0, 0, {(int64_t)n, 0, (int64_t)n, (int64_t)n, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_21, &lsc_env, lsc_vars, 3, lsc_iv_trip_count(0, n, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 23 "{{.*}}flattened_index.c"
