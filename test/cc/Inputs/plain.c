/* No lsc pragma: lsc-cc must hand this file to the compiler untouched. */
#include <stdio.h>

int plain_twice(int x) { return 2 * x; }
