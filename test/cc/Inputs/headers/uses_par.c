#include "par.h"
#include <stdio.h>
int main(void) {
  long v[1000];
  PAR
  for (int i = 0; i < 1000; i++)
    v[i] = (long)i * i;
  long s = 0;
  for (int i = 0; i < 1000; i++)
    s += v[i] % 97;
  printf("sum %ld\n", s);
  return 0;
}
