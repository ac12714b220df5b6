#include <stdio.h>
int main(void) {
  int a[4];
#pragma lsc parallel for
  for (int i = 0; i < 4; i++) {
    a[i] = i;
    printf("%d\n", i);
  }
  return a[0];
}
