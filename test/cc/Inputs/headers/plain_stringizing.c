#include "pragma_macro.h"
int b[64];
void fill_plain(void) {
  DO_PRAGMA(GCC ivdep)
  for (int i = 0; i < 64; i++)
    b[i] = i;
}
