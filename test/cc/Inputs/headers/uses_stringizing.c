#include "pragma_macro.h"
int a[64];
void fill(void) {
  DO_PRAGMA(lsc parallel for)
  for (int i = 0; i < 64; i++)
    a[i] = i;
}
