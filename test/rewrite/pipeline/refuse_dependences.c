// Pipelined nests whose dependences the pipeline cannot run: each is refused at the access, with the
// write in a note (and the distance when there is one). Nothing is written.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: test ! -e %t.out
#define N 16
static double a[N][2 * N], b[N][N], c[4 * N], e[N][N + 1], f[N], g[N][N], h[N][N], p[N][N], q[N + 1][N];
static int idx[N];
// a[i][2*j] against a[i-1][j]: other coefficients of j
void nonuniform(void) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][2 * j] = a[i - 1][j];
}
// b[i][j] against b[j][i]: no constant distance
void transpose(void) {
#pragma lsc pipeline for
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      b[i][j] = b[j][i] + 1.0;
}
// a[i + j]: rows overlap (the distances form a line)
void wavefront_1d(void) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      c[i + j] = c[i + j - 1] * 0.5;
}
// two iterations write one element: the returned rows and boundary cells cannot order them
void output_dependence(void) {
#pragma lsc pipeline for
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      e[i][j] = 1.0;
      e[i][j + 1] = 2.0;
    }
}
// every column of a row writes f[i]
void row_sum(void) {
#pragma lsc pipeline for
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      f[i] = f[i] + g[i][j];
}
// a write through a subscript that is not affine
void indirect_write(void) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      h[i][idx[j]] = h[i - 1][j];
}
// a read of a written array through a subscript that is not affine
void indirect_read(void) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      p[i][j] = p[i - 1][idx[j]];
}
// rows i and i+1 both write row i+1 (an output dependence (1, 0))
void rows_overlap(void) {
#pragma lsc pipeline for
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      q[i][j] = 0.0;
      q[i + 1][j] = 1.0;
    }
}
// j + n: the distance depends on n
void symbolic_distance(int n) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N / 2; j++)
      b[i][j] = b[i - 1][j + n];
}

// flattened indexing: one subscript, one equation for two distances
static double flat[N * N];
void flattened(void) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      flat[i * N + j] = flat[(i - 1) * N + j];
}
// ... and with a run-time row length the coefficient of i is not even a constant
void flattened_pointer(int m, double *p) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < m; j++)
      p[i * m + j] = p[(i - 1) * m + j];
}

// ERR: {{.*}}refuse_dependences.c:[[@LINE-79]]:21: error: non-uniform dependence: subscript 2 of 'a' has other coefficients of 'i' and 'j' here than at the write, so the distance between the iterations that touch an element is not constant
// ERR-NEXT:       a[i][2 * j] = a[i - 1][j];
// ERR-NEXT:                     ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-82]]:7: note: 'a' is written here
// ERR-NEXT:       a[i][2 * j] = a[i - 1][j];
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-78]]:17: error: non-uniform dependence: subscript 1 of 'b' has other coefficients of 'i' and 'j' here than at the write, so the distance between the iterations that touch an element is not constant
// ERR-NEXT:       b[i][j] = b[j][i] + 1.0;
// ERR-NEXT:                 ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-81]]:7: note: 'b' is written here
// ERR-NEXT:       b[i][j] = b[j][i] + 1.0;
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-77]]:7: error: different rows of the nest write common elements of 'c', or elements that interleave; lsc returns each row's writes as one range
// ERR-NEXT:       c[i + j] = c[i + j - 1] * 0.5;
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-72]]:7: error: two iterations of the nest at distance (0, 1) write the same element of 'e'; a pipelined nest must write each element in one iteration
// ERR-NEXT:       e[i][j + 1] = 2.0;
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-76]]:7: note: 'e' is also written here
// ERR-NEXT:       e[i][j] = 1.0;
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-70]]:7: error: cannot prove that different iterations of the nest write different elements of 'f': the iterations whose writes could meet are not at a constant distance
// ERR-NEXT:       f[i] = f[i] + g[i][j];
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-66]]:7: error: cannot tell which elements of 'h' this write touches (the subscript is not affine in the nest's loop variables); a pipelined nest needs exact subscripts
// ERR-NEXT:       h[i][idx[j]] = h[i - 1][j];
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-62]]:17: error: cannot tell which elements of 'p' are read here (the subscript is not affine in 'i' and 'j' with constant coefficients); a pipelined nest needs exact subscripts for the arrays it writes
// ERR-NEXT:       p[i][j] = p[i - 1][idx[j]];
// ERR-NEXT:                 ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-65]]:7: note: 'p' is written here
// ERR-NEXT:       p[i][j] = p[i - 1][idx[j]];
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-61]]:7: error: different rows of the nest write common elements of 'q', or elements that interleave; lsc returns each row's writes as one range
// ERR-NEXT:       q[i][j] = 0.0;
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-55]]:17: error: the iterations of the nest that touch the same element of 'b' here and at the write are not at a constant distance
// ERR-NEXT:       b[i][j] = b[i - 1][j + n];
// ERR-NEXT:                 ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-58]]:7: note: 'b' is written here
// ERR-NEXT:       b[i][j] = b[i - 1][j + n];
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-52]]:7: error: cannot prove that different iterations of the nest write different elements of 'flat': the iterations whose writes could meet are not at a constant distance
// ERR-NEXT:       flat[i * N + j] = flat[(i - 1) * N + j];
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-55]]:7: note: a subscript that combines 'i' and 'j' (flattened indexing) gives one equation for two distances; write one subscript per dimension, as in 'flat[i][j]'
// ERR-NEXT:       flat[i * N + j] = flat[(i - 1) * N + j];
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}refuse_dependences.c:[[@LINE-51]]:7: error: cannot tell which elements of 'p' are written here (the subscript is not affine in 'i' and 'j' with constant coefficients); a pipelined nest needs exact subscripts for the arrays it writes
// ERR-NEXT:       p[i * m + j] = p[(i - 1) * m + j];
// ERR-NEXT:       ^
// ERR-NEXT: 11 errors generated.
