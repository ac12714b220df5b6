/* A whole program without lsc pragmas: built through lsc-cc it must behave exactly as built by cc. */
#include <stdio.h>

int plain_twice(int x);

int main(void) {
  long total = 0;
  for (int i = 0; i < 1000; i++)
    total += plain_twice(i);
  printf("plain: total %ld\n", total);
  return 0;
}
