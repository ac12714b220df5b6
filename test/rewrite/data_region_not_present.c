// The present table's checks at run time: an update of elements no region holds stops the program naming the
// directive and the item; so does a region over elements that half-overlap those another region holds.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: not %mpirun -np 2 %t update > %t.out1 2> %t.err1
// RUN: FileCheck %s --check-prefix=UPDATE < %t.err1
// RUN: not %mpirun -np 2 %t overlap > %t.out2 2> %t.err2
// RUN: FileCheck %s --check-prefix=OVERLAP < %t.err2
#include <stdio.h>
#include <string.h>

static double v[100];

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "update") == 0) {
#pragma lsc update host(v)
    printf("not reached\n");
  } else {
#pragma lsc enter data copyin(v[0:50])
#pragma lsc enter data copyin(v[25:50])
    printf("not reached\n");
  }
  return 0;
}

// UPDATE: lsc: error: {{.*}}data_region_not_present.c:17: update host(v): no data region holds these elements; update works inside a region
// OVERLAP: lsc: error: {{.*}}data_region_not_present.c:21: data copyin(v): its elements overlap an array another region holds, without being the same elements
