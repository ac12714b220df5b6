// A global table of strings: pointers are never sent between processes; each worker uses its own copy,
// with a warning. The rewritten program still prints what the sequential one prints.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 2 %t > %t.np2 && diff %t.expected %t.np2
// RUN: %mpirun -np 4 %t > %t.np4 && diff %t.expected %t.np4
#include <stdio.h>

static const char *names[] = {"a", "bb", "ccc"};
static int len(const char *s) {
  int n = 0;
  while (s[n])
    n++;
  return n;
}

int main(void) {
  int a[9];
#pragma lsc parallel for
  for (int i = 0; i < 9; i++)
    a[i] = len(names[i % 3]);
  int s = 0;
  for (int i = 0; i < 9; i++)
    s += a[i] * (i + 1);
  printf("%d\n", s);
  return 0;
}

// WARN: {{.*}}global_pointer_table.c:[[@LINE-8]]:16: warning: 'names' holds pointers, which cannot be sent to other processes; workers use their own copy as initialised at start-up
// CHECK: {{^}}struct lsc_env_25 {
// CHECK-NEXT: {{^ *}}void *a;
// CHECK-NEXT: {{^}}};
// CHECK: {{^ *}}lsc_parallel_for(&lsc_site_25, &lsc_env, lsc_vars, 1, lsc_iv_trip_count(0, 9, 1, LSC_CMP_LT, LSC_I32, LSC_I32));
