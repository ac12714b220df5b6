// clang-format off
// A program of two files whose main (this file, no lsc code) calls MPI_Init / MPI_Init_thread and MPI_Finalize
// itself: the workers are still captured before main, the program's calls neither initialise twice nor
// finalise early, output happens once, and every rank exits 0. Also with liblsc.a.
// RUN: %lsc-build %t %s %S/Inputs/square_loop.c %lsc-libs
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 2 %t thread | FileCheck %s
// RUN: %t | FileCheck %s
// RUN: %lsc-build %t.static %s %S/Inputs/square_loop.c %lsc-static-libs
// RUN: %mpirun -np 4 %t.static | FileCheck %s
// RUN: %mpirun -np 2 %t.static thread | FileCheck %s
// CHECK: sum of squares below 100: 328350
// CHECK-NEXT: after MPI_Finalize
// CHECK-NOT: sum of squares
// clang-format on
#include <mpi.h>
#include <stdio.h>
#include <string.h>

long sum_of_squares(int n);

int main(int argc, char **argv) {
  int provided = 0;
  if (argc > 1 && strcmp(argv[1], "thread") == 0)
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  else
    MPI_Init(&argc, &argv);
  printf("sum of squares below 100: %ld\n", sum_of_squares(100));
  fflush(stdout);
  MPI_Finalize();
  printf("after MPI_Finalize\n");
  return 0;
}
