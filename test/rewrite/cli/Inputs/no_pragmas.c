/* A file without lsc pragmas: the rewriter must hand it back byte for byte, tabs included. */
#include <stdio.h>
#pragma once_upon_a_time
#define LSC_NOT_A_PRAGMA "#pragma lsc parallel for"
int main(void) {
	// #pragma lsc parallel for   (a comment, not a pragma)
#if 0
#pragma lsc parallel for
#endif
  for (int i = 0; i < 3; i++)
    printf("%d %s\n", i, LSC_NOT_A_PRAGMA);
  return 0;
}
