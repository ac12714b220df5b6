// Feature-test macros switch on library functions only when they come before the first system header. The
// generated `#include <lsc.h>` (which includes <stdint.h>) therefore goes after them: above them, drand48
// and strdup would be implicitly declared in the lsc build only, and drand48's double read back as an int
// (a fuzzer find: a different answer, exit 0). A user macro that is not a reserved name (N below) stays
// under lsc.h. Built with -std=c11 -Werror, so a missing declaration fails the build; output diffed with the
// sequential build.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s --check-prefix=OUT --match-full-lines < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3

// OUT:      #define _POSIX_C_SOURCE 200809L
// OUT-NEXT: /* a comment among them */ #undef _FORTIFY_SOURCE
// OUT-NEXT: #define _DEFAULT_SOURCE {{\\}}
// OUT-NEXT:   1
// OUT-NEXT: #include <lsc.h>
// OUT-NEXT: #line 26 "{{.*}}feature_test_macros.c"
// OUT-NEXT: #define N 200
#define _POSIX_C_SOURCE 200809L
/* a comment among them */ #undef _FORTIFY_SOURCE
#define _DEFAULT_SOURCE \
  1
#define N 200
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  double a[N];
  srand48(7);
  double scale = drand48();
  char *name = strdup("scaled");
#pragma lsc parallel for
  for (int i = 0; i < N; i++)
    a[i] = scale * i;
  double s = 0;
  for (int i = 0; i < N; i++)
    s += a[i];
  printf("%s %.6f\n", name, s);
  free(name);
  return 0;
}
