/* Loops marked inside a header: lsc-rewrite rewrites only the file it is given. */
#ifndef HEADER_PRAGMA_H
#define HEADER_PRAGMA_H
#define HEADER_PAR _Pragma("lsc parallel for")
static inline void scale(double *v, int n) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    v[i] *= 2;
}
static inline void shift(double *v, int n) {
  HEADER_PAR
  for (int i = 0; i < n; i++)
    v[i] += 1;
}
#endif
