// A pointer into the middle of an array, subscripted below its element 0 (p[i - 10] is a[i]; found by the
// fuzzer, test/fuzz/found/derived-negative-index.c). The runtime moves elements [0, extent) of each array,
// so the instance runs on rank 0 alone, with a note, and prints what the sequential build prints.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 2> %t.err3 && diff %t.expected %t.np3
// RUN: FileCheck %s < %t.err3
#include <stdio.h>

int main(void) {
  int a[20];
  for (int t = 0; t < 20; t++)
    a[t] = -1;
  int *p = a + 10;
#pragma lsc parallel for
  for (int i = 0; i < 20; i++)
    p[i - 10] = i;
  // CHECK: lsc: note: {{.*}}alias_below_zero.c:[[@LINE-2]]: 'p' is subscripted below its element 0 (a pointer into an array); the loop runs on rank 0 alone
  for (int t = 0; t < 20; t++)
    printf("%d ", a[t]);
  printf("\n");
  return 0;
}
