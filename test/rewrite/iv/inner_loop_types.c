// Inner loops of the body get a range for their accesses only when C's conversions keep it one interval: a
// size_t variable against an int constant is fine; an unsigned char ring walk (250, ..., 255, 0, ..., 3) is
// not, so its writes need an out() clause (inner_wrap_refused.c), and with it the loop runs as the sequential one.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %seq-build %t.seq %s -Wextra
// RUN: %t.seq > %t.expected
// RUN: %mpirun -np 1 %t > %t.np1 && diff %t.expected %t.np1
// RUN: %mpirun -np 3 %t > %t.np3 && diff %t.expected %t.np3
#include <stddef.h>
#include <stdio.h>

static int a[12][64], ring[12][256];

int main(int argc, char **argv) {
  (void)argv;
  unsigned char head = (unsigned char)(249 + argc), tail = 4;
#pragma lsc parallel for
  for (int i = 0; i < 12; i++)
    for (size_t j = 0; j < 64; j++)
      a[i][j] = (int)(i * 100 + j);
#pragma lsc parallel for out(ring[i : 1][0 : 256])
  for (int i = 0; i < 12; i++)
    for (unsigned char j = head; j != tail; j++)
      ring[i][j] = i * 1000 + j;
  long s = 0;
  for (int i = 0; i < 12; i++) {
    for (int j = 0; j < 64; j++)
      s = (s * 7 + a[i][j]) % 1000003;
    for (int j = 0; j < 256; j++)
      s = (s * 7 + ring[i][j]) % 1000003;
  }
  printf("%ld %d %d %d\n", s, ring[5][255], ring[5][3], ring[5][4]);
  return 0;
}
