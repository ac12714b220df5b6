#include <marked.h>
#include <stdio.h>
int main(void) {
  double v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  double_all(v, 8);
  printf("%g\n", v[7]);
  return 0;
}
