/* `last` carries a value from one iteration to the next (it is not a declared reduction): lsc-rewrite refuses the loop. */
#include <stdio.h>

int main(void) {
  int last = 0;
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    last ^= i;
  printf("%d\n", last);
  return 0;
}
