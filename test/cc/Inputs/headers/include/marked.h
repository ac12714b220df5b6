/* A loop marked in a header: the including file cannot be compiled as it is. */
static inline void double_all(double *v, int n) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    v[i] *= 2;
}
