#pragma once
#pragma omp parallel for
#pragma lscx parallel for
#pragma GCC lsc
int a[4]; /* lsc */
int x = 1; # pragma lsc is not a directive after other tokens on the line (not valid C either way)
