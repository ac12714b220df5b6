// Array reductions (OpenMP 4.5 sections): a histogram found without a clause (`hist[b]++`, `wh[key[i]] +=
// w[i]`: the body only updates the arrays, at subscripts computed from data), a whole 2-D array and a section
// named in reduction clauses, with + * max and |. Integer results match the sequential program at every rank
// count; the floating-point sums are exact here (multiples of 1/4), so they match too. With LSC_REPRODUCIBLE
// they are combined per block of iterations, in block order, on every rank count.
// REQUIRES: mpi
// RUN: %lsc-rewrite --remarks %s -o %t.lsc.c 2> %t.err
// RUN: FileCheck %s --check-prefix=REM < %t.err
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
// RUN: env LSC_SLOWDOWN=1,3,1 %mpirun -np 3 %t > %t.slow && diff %t.expected %t.slow
// RUN: env LSC_REPRODUCIBLE=64 %mpirun -np 3 %t > %t.repro && diff %t.expected %t.repro
#include <stdio.h>

#define NB 16
#define N 2000

static int key[N];
static double w[N];
static long grid[4][8];

static void count(long *bits, unsigned char *prod, double *top) {
#pragma lsc parallel for reduction(|: bits[0:4]) reduction(*: prod[0:NB]) reduction(max: top[0:NB])
  for (int i = 0; i < N; i++) {
    bits[key[i] % 4] |= 1L << (i % 60);
    prod[key[i]] *= (unsigned char)(1 + i % 3);
    if (w[i] > top[key[i]])
      top[key[i]] = w[i];
  }
}

int main(void) {
  int hist[NB] = {0};
  double wh[NB];
  long bits[4] = {0};
  unsigned char prod[NB];
  double top[NB];
  for (int b = 0; b < NB; b++) {
    wh[b] = 0.5;
    prod[b] = 1;
    top[b] = -1.0;
  }
  for (int i = 0; i < N; i++) {
    key[i] = (i * 7 + i / 5) % NB;
    w[i] = (i % 37) * 0.25;
  }
#pragma lsc parallel for
  for (int i = 0; i < N; i++) {
    int b = key[i];
    hist[b]++;
    wh[key[i]] += w[i];
  }
#pragma lsc parallel for reduction(+: grid)
  for (int i = 0; i < N; i++)
    grid[key[i] % 4][i % 8] += i;
  count(bits, prod, top);
  for (int b = 0; b < NB; b++)
    printf("%d %d %.3f %u %.2f\n", b, hist[b], wh[b], prod[b], top[b]);
  for (int b = 0; b < 4; b++)
    printf("%ld %ld %ld\n", bits[b], grid[b][0], grid[b][7]);
  return 0;
}

// REM-DAG: remark: 'hist' is an array reduction with '+' over 16 elements (found: the body only updates it, at subscripts computed from data)
// REM-DAG: remark: 'wh' is an array reduction with '+' over 16 elements (found: the body only updates it, at subscripts computed from data)
// REM-DAG: remark: 'grid' is an array reduction with '+' over 32 elements
// REM-DAG: remark: 'bits' is an array reduction with '|' over 4 elements
// REM-DAG: remark: 'prod' is an array reduction with '*' over 16 elements
// REM-DAG: remark: 'top' is an array reduction with 'max' over 16 elements
