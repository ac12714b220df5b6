// macros: a stencil written with function-like macros everywhere, as suites that build one source for
// several precisions and bound styles do: loop bounds through LOOP_BOUND(constant, variable) (the constant
// by default, PolyBench's choice; -DSCALAR_LB picks the run-time variable), flattened subscripts through
// IDX(i, j), the scalar type's literals through SV(...), and each body's last statement ends in a macro.
// All three loops are DOALL; the last one's unbraced body ends in a macro.
// RUN: %corpus-run %s %t
#include <stdio.h>

#define NI 40
#define NJ 50
#ifdef SCALAR_LB
#define LOOP_BOUND(x, y) y
#else
#define LOOP_BOUND(x, y) x
#endif
#define DATA_TYPE double
#define SV(x) ((DATA_TYPE)(x))
#define IDX(i, j) ((i)*NJ + (j))
#define SQUARE(x) ((x) * (x))

int ni = NI, nj = NJ;
static DATA_TYPE a[NI * NJ], b[NI * NJ];

static void init(void) {
  int i, j;
  for (i = 0; i < LOOP_BOUND(NI, ni); i++)
    for (j = 0; j < LOOP_BOUND(NJ, nj); j++)
      a[IDX(i, j)] = SV(i * j % 11) / SV(7.0);
}

static void kernel(void) {
  int i;
#pragma lsc parallel for
  for (i = 0; i < LOOP_BOUND(NI, ni); i++) {
    int j;
    for (j = 0; j < LOOP_BOUND(NJ, nj); j++)
      b[IDX(i, j)] = SQUARE(a[IDX(i, j)]) / SV(9.0);
  }
#pragma lsc parallel for
  for (i = 1; i < LOOP_BOUND(NI, ni) - 1; i++) {
    int j;
    for (j = 0; j < LOOP_BOUND(NJ, nj); j++)
      a[IDX(i, j)] = (b[IDX(i - 1, j)] + b[IDX(i + 1, j)]) / SV(2.0);
  }
#pragma lsc parallel for
  for (i = 0; i < NI * NJ; i++)
    b[i] = b[i] * SV(0.5) + a[i] / SV(9.0);
}

int main(void) {
  int i, j;
  init();
  kernel();
  for (i = 0; i < NI; i++) {
    for (j = 0; j < NJ; j++)
      printf("%.17g %.17g ", a[IDX(i, j)], b[IDX(i, j)]);
    printf("\n");
  }
  return 0;
}
