// Loops that are not a pipelined nest of the accepted shape: each refused at the cause. Nothing is written.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: test ! -e %t.out
#define N 16
static double a[N][N], x[N];
static int next(void);
// depth 1: nothing to synchronize along
void depth_one(void) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    x[i] = x[i - 1] + 1.0;
}
// a statement beside the inner loop: not a perfect nest
void imperfect(void) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++) {
    a[i][0] = 0.0;
    for (int j = 1; j < N; j++)
      a[i][j] = a[i - 1][j];
  }
}
// two inner loops
void two_inner_loops(void) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++) {
    for (int j = 1; j < N; j++)
      a[i][j] = a[i - 1][j];
    for (int j = 1; j < N; j++)
      a[i][j] += 1.0;
  }
}
// the inner bound depends on the outer index
void triangle(void) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < i; j++)
      a[i][j] = a[i - 1][j];
}
// the inner bound is evaluated once: no calls
void called_bound(void) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < next(); j++)
      a[i][j] = a[i - 1][j];
}
// break ends a row early
void break_row(void) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++) {
      if (a[i - 1][j] < 0)
        break;
      a[i][j] = a[i - 1][j];
    }
}
// distances are counted in iterations: the step must be known
void symbolic_step(int s) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i += s)
    for (int j = 0; j < N; j++)
      a[i][j] = a[i - 1][j];
}
// the inner bound changes inside the nest
void bound_written(void) {
  int m = N;
#pragma lsc pipeline for private(m)
  for (int i = 1; i < N; i++)
    for (int j = 0; j < m; j++) {
      a[i][j] = a[i - 1][j];
      m = N - 1;
    }
}
// the synchronization loop must be canonical too
void noncanonical_inner(void) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 0; j * j < N; j++)
      a[i][j] = a[i - 1][j];
}
// and have a constant step
void inner_symbolic_step(int s) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j += s)
      a[i][j] = a[i - 1][j];
}

// the row function computes j for every column
void inner_iv_written(void) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = a[i - 1][j];
      j += 1;
    }
}

// the inner range must be affine: the row function's columns and the slices come from it
void divided_bound(int n) {
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < n / 2; j++)
      a[i][j] = a[i - 1][j];
}

// ERR: {{.*}}refuse_nest.c:[[@LINE-96]]:3: error: '#pragma lsc pipeline for' needs a nest of at least two loops; the body of the 'i' loop is not a 'for' loop
// ERR-NEXT:   for (int i = 1; i < N; i++)
// ERR-NEXT:   ^
// ERR-NEXT: {{.*}}refuse_nest.c:[[@LINE-92]]:5: error: the nest is not perfectly nested: the body of the 'i' loop must be a single 'for' loop, with nothing beside it
// ERR-NEXT:     a[i][0] = 0.0;
// ERR-NEXT:     ^
// ERR-NEXT: {{.*}}refuse_nest.c:[[@LINE-94]]:5: note: the synchronization loop is here
// ERR-NEXT:     for (int j = 1; j < N; j++)
// ERR-NEXT:     ^
// ERR-NEXT: {{.*}}refuse_nest.c:[[@LINE-87]]:5: error: the nest is not perfectly nested: the body of the 'i' loop must be a single 'for' loop, with nothing beside it
// ERR-NEXT:     for (int j = 1; j < N; j++)
// ERR-NEXT:     ^
// ERR-NEXT: {{.*}}refuse_nest.c:[[@LINE-92]]:5: note: the synchronization loop is here
// ERR-NEXT:     for (int j = 1; j < N; j++)
// ERR-NEXT:     ^
// ERR-NEXT: {{.*}}refuse_nest.c:[[@LINE-85]]:25: error: the bounds of the synchronization loop must not depend on 'i': a pipelined nest is a rectangle of rows and columns
// ERR-NEXT:     for (int j = 0; j < i; j++)
// ERR-NEXT:                         ^
// ERR-NEXT: {{.*}}refuse_nest.c:[[@LINE-81]]:25: error: the bounds of the synchronization loop are evaluated once, before the nest; they must not have side effects or call functions
// ERR-NEXT:     for (int j = 0; j < next(); j++)
// ERR-NEXT:                         ^
// ERR-NEXT: {{.*}}refuse_nest.c:[[@LINE-75]]:9: error: 'break' would leave the synchronization loop early; a pipelined row runs every column
// ERR-NEXT:         break;
// ERR-NEXT:         ^
// ERR-NEXT: {{.*}}refuse_nest.c:[[@LINE-71]]:31: error: the step of the 'i' loop must be an integer constant in a pipelined nest
// ERR-NEXT:   for (int i = 1; i < N; i += s)
// ERR-NEXT:                               ^
// ERR-NEXT: {{.*}}refuse_nest.c:[[@LINE-65]]:25: error: the bounds of the synchronization loop must not change inside the nest
// ERR-NEXT:     for (int j = 0; j < m; j++) {
// ERR-NEXT:                         ^
// ERR-NEXT: {{.*}}refuse_nest.c:[[@LINE-59]]:21: error: the loop condition must compare 'j' with '<', '<=', '>', '>=' or '!='
// ERR-NEXT:     for (int j = 0; j * j < N; j++)
// ERR-NEXT:                     ^
// ERR-NEXT: {{.*}}refuse_nest.c:[[@LINE-55]]:33: error: the step of the 'j' loop must be an integer constant in a pipelined nest
// ERR-NEXT:     for (int j = 0; j < N; j += s)
// ERR-NEXT:                                 ^
// ERR-NEXT: {{.*}}refuse_nest.c:[[@LINE-48]]:7: error: the induction variable 'j' is modified in the loop body
// ERR-NEXT:       j += 1;
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}refuse_nest.c:[[@LINE-43]]:25: error: the bounds of the synchronization loop must be affine in loop-invariant integers
// ERR-NEXT:     for (int j = 0; j < n / 2; j++)
// ERR-NEXT:                         ^
// ERR-NEXT: 12 errors generated.
