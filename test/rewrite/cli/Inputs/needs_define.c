#include "sizes.h"
static double v[SIZE];
int main(void) {
#pragma lsc parallel for
  for (int i = 0; i < SIZE; i++)
    v[i] = i;
  return (int)v[1];
}
