// Issue 12, row 4: loops that never end in C stop at run time with an error naming the loop (docs/pragma.md),
// on every rank count, instead of running a finite count. `unsigned char c < 300` compares as int, where every
// value of c is below 300; lsc-rewrite also warns, since the bound is a constant. An unsigned variable stepping
// by 2 from 0 never equals an odd bound: only the run time can tell, the bound is a variable.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: timeout 20 %mpirun -np 1 %t char > %t.out1 2> %t.1; echo "exit=$?" >> %t.1
// RUN: FileCheck %s --check-prefix=CHAR < %t.1
// RUN: timeout 20 %mpirun -np 2 %t char > %t.out2 2> %t.2; echo "exit=$?" >> %t.2
// RUN: FileCheck %s --check-prefix=CHAR < %t.2
// RUN: not grep 'loop ran' %t.out1 %t.out2
// RUN: timeout 20 %mpirun -np 3 %t odd > %t.out3 2> %t.3; echo "exit=$?" >> %t.3
// RUN: FileCheck %s --check-prefix=ODD < %t.3
// RUN: %t odd > %t.out4 2> %t.4; echo "exit=$?" >> %t.4
// RUN: FileCheck %s --check-prefix=ODD < %t.4
// RUN: not grep 'loop ran' %t.out3 %t.out4
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  long s = 0;
  unsigned odd = 7;
  if (argc > 1 && strcmp(argv[1], "char") == 0) {
#pragma lsc parallel for reduction(+ : s)
    for (unsigned char c = 0; c < 300; c++)
      s += c;
  } else {
#pragma lsc parallel for reduction(+ : s)
    for (unsigned i = 0; i != odd; i += 2)
      s += i;
  }
  printf("loop ran: %ld\n", s);
  return 0;
}

// WARN: {{.*}}never_ends.c:26:31: warning: 'c < 300' is true for every value of 'unsigned char' (compared as 'int'): the loop never ends; lsc stops it at run time with an error
// WARN-NOT: warning:

// The error line is checked from the file name on: Open MPI's abort banner may land between runtime/fatal.c's
// writes of "lsc: error: " and the message (issue 12, item 8).

// CHAR: never_ends.c:26: the loop would not terminate: its condition stays true for every value its induction variable takes
// CHAR: exit=1

// ODD: never_ends.c:30: the loop would not terminate: its condition stays true for every value its induction variable takes
// ODD: exit=1
