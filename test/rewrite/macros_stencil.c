// Macros in the bounds and in the subscripts: a 3-point stencil reading a[i-1..i+1].
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

#define N 1000
#define FIRST 1
#define LAST (N - 1)
#define AT(v, k) ((v)[(k)])

static double in[N], out[N];

int main(void) {
  for (int i = 0; i < N; i++)
    in[i] = (i * 31) % 101;
#pragma lsc parallel for schedule(static)
  for (int i = FIRST; i < LAST; i++)
    out[i] = (AT(in, i - 1) + AT(in, i) + AT(in, i + 1)) / 3.0;
  double s = 0;
  for (int i = 0; i < N; i++)
    s += out[i] * (i % 3);
  printf("%.4f\n", s);
  return 0;
}




// CHECK: {{^ *}}#include <lsc.h>
// CHECK: {{^ *}}#line 1 "{{.*}}macros_stencil.c"
// CHECK: {{^ *}}struct lsc_env_24 {
// CHECK: {{^ *}}struct lsc_env_24 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}lsc_e->out = (void *)out;
// CHECK: {{^ *}}lsc_e->in = (void *)in;
// CHECK: {{^ *}}struct lsc_env_24 *lsc_e = lsc_env_ptr;
// CHECK: {{^ *}}int i = (int)(1 + (uint64_t)lsc_k * 1);
// CHECK: {{^ *}}(void)i;
// CHECK: {{^ *}}#line 25 "{{.*}}macros_stencil.c"
// CHECK: {{^ *}}static const lsc_site lsc_site_24 = {.magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION,
// CHECK-NEXT: {{^ *}}.file = "{{.*}}macros_stencil.c", .line = 24, .body = lsc_body_24, .bind = lsc_bind_24, .env_size = sizeof(struct lsc_env_24),
// CHECK-NEXT: {{^ *}}.schedule = "static", .alpha = 0, .weights = 0, .workload = 0, .threads = 0, .reproducible = 0, .reissue = 0};
// CHECK: {{^ *}}#line 20 "{{.*}}macros_stencil.c"
// CHECK: {{^ *}}struct lsc_env_24 lsc_env;
// CHECK: {{^ *}}{"out", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, offsetof(struct lsc_env_24, out), sizeof(double), 0, 0, 1000, {0}, {1, 1, 1, 2, 0, 0, 0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}{"in", LSC_VAR_ARRAY, LSC_VAR_GLOBAL | LSC_VAR_READ, offsetof(struct lsc_env_24, in), sizeof(double), 0, 0, 1000, {1, 0, 1, 3, 0, 0, 0}, {0}, LSC_NO_MORE_SLICES},
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_24, &lsc_env, lsc_vars, 2, lsc_iv_trip_count(FIRST, LAST, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
// CHECK: {{^ *}}#line 25 "{{.*}}macros_stencil.c"
